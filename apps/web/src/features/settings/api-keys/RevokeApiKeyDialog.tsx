import type { ApiKey } from '@adtwin/shared';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ApiError } from '@/lib/api-client';
import { useRevokeApiKey } from './mutations';

/** Asks once more, then revokes: scripts using the key are refused from then on. */
export function RevokeApiKeyDialog({
  apiKey,
  onClose,
}: {
  /** The key to revoke; null keeps the dialog closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const revokeKey = useRevokeApiKey();
  const isRevoking = revokeKey.isPending;

  function revoke(key: ApiKey) {
    revokeKey.mutate(key.id, {
      onSuccess: () => {
        toast.success(`“${key.name}” was revoked`);
        onClose();
      },
      onError: (error) => {
        // Already gone (revoked in another tab): the list below catches up either way.
        if (error instanceof ApiError && error.status === 404) onClose();
        else toast.error('The key could not be revoked. Please try again.');
      },
    });
  }

  return (
    <Dialog
      isOpen={apiKey !== null}
      onOpenChange={(isOpen) => !isOpen && !isRevoking && onClose()}
      title="Revoke this API key?"
      description={
        apiKey
          ? `Scripts using “${apiKey.name}” stop working at once, and its webhook stops. This cannot be undone.`
          : undefined
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={isRevoking} onClick={onClose}>
          Keep the key
        </Button>
        <Button variant="danger" isLoading={isRevoking} onClick={() => apiKey && revoke(apiKey)}>
          Revoke key
        </Button>
      </div>
    </Dialog>
  );
}
