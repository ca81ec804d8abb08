import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { GENERATION_MESSAGES, type ImageSize } from '@adtwin/shared';
import { Drawer } from '@/components/ui/Drawer';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { useIsMobile } from '@/lib/use-media-query';
import {
  RunProgressDialog,
  DownloadDialog,
  useGenerationRun,
  useStartSwap,
  type UploadedImage,
} from '@/features/generation';
import { editorPath, type TemplateRef } from './editor-route';
import { lastTemplate, runningJob, savedProductImage } from './editor-storage';
import { EditorCanvas } from './EditorCanvas';
import { EditorTopBar } from './EditorTopBar';
import { GenerationPanel } from './GenerationPanel';
import { useCutOut } from './cut-out/CutOutSection';
import { variantPlacements } from './placement';
import { RegionsOverlay } from './RegionsOverlay';
import { BatchDialog } from './batch/BatchDialog';
import { TemplateBrowser } from './TemplateBrowser';
import { VariantsDialog } from './VariantsDialog';
import { newReplacement, replacementsToSend, type TextReplacement } from './text-replacements';
import {
  describeLoadFailure,
  useTemplate,
  useGenerationByNumber,
  downloadName,
} from './editor-queries';
import { useEditorRegions } from './use-editor-regions';
import { useVariants } from './use-variants';

/**
 * The editor page: the template (or a result) on the stage, the generation panel beside it (a
 * drawer on phones), and the run's dialogs. It holds what a swap is made of; the regions
 * (use-editor-regions), the variants (use-variants) and the stage (EditorCanvas) are their own
 * parts.
 */
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
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const regions = useEditorRegions({
    template: template.data ?? null,
    natural,
    hasProduct: product !== null,
  });
  const variants = useVariants();
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
    regions.restore(inputs);
  }
  const [isComparing, setIsComparing] = useState(false);
  const [isDownloadOpen, setIsDownloadOpen] = useState(false);
  const [isBrowsing, setIsBrowsing] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isBatchOpen, setIsBatchOpen] = useState(false);
  const { shownPlacement } = regions;

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

  const swap = useStartSwap();
  const run = useGenerationRun({
    resumeId: isViewMode ? null : runningJob.resume(templateRef),
    start: async () => {
      if (!product) throw new ApiError(400, GENERATION_MESSAGES.missingUrls);
      const started = await swap.mutateAsync({
        ...swapTarget(product.id),
        ...(await regions.removeInputs()),
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
  const productPreview = cutOut.data
    ? { url: cutOut.data.url, width: cutOut.data.box.width, height: cutOut.data.box.height }
    : null;

  /** Several images in one run: the shown placement, then smaller and larger; one credit each. */
  async function createVariants() {
    if (!product || !shownPlacement || !natural) return;
    setIsDrawerOpen(false);
    const remove = await regions.removeInputs();
    await variants.start(variantPlacements(shownPlacement, variants.count, natural), (placement) =>
      swap.mutateAsync({ ...swapTarget(product.id), ...remove, placement }),
    );
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
      regions={resultUrl ? null : regions.controls}
      variants={variants.count}
      onVariantsChange={variants.setCount}
      isRunning={run.isRunning || variants.isStarting}
      onCreate={() => void (variants.count > 1 ? createVariants() : run.run())}
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
        <EditorCanvas
          template={template.data ?? null}
          isTemplatePending={template.isPending}
          result={result}
          isComparing={isComparing}
          onTemplateSize={setNatural}
          overlay={
            !isViewMode &&
            natural &&
            template.data && (
              <RegionsOverlay
                image={natural}
                templateUrl={template.data.imageUrl}
                {...regions.overlay}
                product={productPreview}
              />
            )
          }
        />
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
        ids={variants.run?.ids ?? null}
        error={variants.run?.error ?? null}
        onClose={variants.close}
        onPick={(chosen) => {
          variants.close();
          regions.setPlacement(chosen.swap?.placement ?? null);
          navigate(editorPath(templateRef, chosen.number), { replace: true });
        }}
      />
    </div>
  );
}
