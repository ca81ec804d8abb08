import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ApiError } from '@/lib/api-client';
import { revokeApiKey, type ApiKey } from './api';
import { queryKeys } from '@/lib/query-keys';

/** Asks once more, then revokes: scripts using the key are refused from then on. */
export function RevokeApiKeyDialog({
  apiKey,
  onClose,
}: {
  /** The key to revoke; null keeps the dialog closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [isRevoking, setIsRevoking] = useState(false);

  async function revoke(key: ApiKey) {
    setIsRevoking(true);
    try {
      await revokeApiKey(key.id);
      toast.success(`“${key.name}” was revoked`);
      onClose();
    } catch (error) {
      // Already gone (revoked in another tab): the list below catches up either way.
      if (error instanceof ApiError && error.status === 404) onClose();
      else toast.error('The key could not be revoked. Please try again.');
    } finally {
      setIsRevoking(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    }
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
        <Button
          variant="danger"
          isLoading={isRevoking}
          onClick={() => apiKey && void revoke(apiKey)}
        >
          Revoke key
        </Button>
      </div>
    </Dialog>
  );
}
