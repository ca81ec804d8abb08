import { useState } from 'react';
import { Images, Layers, Sparkles } from 'lucide-react';
import type { ImageSize } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCredits } from '@/lib/account';
import { variantUrl } from '@/lib/image-url';
import { ImageSizePicker, ImageUploader, type UploadedImage } from '@/features/generation';
import type { EditorTemplate } from './api';
import { LibraryDialog } from '@/features/design';
import { CutOutSection } from './cut-out/CutOutSection';
import { MAX_VARIANTS } from './placement';
import { RegionsSection, type RegionsControls } from './RegionsSection';
import { ReplaceTextSection } from './ReplaceTextSection';
import type { TextReplacement } from './text-replacements';

/**
 * The right panel: the template, the Product Image, Replace Text (Ads), Image Size and Create
 * Image. Create needs a template and a product image.
 */
export function GenerationPanel(props: {
  template: EditorTemplate | null;
  onBrowse: () => void;
  product: UploadedImage | null;
  onProductChange: (upload: UploadedImage | null) => void;
  replacements: TextReplacement[];
  onReplacementsChange: (items: TextReplacement[]) => void;
  size: ImageSize;
  onSizeChange: (size: ImageSize) => void;
  /** Remove and Place, while the template is shown (not over a result). */
  regions: RegionsControls | null;
  /** How many variants one Create makes (1: the spec's single image). */
  variants: number;
  onVariantsChange: (count: number) => void;
  isRunning: boolean;
  onCreate: () => void;
  /** Opens "Use in several templates" (needs a product image). */
  onBatch: () => void;
}) {
  const { data: credits } = useCredits();
  const [isLibraryOpen, setIsLibraryOpen] = useState(false);
  const left = credits ? Math.max(0, credits.credits - credits.creditsUsed) : null;
  const { template } = props;
  const missing = !template
    ? 'Choose a template'
    : !props.product
      ? 'Upload a product image'
      : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-4">
        <section aria-labelledby="template-heading" className="flex gap-3">
          {template ? (
            <img
              src={variantUrl(template.imageUrl, { width: 256, height: 256 })}
              alt=""
              className="size-16 shrink-0 rounded-lg object-cover"
            />
          ) : (
            <Skeleton className="size-16 shrink-0" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <h2 id="template-heading" className="text-xs font-medium text-muted">
              Template
            </h2>
            <p className="truncate text-sm font-medium text-fg" title={template?.name}>
              {template?.name ?? 'Loading…'}
            </p>
            {template?.attribution && (
              <p className="truncate text-xs text-muted" title={template.attribution}>
                {template.attribution}
              </p>
            )}
          </div>
          <Button variant="secondary" className="h-8 shrink-0 px-3" onClick={props.onBrowse}>
            Change
          </Button>
        </section>

        <div className="flex flex-col gap-2">
          <ImageUploader
            label="Product Image"
            value={props.product}
            onChange={props.onProductChange}
            disabled={props.isRunning}
          />
          <Button
            variant="secondary"
            className="h-8 self-start px-3"
            disabled={props.isRunning}
            onClick={() => setIsLibraryOpen(true)}
          >
            <Images className="size-4" aria-hidden="true" />
            Choose from Your Uploads
          </Button>
          <LibraryDialog
            isOpen={isLibraryOpen}
            onOpenChange={setIsLibraryOpen}
            freeSlots={1}
            title="Choose a product image"
            addLabel="Use image"
            onAdd={([image]) => {
              if (image) props.onProductChange(image);
            }}
          />
        </div>

        {props.product && <CutOutSection product={props.product} disabled={props.isRunning} />}

        {props.regions && <RegionsSection {...props.regions} />}

        <ReplaceTextSection items={props.replacements} onChange={props.onReplacementsChange} />
        <ImageSizePicker value={props.size} onChange={props.onSizeChange} />
        <SegmentedControl
          label="Variants"
          value={String(props.variants)}
          onChange={(value) => props.onVariantsChange(Number(value))}
          options={Array.from({ length: MAX_VARIANTS }, (_, index) => ({
            value: String(index + 1),
            label: index === 0 ? '1 image' : `${index + 1} to choose from`,
          }))}
        />
      </div>
      <div className="flex flex-col gap-2 border-t border-border p-4">
        <Button
          className="w-full"
          onClick={props.onCreate}
          disabled={missing !== null}
          isLoading={props.isRunning}
        >
          <Sparkles className="size-4" aria-hidden="true" />
          Create Image
        </Button>
        <Button
          variant="secondary"
          className="w-full"
          onClick={props.onBatch}
          disabled={!props.product || props.isRunning}
        >
          <Layers className="size-4" aria-hidden="true" />
          Use in several templates
        </Button>
        <p className="text-center text-xs text-muted" aria-live="polite">
          {missing ??
            (left === null
              ? ' '
              : props.variants > 1
                ? `${props.variants} credits, 1 per image · ${left} left`
                : `1 credit per image · ${left} left`)}
        </p>
      </div>
    </div>
  );
}
