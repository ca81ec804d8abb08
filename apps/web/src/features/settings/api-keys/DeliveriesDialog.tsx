import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import type { ApiKey, WebhookDelivery, WebhookDeliveryStatus } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { countOf } from '@adtwin/shared';
import { fetchDeliveries } from './api';
import { describeExactly, describeWhen } from './relative-time';
import { queryKeys } from '@/lib/query-keys';

const STATUS: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  delivered: { label: 'Delivered', className: 'bg-success/15 text-success' },
  pending: { label: 'Retrying', className: 'bg-warning-soft text-warning' },
  failed: { label: 'Failed', className: 'bg-danger-soft text-danger' },
};

/** The key's webhook log, newest first; it refreshes itself while a delivery is being retried. */
export function DeliveriesDialog({
  apiKey,
  onClose,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const deliveries = useQuery({
    queryKey: queryKeys.apiKeyDeliveries(apiKey?.id ?? 'none'),
    queryFn: () => fetchDeliveries(apiKey!.id),
    enabled: apiKey !== null,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 5000 : false,
  });

  return (
    <Dialog
      isOpen={apiKey !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Webhook deliveries"
      description={
        apiKey
          ? `The latest posts to the webhook of “${apiKey.name}”${apiKey.webhookUrl ? `: ${apiKey.webhookUrl}` : ' (no webhook set)'}.`
          : undefined
      }
      className="sm:max-w-2xl"
    >
      {deliveries.isPending ? (
        <ul className="flex flex-col gap-2" aria-busy="true" aria-label="Loading deliveries">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        </ul>
      ) : deliveries.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 text-sm text-danger"
        >
          The deliveries could not be loaded.
          <Button variant="secondary" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        </div>
      ) : deliveries.data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted">
          <Inbox className="size-8" aria-hidden="true" />
          <p className="font-medium text-fg">No deliveries yet</p>
          <p>
            {apiKey?.webhookUrl
              ? 'Each generation this key starts is posted to the webhook once it finishes or fails, and listed here.'
              : 'Set a webhook first: each generation this key starts is then posted to it once it finishes or fails, and listed here.'}
          </p>
        </div>
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
          aria-label="Deliveries"
        >
          {deliveries.data.items.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const status = STATUS[delivery.status];
  const answer =
    delivery.lastStatusCode !== null
      ? `HTTP ${delivery.lastStatusCode}`
      : delivery.status === 'pending' && delivery.attempts === 0
        ? 'Not sent yet'
        : null;
  return (
    <li className="flex flex-col gap-1 p-3 text-sm" data-testid="delivery">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-xs text-fg">{delivery.event}</code>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', status.className)}>
          {status.label}
        </span>
        <time
          dateTime={delivery.createdAt}
          title={describeExactly(delivery.createdAt)}
          className="ml-auto text-xs text-muted"
        >
          {describeWhen(delivery.createdAt)}
        </time>
      </div>
      <p className="text-xs text-muted">
        {countOf(delivery.attempts, 'attempt')}
        {answer && ` · ${answer}`}
        {delivery.deliveredAt && ` · delivered ${describeWhen(delivery.deliveredAt)}`}
      </p>
      {delivery.lastError && (
        <p className="text-xs break-words text-danger">{delivery.lastError}</p>
      )}
    </li>
  );
}
