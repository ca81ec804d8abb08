import type { ApiKey } from '@adtwin/shared';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, KeyRound, Plus, ScrollText, Trash2, Webhook } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { fetchApiKeys } from './api';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { DeliveriesDialog } from './DeliveriesDialog';
import { describeExactly, describeWhen } from './relative-time';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog';
import { WebhookDialog } from './WebhookDialog';
import { queryKeys } from '@/lib/query-keys';

type OpenDialog = { kind: 'webhook' | 'deliveries' | 'revoke'; key: ApiKey } | null;

/** Settings > API keys: the keys a person's own scripts use, their webhooks and delivery logs. */
export function ApiKeysSection() {
  const keys = useQuery({ queryKey: queryKeys.apiKeys, queryFn: fetchApiKeys });
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  const openFor = (kind: NonNullable<OpenDialog>['kind']) =>
    open?.kind === kind ? open.key : null;

  return (
    <section
      aria-labelledby="api-keys-heading"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="api-keys-heading" className="text-lg font-semibold">
            API keys
          </h2>
          <p className="text-sm text-muted">
            Let your own scripts create images through the Adtwin API. A key acts as you, with your
            credits and plan.{' '}
            <a
              href="/api/docs"
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-accent underline-offset-2 hover:underline"
            >
              API reference
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        </div>
        <Button className="shrink-0" onClick={() => setIsCreateOpen(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Create API key
        </Button>
      </div>

      {keys.isPending ? (
        <ul className="flex flex-col gap-2" aria-busy="true" aria-label="Loading API keys">
          {[0, 1].map((index) => (
            <li key={index}>
              <Skeleton className="h-20 w-full" />
            </li>
          ))}
        </ul>
      ) : keys.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-4 text-sm text-danger"
        >
          Your API keys could not be loaded.
          <Button variant="secondary" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </div>
      ) : keys.data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
          <KeyRound className="size-8" aria-hidden="true" />
          <p className="font-medium text-fg">No API keys yet</p>
          <p>Create one to upload products and start images from your own code.</p>
        </div>
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
          aria-label="Your API keys"
        >
          {keys.data.items.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} onOpen={(kind) => setOpen({ kind, key })} />
          ))}
        </ul>
      )}

      <CreateApiKeyDialog isOpen={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <WebhookDialog key={openFor('webhook')?.id} apiKey={openFor('webhook')} onClose={close} />
      <DeliveriesDialog apiKey={openFor('deliveries')} onClose={close} />
      <RevokeApiKeyDialog apiKey={openFor('revoke')} onClose={close} />
    </section>
  );
}

function ApiKeyRow({
  apiKey,
  onOpen,
}: {
  apiKey: ApiKey;
  onOpen: (kind: NonNullable<OpenDialog>['kind']) => void;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-center" data-testid="api-key">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium">{apiKey.name}</p>
          <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">
            {apiKey.start}…
          </code>
        </div>
        <p className="text-xs text-muted">
          Created{' '}
          <time dateTime={apiKey.createdAt} title={describeExactly(apiKey.createdAt)}>
            {describeWhen(apiKey.createdAt)}
          </time>
          {' · '}
          {apiKey.lastUsedAt ? (
            <>
              Last used{' '}
              <time dateTime={apiKey.lastUsedAt} title={describeExactly(apiKey.lastUsedAt)}>
                {describeWhen(apiKey.lastUsedAt)}
              </time>
            </>
          ) : (
            'Never used'
          )}
        </p>
        <p className="truncate text-xs text-muted" title={apiKey.webhookUrl ?? undefined}>
          {apiKey.webhookUrl ? `Webhook: ${apiKey.webhookUrl}` : 'No webhook'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="h-9 px-3"
          aria-label={`Webhook of ${apiKey.name}`}
          onClick={() => onOpen('webhook')}
        >
          <Webhook className="size-4" aria-hidden="true" />
          Webhook
        </Button>
        <Button
          variant="secondary"
          className="h-9 px-3"
          aria-label={`Deliveries of ${apiKey.name}`}
          onClick={() => onOpen('deliveries')}
        >
          <ScrollText className="size-4" aria-hidden="true" />
          Deliveries
        </Button>
        <Button
          variant="ghost"
          className="h-9 px-3 text-danger"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => onOpen('revoke')}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  );
}
