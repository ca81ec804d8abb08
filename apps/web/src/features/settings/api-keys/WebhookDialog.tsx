import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import { API_KEY_MESSAGES, type ApiKey } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/TextField';
import { ApiError } from '@/lib/api-client';
import { useRemoveWebhook, useSetWebhook } from './mutations';
import { OnceOnlyNotice } from './OnceOnlyNotice';
import { SecretField } from './SecretField';
import { isWebAddress } from './webhook-url';

/**
 * A key's webhook: the address each finished or failed generation it started is posted to. Saving
 * shows the signing secret this once; remove stops the posts. Give it a `key` per API key.
 */
export function WebhookDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const [url, setUrl] = useState(apiKey?.webhookUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const saveWebhook = useSetWebhook();
  const removeWebhook = useRemoveWebhook();
  const busy = saveWebhook.isPending ? 'saving' : removeWebhook.isPending ? 'removing' : null;

  function save(event: FormEvent, key: ApiKey) {
    event.preventDefault();
    if (!isWebAddress(url)) {
      setError(API_KEY_MESSAGES.webhookUrlInvalid);
      return;
    }
    saveWebhook.mutate(
      { id: key.id, url: url.trim() },
      {
        onSuccess: (saved) => setSecret(saved.secret),
        onError: (caught) =>
          setError(
            caught instanceof ApiError && caught.status === 400
              ? caught.message
              : 'The webhook could not be saved. Please try again.',
          ),
      },
    );
  }

  function remove(key: ApiKey) {
    removeWebhook.mutate(key.id, {
      onSuccess: () => {
        toast.success('Webhook removed');
        onClose();
      },
      onError: () => toast.error('The webhook could not be removed. Please try again.'),
    });
  }

  return (
    <Dialog
      isOpen={apiKey !== null}
      onOpenChange={(isOpen) => !isOpen && busy === null && onClose()}
      title={secret ? 'Webhook saved' : 'Webhook'}
      description={
        secret
          ? 'Each request carries an Adtwin-Signature header, t=<seconds>,v1=<HMAC-SHA256 of “t.body” with this secret>, as Stripe signs its webhooks. Check it before trusting a request.'
          : `Adtwin posts each finished or failed generation started with “${apiKey?.name ?? ''}” to this address, and retries with a growing pause when it does not answer 2xx.`
      }
    >
      {apiKey && secret ? (
        <>
          <SecretField label="Signing secret" value={secret} />
          <OnceOnlyNotice>
            Copy the signing secret now: you will not see it again. Saving the address again makes a
            new secret.
          </OnceOnlyNotice>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </>
      ) : apiKey ? (
        <form className="flex flex-col gap-3" onSubmit={(event) => save(event, apiKey)} noValidate>
          <TextField
            label="Webhook address"
            type="url"
            inputMode="url"
            placeholder="https://example.com/adtwin-webhook"
            maxLength={2000}
            value={url}
            autoFocus
            error={error}
            onChange={(event) => {
              setUrl(event.target.value);
              setError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
            {apiKey.webhookUrl && (
              <Button
                variant="ghost"
                className="text-danger sm:mr-auto"
                isLoading={busy === 'removing'}
                disabled={busy !== null}
                onClick={() => remove(apiKey)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove webhook
              </Button>
            )}
            <Button
              variant="ghost"
              className="sm:ml-auto"
              disabled={busy !== null}
              onClick={onClose}
            >
              Cancel
            </Button>
            <Button type="submit" isLoading={busy === 'saving'} disabled={busy !== null}>
              Save webhook
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
