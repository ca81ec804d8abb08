import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ImageIcon } from 'lucide-react';
import { GENERATION_MESSAGES, type ImageSize } from '@adtwin/shared';
import { Drawer } from '@/components/ui/Drawer';
import { Skeleton } from '@/components/ui/Skeleton';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { useIsMobile } from '@/lib/use-media-query';
import {
  RunProgressDialog,
  DownloadDialog,
  describeStartFailure,
  startSwap,
  useGenerationRun,
  type UploadedImage,
} from '@/features/generation';
import { editorPath, type TemplateRef } from './editor-route';
import { lastTemplate, runningJob, savedProductImage } from './editor-storage';
import { EditorTopBar } from './EditorTopBar';
import { GenerationPanel } from './GenerationPanel';
import { useCutOut } from './cut-out/CutOutSection';
import { variantPlacements, type Placement } from './placement';
import { centredBox, type Box } from './product-box';
import { RegionsOverlay, type Region } from './RegionsOverlay';
import {
  DEFAULT_BRUSH,
  currentMask,
  withCleared,
  withStroke,
  withUndo,
  type MaskHistory,
  type RemoveMode,
} from './remove-mask';
import { imageSize, maskToSend, strokesOfStoredMask } from './remove-mask-canvas';
import { BatchDialog } from './batch/BatchDialog';
import { TemplateBrowser } from './TemplateBrowser';
import { VariantsDialog } from './VariantsDialog';
import { newReplacement, replacementsToSend, type TextReplacement } from './text-replacements';
import { queryKeys } from '@/lib/query-keys';
import {
  describeLoadFailure,
  useTemplate,
  useGenerationByNumber,
  downloadName,
} from './editor-queries';
import { ResultStage } from './ResultStage';

export function TemplateEditor({
  templateRef,
  generatedNumber,
  isViewMode,
}: {
  templateRef: TemplateRef;
  generatedNumber: number | null;
  isViewMode: boolean;
}) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const template = useTemplate(templateRef);
  usePageTitle(template.data?.name ?? 'Editor');
  const generated = useGenerationByNumber(generatedNumber);

  const [product, setProduct] = useState<UploadedImage | null>(() => savedProductImage.read());
  const [replacements, setReplacements] = useState<TextReplacement[]>([]);
  const [size, setSize] = useState<ImageSize>('1024x1024');
  /** The area to remove the person set; null keeps the template's own. */
  const [box, setBox] = useState<Box | null>(null);
  /** Where the new product goes; null: where the old one stood, upright. */
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [activeRegion, setActiveRegion] = useState<Region>('place');
  const [removeMode, setRemoveMode] = useState<RemoveMode>('box');
  const [maskHistory, setMaskHistory] = useState<MaskHistory>([]);
  const [brush, setBrush] = useState(DEFAULT_BRUSH);
  /** A reopened design's painted area, loaded once the template's size is known. */
  const [maskToRestore, setMaskToRestore] = useState<string | null>(null);
  const [includeText, setIncludeText] = useState(false);
  const [variantCount, setVariantCount] = useState(1);
  const [variantRun, setVariantRun] = useState<{ ids: string[]; error: string | null } | null>(
    null,
  );
  const [isStartingVariants, setIsStartingVariants] = useState(false);
  const queryClient = useQueryClient();
  const cutOut = useCutOut(product);
  // Reopening a design brings back its own inputs, once per design.
  const [restoredFrom, setRestoredFrom] = useState<string | null>(null);
  const reopened = generated.data ?? null;
  if (reopened?.swap && reopened.id !== restoredFrom) {
    const inputs = reopened.swap;
    setRestoredFrom(reopened.id);
    if (inputs.product) setProduct(inputs.product);
    setReplacements(inputs.replacements.map((item) => ({ ...newReplacement(), ...item })));
    setSize(reopened.size);
    setBox(inputs.productBox);
    setPlacement(inputs.placement);
    setIncludeText(inputs.includeText);
    setRemoveMode(inputs.removeMaskUrl ? 'brush' : 'box');
    setMaskHistory([]);
    setMaskToRestore(inputs.removeMaskUrl);
  }
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [isComparing, setIsComparing] = useState(false);
  const [isDownloadOpen, setIsDownloadOpen] = useState(false);
  const [isBrowsing, setIsBrowsing] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isBatchOpen, setIsBatchOpen] = useState(false);

  // The painted area comes back at the template's size (read from the image itself: a reopened
  // design shows its result, not the template).
  const templateUrl = template.data?.imageUrl ?? null;
  useEffect(() => {
    if (!maskToRestore || !templateUrl) return;
    let isCancelled = false;
    imageSize(templateUrl)
      .then((size) => strokesOfStoredMask(maskToRestore, size))
      .then(
        (strokes) => {
          if (isCancelled) return;
          setMaskHistory([strokes]);
          setMaskToRestore(null);
        },
        () => toast.error('The painted area of this design could not be loaded.'),
      );
    return () => {
      isCancelled = true;
    };
  }, [maskToRestore, templateUrl]);

  /**
   * What Remove sends: the painted mask in Brush mode (the ad's words left out unless included),
   * else the box the person set (none: the template's own); and the text choice.
   */
  async function removeInputs() {
    // The choice exists where the person saw the words; elsewhere the engine tells copy from
    // words printed on the old product itself.
    const textChoice = (template.data?.textBoxes.length ?? 0) > 0 ? { includeText } : {};
    let painted = removeMode === 'brush' ? currentMask(maskHistory) : null;
    // A reopened design's painted area may still be on its way: it is what was asked for.
    if (removeMode === 'brush' && maskHistory.length === 0 && maskToRestore && templateUrl) {
      painted = await strokesOfStoredMask(maskToRestore, await imageSize(templateUrl));
    }
    if (painted && templateUrl) {
      const keepOut = includeText ? [] : (template.data?.textBoxes ?? []);
      const size = natural ?? (await imageSize(templateUrl));
      return { removeMask: await maskToSend(painted, size, keepOut), ...textChoice };
    }
    return { ...(box ? { productBox: box } : {}), ...textChoice };
  }

  /** What every swap of this editor names: the template, the product, the words and the size. */
  function swapTarget(productUploadId: string) {
    return {
      ...(templateRef.kind === 'official'
        ? { templateId: templateRef.id }
        : { communityTemplateId: templateRef.id }),
      productUploadId,
      replacements: replacementsToSend(replacements),
      size,
    };
  }

  const run = useGenerationRun({
    resumeId: isViewMode ? null : runningJob.resume(templateRef),
    start: async () => {
      if (!product) throw new ApiError(400, GENERATION_MESSAGES.missingUrls);
      const started = await startSwap({
        ...swapTarget(product.id),
        ...(await removeInputs()),
        ...(shownPlacement ? { placement: shownPlacement } : {}),
      });
      runningJob.save(templateRef, started.id);
      return started;
    },
    onDone: (done) => {
      runningJob.clear();
      toast.success(GENERATION_MESSAGES.success);
      setIsComparing(false);
      setIsDrawerOpen(false);
      navigate(editorPath(templateRef, done.number), { replace: true });
    },
  });
  useEffect(() => {
    if (run.generation?.status === 'failed') runningJob.clear();
  }, [run.generation?.status]);

  // A template that cannot be opened: the spec's toast, then back to a list.
  const loadError = template.error ?? null;
  useEffect(() => {
    if (!loadError) return;
    const failure = describeLoadFailure(loadError, templateRef, isViewMode);
    toast.error(failure.message, { id: failure.message });
    navigate(failure.to, { replace: true });
  }, [loadError, templateRef, isViewMode, navigate]);

  useEffect(() => {
    if (template.data && !isViewMode) lastTemplate.save(templateRef);
  }, [template.data, templateRef, isViewMode]);

  const fromRun = run.generation?.status === 'done' ? run.generation : null;
  const result =
    fromRun && (generatedNumber === null || fromRun.number === generatedNumber)
      ? fromRun
      : (generated.data ?? null);
  const resultUrl = result?.result?.url ?? null;
  const homePath = templateRef.kind === 'community' ? '/community' : '/templates';
  const templateBox = box ?? template.data?.productBox ?? null;
  /** The place box shown is the one sent: the result matches the preview. */
  const shownPlacement: Placement | null =
    placement ??
    (product && natural ? { box: templateBox ?? centredBox(natural), rotation: 0 } : null);
  const productPreview = cutOut.data
    ? { url: cutOut.data.url, width: cutOut.data.box.width, height: cutOut.data.box.height }
    : null;

  /** Several images in one run: the shown placement, then smaller and larger; one credit each. */
  async function createVariants() {
    if (!product || !shownPlacement || !natural) return;
    setIsStartingVariants(true);
    setIsDrawerOpen(false);
    const ids: string[] = [];
    let error: string | null = null;
    const remove = await removeInputs();
    for (const variant of variantPlacements(shownPlacement, variantCount, natural)) {
      try {
        const started = await startSwap({
          ...swapTarget(product.id),
          ...remove,
          placement: variant,
        });
        ids.push(started.id);
      } catch (failure) {
        const refused = describeStartFailure(failure);
        const reason =
          refused.kind === 'upgrade' ? `${refused.feature} needs more credits.` : refused.message;
        error =
          ids.length === 0
            ? reason
            : `Only ${ids.length} of ${variantCount} variants could start: ${reason}`;
        break;
      }
    }
    setIsStartingVariants(false);
    setVariantRun({ ids, error });
    void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
  }

  const pick = (next: TemplateRef) => {
    setIsBrowsing(false);
    setIsDrawerOpen(false);
    navigate(editorPath(next));
  };
  const chooseProduct = (upload: UploadedImage | null) => {
    setProduct(upload);
    savedProductImage.save(upload);
  };

  const panel = isBrowsing ? (
    <div className="flex min-h-0 flex-1 flex-col p-4">
      <TemplateBrowser
        initialTab={templateRef.kind === 'community' ? 'community' : 'templates'}
        onPick={pick}
      />
    </div>
  ) : (
    <GenerationPanel
      template={template.data ?? null}
      onBrowse={() => setIsBrowsing(true)}
      product={product}
      onProductChange={chooseProduct}
      replacements={replacements}
      onReplacementsChange={setReplacements}
      size={size}
      onSizeChange={setSize}
      regions={
        natural !== null && !resultUrl
          ? {
              active: activeRegion,
              onActivate: setActiveRegion,
              hasRemoveBox: templateBox !== null,
              hasCustomRemoveBox: box !== null,
              onMarkRemove: () => {
                setBox(template.data?.productBox ?? centredBox(natural));
                setActiveRegion('remove');
              },
              onResetRemove: () => setBox(null),
              removeMode,
              onRemoveModeChange: setRemoveMode,
              brush,
              onBrushChange: setBrush,
              hasPainted: currentMask(maskHistory) !== null,
              canUndoPaint: maskHistory.length > 0,
              onUndoPaint: () => setMaskHistory(withUndo),
              onClearPaint: () => setMaskHistory(withCleared),
              hasText: (template.data?.textBoxes.length ?? 0) > 0,
              includeText,
              onIncludeTextChange: setIncludeText,
              placement: shownPlacement,
              onPlacementChange: setPlacement,
              onResetPlacement: () => setPlacement(null),
            }
          : null
      }
      variants={variantCount}
      onVariantsChange={setVariantCount}
      isRunning={run.isRunning || isStartingVariants}
      onCreate={() => void (variantCount > 1 ? createVariants() : run.run())}
      onBatch={() => {
        setIsDrawerOpen(false);
        setIsBatchOpen(true);
      }}
    />
  );

  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <EditorTopBar
        homePath={isViewMode ? '/your-designs' : homePath}
        template={template.data ?? null}
        isViewMode={isViewMode}
        isBrowsing={isBrowsing}
        onToggleBrowse={() => {
          setIsBrowsing((value) => !value);
          if (isMobile) setIsDrawerOpen(true);
        }}
        onOpenPanel={isViewMode ? undefined : () => setIsDrawerOpen(true)}
        canCompare={Boolean(resultUrl && template.data)}
        isComparing={isComparing}
        onToggleCompare={() => setIsComparing((value) => !value)}
        canDownload={Boolean(result?.result)}
        onDownload={() => setIsDownloadOpen(true)}
      />
      <div className="flex min-h-0 flex-1">
        <main className="flex min-w-0 flex-1 items-center justify-center overflow-auto bg-surface-2 p-4 md:p-8">
          {resultUrl ? (
            // The result fits the visible height whatever its aspect, leaving room for the note.
            <figure className="flex max-h-full max-w-full flex-col items-center gap-2 [&_img]:max-h-[calc(100dvh-8.5rem)] md:[&_img]:max-h-[calc(100dvh-10.5rem)]">
              <ResultStage
                resultUrl={resultUrl}
                alt={`Your design from ${template.data?.name ?? 'the template'}`}
                template={isComparing ? template.data : undefined}
                beforeCrop={result?.beforeCrop}
              />
              {/* The engine's own word on the result, e.g. words it could not find to replace. */}
              {result?.note && (
                <figcaption className="max-w-xl text-center text-xs text-muted">
                  {result.note}
                </figcaption>
              )}
            </figure>
          ) : template.data ? (
            <div className="relative inline-block max-h-full max-w-full">
              <img
                src={template.data.imageUrl}
                alt={template.data.name}
                onLoad={(event) =>
                  setNatural({
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  })
                }
                className="block max-h-[calc(100dvh-7rem)] max-w-full rounded-lg object-contain shadow-lg md:max-h-[calc(100dvh-9rem)]"
                draggable={false}
                data-testid="editor-template"
              />
              {!isViewMode && natural && (
                <RegionsOverlay
                  image={natural}
                  templateUrl={template.data.imageUrl}
                  active={activeRegion}
                  onActivate={setActiveRegion}
                  removeMode={removeMode}
                  removeBox={templateBox}
                  onRemoveChange={setBox}
                  removeMask={currentMask(maskHistory)}
                  brush={brush}
                  onStroke={(mask) => setMaskHistory((history) => withStroke(history, mask))}
                  includeText={includeText}
                  placement={shownPlacement}
                  onPlacementChange={setPlacement}
                  product={productPreview}
                  textBoxes={template.data.textBoxes}
                />
              )}
            </div>
          ) : template.isPending ? (
            <Skeleton className="aspect-square w-full max-w-xl" />
          ) : (
            <div className="flex flex-col items-center gap-2 text-muted">
              <ImageIcon className="size-10" aria-hidden="true" />
              <p className="text-sm">Choose a template to start</p>
            </div>
          )}
        </main>
        {!isViewMode &&
          (isMobile ? (
            <Drawer
              isOpen={isDrawerOpen}
              onOpenChange={setIsDrawerOpen}
              title={isBrowsing ? 'Templates' : 'Create'}
            >
              {panel}
            </Drawer>
          ) : (
            <aside
              aria-label={isBrowsing ? 'Templates' : 'Generation panel'}
              className="flex w-[25rem] shrink-0 flex-col border-l border-border bg-surface"
            >
              {panel}
            </aside>
          ))}
      </div>
      <RunProgressDialog run={run} />
      {result?.result && (
        <DownloadDialog
          key={result.id}
          generationId={result.id}
          defaultName={downloadName(product, result)}
          isOpen={isDownloadOpen}
          onOpenChange={setIsDownloadOpen}
        />
      )}
      <UpgradeDialog feature={run.upgradeFeature} onClose={run.closeUpgrade} />
      <BatchDialog
        isOpen={isBatchOpen}
        onOpenChange={setIsBatchOpen}
        product={product}
        size={size}
        replacements={replacementsToSend(replacements)}
      />
      <VariantsDialog
        ids={variantRun?.ids ?? null}
        error={variantRun?.error ?? null}
        onClose={() => setVariantRun(null)}
        onPick={(chosen) => {
          setVariantRun(null);
          setPlacement(chosen.swap?.placement ?? null);
          navigate(editorPath(templateRef, chosen.number), { replace: true });
        }}
      />
    </div>
  );
}
