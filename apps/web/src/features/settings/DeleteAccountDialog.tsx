import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { DELETE_ACCOUNT_MESSAGES } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { api, ApiError, readJson } from '@/lib/api-client';

/** Asks once more, then deletes; an active subscription is refused with the spec's text. */
export function DeleteAccountDialog({
  isOpen,
  onOpenChange,
  onDeleted,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onDeleted: () => void;
}) {
  const deletion = useMutation({
    mutationFn: () => readJson(api.me.$delete()),
    onMutate: () => toast.loading(DELETE_ACCOUNT_MESSAGES.progress),
    onSuccess: (_reply, _variables, progress) => {
      toast.success(DELETE_ACCOUNT_MESSAGES.deleted, { id: progress });
      onOpenChange(false);
      onDeleted();
    },
    onError: (error, _variables, progress) => {
      toast.error(
        error instanceof ApiError && error.code === 'active_subscription'
          ? DELETE_ACCOUNT_MESSAGES.activeSubscription
          : DELETE_ACCOUNT_MESSAGES.failed,
        { id: progress },
      );
      onOpenChange(false);
    },
  });
  const isDeleting = deletion.isPending;

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(next) => !isDeleting && onOpenChange(next)}
      title="Delete your account?"
      description="Your designs, uploads, templates and avatar are deleted for good. This cannot be undone."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={isDeleting} onClick={() => onOpenChange(false)}>
          Keep my account
        </Button>
        <Button variant="danger" isLoading={isDeleting} onClick={() => deletion.mutate()}>
          Delete Account
        </Button>
      </div>
    </Dialog>
  );
}
