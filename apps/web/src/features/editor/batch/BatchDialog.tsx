import { useState } from 'react';
import { Link } from 'react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { CircleAlert, Download, ExternalLink, Layers } from 'lucide-react';
import {
  DOWNLOAD_MESSAGES,
  MAX_BATCH_TEMPLATES,
  isPaidTier,
  type Batch,
  type ImageSize,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useCredits } from '@/lib/account';
import { ApiError } from '@/lib/api-client';
import { variantUrl } from '@/lib/image-url';
import { saveBlob } from '@/lib/save-blob';
import {
  describeStartFailure,
  downloadUrl,
  fetchGeneration,
  refreshCredits,
  type Generation,
  type UploadedImage,
} from '@/features/generation';
import { TemplateChecklist } from '../TemplateBrowser';
import { batchItemState, summariseBatch, type BatchItemState } from './batch-progress';
import { describeBatchCost, toggleBatchPick, type BatchPick } from './batch-selection';
import { BatchDownloadError, batchZipName, buildBatchZip } from './batch-zip';
import { useStartBatch } from './mutations';
import { queryKeys } from '@/lib/query-keys';

type Run = { picks: readonly BatchPick[]; batch: Batch };

/**
 * "Use in several templates": tick up to 20 official templates, start them in one batch, then
 * watch each tile fill with its result and download them all as one zip.
 */
export function BatchDialog({
  isOpen,
  onOpenChange,
  product,
  size,
  replacements,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  product: UploadedImage | null;
  size: ImageSize;
  replacements: { toReplace: string; replacement: string }[];
}) {
  const { data: credits } = useCredits();
  const creditsLeft = credits ? Math.max(0, credits.credits - credits.creditsUsed) : null;
  const [selected, setSelected] = useState<readonly BatchPick[]>([]);
  const [run, setRun] = useState<Run | null>(null);
  const batchStart = useStartBatch();
  const isStarting = batchStart.isPending;
  const [startError, setStartError] = useState<string | null>(null);
  const cost = describeBatchCost({ count: selected.length, creditsLeft });

  function close(next: boolean) {
    if (next || isStarting) return;
    onOpenChange(false);
    // A finished or running batch is not shown again; its images are in Your Designs.
    if (run) {
      setRun(null);
      setSelected([]);
    }
    setStartError(null);
  }

  async function start() {
    if (!product || selected.length === 0) return;
    setStartError(null);
    try {
      const picks = selected;
      const batch = await batchStart.mutateAsync({
        productUploadId: product.id,
        templateIds: picks.map((pick) => pick.id),
        size,
        replacements,
      });
      setRun({ picks, batch });
    } catch (error) {
      const failure = describeStartFailure(error);
      setStartError(
        failure.kind === 'upgrade'
          ? `${failure.feature} needs a paid plan or more credits.`
          : failure.message,
      );
    }
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title={run ? 'Your batch' : 'Use in several templates'}
      description={
        run
          ? 'Each template fills with its result as it finishes. They are saved to Your Designs too, so closing this loses nothing.'
          : `Your product goes into each template you tick, in the same size and with the same text replacements. One credit per image, up to ${MAX_BATCH_TEMPLATES} templates.`
      }
      // The picker fills the height so its list scrolls; the grid takes what it needs.
      className={run ? 'sm:max-w-4xl' : 'h-[90dvh] sm:max-w-4xl'}
    >
      {run ? (
        <BatchRun run={run} productName={product?.name ?? null} onClose={() => close(false)} />
      ) : (
        <>
          <TemplateChecklist
            selected={selected}
            max={MAX_BATCH_TEMPLATES}
            onToggle={(pick) => setSelected((current) => toggleBatchPick(current, pick))}
          />
          <div className="flex flex-col gap-2 border-t border-border pt-3">
            <p className="text-sm font-medium" aria-live="polite" data-testid="batch-cost">
              {cost.summary}
            </p>
            {cost.warning && <p className="text-sm text-warning">{cost.warning}</p>}
            {startError && (
              <p role="alert" className="rounded-lg bg-danger-soft p-2.5 text-sm text-danger">
                {startError}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" disabled={isStarting} onClick={() => close(false)}>
                Cancel
              </Button>
              <Button
                disabled={selected.length === 0 || !product}
                isLoading={isStarting}
                onClick={() => void start()}
              >
                <Layers className="size-4" aria-hidden="true" />
                {selected.length > 1 ? `Create ${selected.length} images` : 'Create 1 image'}
              </Button>
            </div>
          </div>
        </>
      )}
    </Dialog>
  );
}

const isSettled = (generation: Generation | undefined) =>
  generation?.status === 'done' || generation?.status === 'failed';

function BatchRun({
  run,
  productName,
  onClose,
}: {
  run: Run;
  productName: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { data: credits } = useCredits();
  const [isZipping, setIsZipping] = useState(false);
  const items = run.batch.items.map((item, position) => ({
    ...item,
    position,
    template: run.picks.find((pick) => pick.id === item.templateId) ?? null,
  }));
  // Polled, not streamed: a browser holds at most six connections to one server, and twenty
  // event streams would leave none for the images and the zip.
  const generations = useQueries({
    queries: items.map((item) => ({
      queryKey: queryKeys.batchGeneration(item.generationId),
      queryFn: () => fetchGeneration(item.generationId!),
      enabled: item.generationId !== null,
      refetchInterval: (query: { state: { data: Generation | undefined; error: unknown } }) =>
        isSettled(query.state.data) ||
        (query.state.error instanceof ApiError && query.state.error.status < 500)
          ? false
          : 2000,
    })),
  });
  const states = items.map((item, index) =>
    batchItemState(item.generationId, generations[index]?.data?.status),
  );
  const summary = summariseBatch(states);
  // Items refused for the plan (no credits left) can start after an upgrade.
  const isUpgradeNeeded = items.some((item) => item.error?.code.startsWith('upgrade_required:'));
  const [settledRefreshed, setSettledRefreshed] = useState(false);
  if (summary.isSettled && !settledRefreshed) {
    // Failed jobs were refunded: the counters change once more.
    setSettledRefreshed(true);
    refreshCredits(queryClient);
  }

  async function downloadAll() {
    const quality = isPaidTier(credits?.subscriptionTier ?? 'free') ? 'high' : 'preview';
    const ready = items.flatMap((item, index) =>
      states[index] === 'done' && item.generationId
        ? [
            {
              position: item.position,
              templateName: item.template?.name ?? `Template ${item.templateId}`,
              generationId: item.generationId,
            },
          ]
        : [],
    );
    setIsZipping(true);
    try {
      const zip = await buildBatchZip(ready, (id) =>
        fetch(downloadUrl(id, { format: 'png', quality }), { credentials: 'same-origin' }),
      );
      saveBlob(zip, batchZipName(productName));
    } catch (error) {
      toast.error(error instanceof BatchDownloadError ? error.message : DOWNLOAD_MESSAGES.failed);
    } finally {
      setIsZipping(false);
    }
  }

  return (
    <>
      <p
        className="text-sm font-medium"
        role="status"
        aria-live="polite"
        data-testid="batch-summary"
      >
        {summary.text}
      </p>
      <ul
        className="-mx-1 grid min-h-0 flex-1 auto-rows-min grid-cols-2 gap-3 overflow-y-auto px-1 pb-1 sm:grid-cols-3 md:grid-cols-4"
        aria-label="Batch results"
        data-testid="batch-grid"
        // It scrolls on its own (the buttons below stay in view), so the keyboard can reach it.
        tabIndex={0}
      >
        {items.map((item, index) => (
          <BatchTile
            key={`${item.templateId}-${item.position}`}
            name={item.template?.name ?? `Template ${item.templateId}`}
            templateImageUrl={item.template?.imageUrl ?? null}
            state={states[index]!}
            generation={generations[index]?.data}
            notStartedReason={item.error?.message ?? null}
          />
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-3 sm:flex-row sm:justify-end">
        {isUpgradeNeeded && (
          <Link
            to="/subscription"
            className="inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium text-accent hover:bg-surface-2 sm:mr-auto"
          >
            Get more credits
          </Link>
        )}
        <Button variant="ghost" onClick={onClose}>
          {summary.isSettled ? 'Done' : 'Close'}
        </Button>
        <Button
          disabled={summary.done === 0}
          isLoading={isZipping}
          onClick={() => void downloadAll()}
        >
          <Download className="size-4" aria-hidden="true" />
          {summary.isSettled || summary.done === 0
            ? 'Download all'
            : `Download the ${summary.done} ready`}
        </Button>
      </div>
    </>
  );
}

function BatchTile({
  name,
  templateImageUrl,
  state,
  generation,
  notStartedReason,
}: {
  name: string;
  templateImageUrl: string | null;
  state: BatchItemState;
  generation: Generation | undefined;
  notStartedReason: string | null;
}) {
  const activeStep = generation?.steps.find((step) => step.status === 'active');
  return (
    <li
      className="flex flex-col gap-1.5 rounded-xl border border-border bg-surface-2 p-2"
      data-testid="batch-tile"
      data-state={state}
      aria-label={`${name}: ${STATE_LABEL[state]}`}
    >
      <div className="relative flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-surface">
        {state === 'done' && generation?.result ? (
          <img
            src={variantUrl(generation.result.url, { width: 480 })}
            alt={`Result for ${name}`}
            className="size-full object-contain"
          />
        ) : (
          <>
            {templateImageUrl && (
              <img
                src={variantUrl(templateImageUrl, { width: 256 })}
                alt=""
                className="absolute inset-0 size-full object-contain opacity-25"
              />
            )}
            <div className="relative m-2 flex flex-col items-center gap-2 rounded-lg bg-surface/90 p-2 text-center text-xs shadow-sm">
              {state === 'running' ? (
                <>
                  <Spinner className="size-5 text-accent" />
                  <span className="text-muted">{activeStep?.label ?? 'Waiting for its turn…'}</span>
                </>
              ) : (
                <>
                  <CircleAlert className="size-5 text-danger" aria-hidden="true" />
                  <span className="font-medium text-danger">
                    {state === 'failed' ? 'Failed' : 'Did not start'}
                  </span>
                  <span className="text-fg">
                    {state === 'failed'
                      ? (generation?.error?.message ?? 'Its credit was refunded.')
                      : (notStartedReason ?? 'It could not start.')}
                  </span>
                </>
              )}
            </div>
          </>
        )}
      </div>
      <div className="flex items-center gap-1">
        <p className="min-w-0 flex-1 truncate text-xs font-medium" title={name}>
          {name}
        </p>
        {state === 'done' && generation && (
          <Link
            to={`/editor/view/generated/${generation.number}`}
            className="shrink-0 rounded p-1 text-muted hover:bg-surface hover:text-fg"
            aria-label={`Open the result for ${name}`}
          >
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        )}
      </div>
    </li>
  );
}

const STATE_LABEL: Record<BatchItemState, string> = {
  'not-started': 'did not start',
  running: 'creating',
  done: 'ready',
  failed: 'failed',
};
