import { useState, type FormEvent } from 'react';
import { API_KEY_NAME_MAX_LENGTH } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/TextField';
import { ApiError } from '@/lib/api-client';
import { OnceOnlyNotice } from './OnceOnlyNotice';
import { SecretField } from './SecretField';
import { useCreateApiKey } from './mutations';

/** Names a new key, then shows its secret, this once. */
export function CreateApiKeyDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const createKey = useCreateApiKey();
  const isCreating = createKey.isPending;
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  function close(next: boolean) {
    if (next || isCreating) return;
    onOpenChange(false);
    // The secret leaves the page with the dialog; nothing keeps it.
    setCreated(null);
    setName('');
    setError(null);
  }

  function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the key a name, e.g. the script or shop that will use it.');
      return;
    }
    createKey.mutate(name.trim(), {
      onSuccess: (key) => setCreated({ name: key.name, key: key.key }),
      onError: (caught) =>
        setError(
          caught instanceof ApiError && caught.status === 400
            ? caught.message
            : 'The key could not be created. Please try again.',
        ),
    });
  }

  if (created) {
    return (
      <Dialog
        isOpen={isOpen}
        onOpenChange={close}
        title="Your new API key"
        description={`“${created.name}” is ready. Send it as "Authorization: Bearer <key>".`}
      >
        <SecretField label="API key" value={created.key} />
        <OnceOnlyNotice>
          Copy it now and keep it somewhere safe: you will not see it again. If you lose it, revoke
          it and create another.
        </OnceOnlyNotice>
        <div className="flex justify-end">
          <Button onClick={() => close(false)}>Done</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Create an API key"
      description="The key acts as you: it uses your credits and sees your designs and uploads."
    >
      <form className="flex flex-col gap-3" onSubmit={create} noValidate>
        <TextField
          label="Key name"
          placeholder="e.g. Shop catalogue script"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          value={name}
          autoFocus
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={isCreating} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isCreating}>
            Create key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
