import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Columns2, House, MessageSquare, Sparkles } from 'lucide-react';
import {
  BROWSE_MESSAGES,
  IMAGE_SIZES,
  UPGRADE_FEATURES,
  isPaidTier,
  stripExtension,
  type ImageSize,
} from '@adtwin/shared';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { useAccount } from '@/lib/account';
import { readStored, writeStored } from '@/lib/local-storage';
import { usePageTitle } from '@/lib/page-title';
import { updateVisibility } from '@/features/community';
import {
  CreatingImageDialog,
  DownloadDialog,
  ImageSizePicker,
  ImageUploader,
  startSwap,
  useGenerationRun,
  type Generation,
  type UploadedImage,
} from '@/features/generation';
import { findTemplateOfResult } from './api';
import { draftKey, readDesignDraft, type DesignDraft } from './design-draft';
import { ChatPanel } from './chat/ChatPanel';
import { DesignCanvas } from './DesignCanvas';
import { VisibilityMenu, type Visibility } from './VisibilityMenu';
import { queryKeys } from '@/lib/query-keys';

/** How long the finished steps stay on screen before the result takes their place. */
const DONE_DIALOG_MS = 900;

/**
 * /design: a template image and a product image of the person's own make a new design, which
 * also becomes one of their community templates (public or private). The Chat toggle switches
 * to the chat mode.
 */
export function DesignPage() {
  usePageTitle('Design');
  const { data: account } = useAccount();
  const queryClient = useQueryClient();
  const isPaid = isPaidTier(account?.profile.subscriptionTier ?? 'free');
  // A job started here in the last 10 minutes is followed again after a reload.
  const [draft] = useState(() =>
    account ? readDesignDraft(readStored(draftKey(account.id)), Date.now()) : null,
  );
  const [isChat, setIsChat] = useState(false);
  const [template, setTemplate] = useState<UploadedImage | null>(draft?.template ?? null);
  const [product, setProduct] = useState<UploadedImage | null>(draft?.product ?? null);
  const [size, setSize] = useState<ImageSize>(draft?.size ?? IMAGE_SIZES.square);
  const [visibility, setVisibility] = useState<Visibility>(draft?.visibility ?? 'public');
  /** The community template's name; empty leaves the server's "Design <number>". */
  const [templateName, setTemplateName] = useState('');
  const [isSavingVisibility, setIsSavingVisibility] = useState(false);
  const [upgradeFeature, setUpgradeFeature] = useState<string | null>(null);
  const [result, setResult] = useState<{ generation: Generation; templateUrl: string } | null>(
    null,
  );
  const [isComparing, setIsComparing] = useState(false);
  const [download, setDownload] = useState<{ id: string; name: string } | null>(null);
  const [chatToolbar, setChatToolbar] = useState<HTMLDivElement | null>(null);

  const run = useGenerationRun({
    resumeId: draft?.generationId ?? null,
    start: async () => {
      if (!template || !product) throw new Error('Missing URLs for generation');
      const started = await startSwap({
        templateUploadId: template.id,
        productUploadId: product.id,
        size,
        visibility,
        ...(templateName.trim() ? { templateName: templateName.trim() } : {}),
      });
      if (account) {
        const saved: DesignDraft = {
          generationId: started.id,
          template,
          product,
          size,
          visibility,
          savedAt: Date.now(),
        };
        writeStored(draftKey(account.id), JSON.stringify(saved));
      }
      return started;
    },
    onDone: (generation) => {
      if (template) setResult({ generation, templateUrl: template.url });
      setIsComparing(false);
      for (const queryKey of [queryKeys.designs, queryKeys.myTemplates]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
  const isDone = run.generation?.status === 'done';
  const closeProgress = useEffectEvent(() => run.closeDialog());
  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(closeProgress, DONE_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [isDone]);

  const userId = account?.id;
  const hasFailed = run.failure !== null;
  useEffect(() => {
    if (hasFailed && userId) writeStored(draftKey(userId), null);
  }, [hasFailed, userId]);

  const canCreate = Boolean(template && product) && !run.isRunning;

  async function changeVisibility(next: Visibility) {
    if (next === visibility || isSavingVisibility) return;
    if (next === 'private' && !isPaid) {
      setUpgradeFeature(UPGRADE_FEATURES.privateTemplates);
      return;
    }
    const fileName = result?.generation.result?.fileName;
    if (!fileName) {
      setVisibility(next);
      return;
    }
    // The result is already a community template: its is_public changes with the menu.
    setIsSavingVisibility(true);
    try {
      const made = await findTemplateOfResult(fileName);
      if (!made) throw new Error('Template not found');
      const saved = await updateVisibility(made.id, next === 'public');
      setVisibility(saved.template.isPublic ? 'public' : 'private');
      toast.success(saved.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTemplates });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'upgrade_required') {
        setUpgradeFeature(UPGRADE_FEATURES.privateTemplates);
      } else toast.error(BROWSE_MESSAGES.visibilityFailed);
    } finally {
      setIsSavingVisibility(false);
    }
  }

  const resultUrl = result?.generation.result?.url ?? null;

  return (
    <div
      className={cn(
        'flex flex-col',
        isChat ? 'h-[calc(100dvh-3.5rem)] md:h-dvh' : 'min-h-[calc(100dvh-3.5rem)] md:h-dvh',
      )}
    >
      <header className="flex items-center gap-2 border-b border-border bg-surface px-3 py-2 md:px-5">
        <Link
          to="/templates"
          aria-label="Home"
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg hover:bg-surface-2"
        >
          <House className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Home</span>
        </Link>
        <h1 className="truncate text-base font-semibold text-fg">Design</h1>
        <div className="ml-auto flex items-center gap-1.5">
          {isChat && <div ref={setChatToolbar} className="contents" />}
          {!isChat && (
            <>
              <Button
                variant="ghost"
                className="h-9 px-2.5"
                aria-pressed={isComparing}
                aria-label="Compare before and after"
                disabled={!resultUrl}
                onClick={() => setIsComparing(!isComparing)}
              >
                <Columns2 className="size-4" aria-hidden="true" />
                <span className="hidden lg:inline">Compare</span>
              </Button>
              <VisibilityMenu
                value={visibility}
                onChange={(next) => void changeVisibility(next)}
                isSaving={isSavingVisibility}
              />
            </>
          )}
          <button
            type="button"
            aria-pressed={isChat}
            onClick={() => setIsChat(!isChat)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium transition-colors',
              isChat
                ? 'border-accent bg-accent-soft text-accent'
                : 'border-border bg-surface text-fg hover:bg-surface-2',
            )}
          >
            <MessageSquare className="size-4" aria-hidden="true" />
            Chat
          </button>
        </div>
      </header>

      {isChat ? (
        account ? (
          <ChatPanel
            userId={account.id}
            toolbar={chatToolbar}
            onDownload={(generation) =>
              setDownload({
                id: generation.id,
                name: stripExtension(generation.result?.fileName ?? 'chat'),
              })
            }
          />
        ) : (
          <div className="flex flex-1 flex-col gap-3 p-6" aria-busy="true">
            <Skeleton className="h-16 w-2/3" />
            <Skeleton className="ml-auto h-16 w-1/2" />
          </div>
        )
      ) : (
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          <DesignCanvas
            template={template}
            product={product}
            resultUrl={resultUrl}
            templateUrl={result?.templateUrl ?? null}
            isComparing={isComparing}
            onDownload={
              result
                ? () =>
                    setDownload({
                      id: result.generation.id,
                      name: product ? stripExtension(product.name) : 'design',
                    })
                : undefined
            }
          />
          <aside
            aria-label="Design images"
            className="flex shrink-0 flex-col gap-4 border-t border-border bg-surface p-4 md:w-80 md:overflow-y-auto md:border-t-0 md:border-l lg:w-[25rem]"
          >
            {/* Under 768 px the uploaders are the side-by-side view. */}
            <div className="grid grid-cols-2 gap-3 md:grid-cols-1 md:gap-4">
              <ImageUploader label="Template Image" value={template} onChange={setTemplate} />
              <ImageUploader label="Product Image" value={product} onChange={setProduct} />
            </div>
            <ImageSizePicker value={size} onChange={setSize} />
            <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
              Template name
              <input
                value={templateName}
                onChange={(event) => setTemplateName(event.target.value)}
                maxLength={120}
                placeholder="Shown in Community, e.g. Summer mug ad"
                className="h-10 rounded-lg border border-border bg-surface px-3 text-sm font-normal text-fg placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
              />
            </label>
            <div className="flex flex-col gap-1.5">
              <Button
                onClick={() => void run.run()}
                disabled={!canCreate}
                isLoading={run.isRunning}
                className="w-full"
              >
                {!run.isRunning && <Sparkles className="size-4" aria-hidden="true" />}
                Create
              </Button>
              {!(template && product) && (
                <p className="text-xs text-muted">
                  Add a template image and a product image to create.
                </p>
              )}
            </div>
          </aside>
        </div>
      )}

      <CreatingImageDialog
        isOpen={run.isDialogOpen}
        generation={run.generation}
        failure={run.failure}
        onClose={run.closeDialog}
        onRetry={() => void run.run()}
      />
      {download && (
        <DownloadDialog
          key={download.id}
          generationId={download.id}
          defaultName={download.name}
          isOpen
          onOpenChange={(isOpen) => !isOpen && setDownload(null)}
        />
      )}
      <UpgradeDialog
        feature={run.upgradeFeature ?? upgradeFeature}
        onClose={() => {
          run.closeUpgrade();
          setUpgradeFeature(null);
        }}
      />
    </div>
  );
}
