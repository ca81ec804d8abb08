import { Crosshair, RotateCcw, Sparkles } from 'lucide-react';
import type { ImageSize } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCredits } from '@/lib/account';
import { variantUrl } from '@/lib/image-url';
import { ImageSizePicker, ImageUploader, type UploadedImage } from '@/features/generation';
import type { EditorTemplate } from './api';
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
  hasCustomBox: boolean;
  canPlaceBox: boolean;
  onPlaceBox: () => void;
  onResetBox: () => void;
  isRunning: boolean;
  onCreate: () => void;
}) {
  const { data: credits } = useCredits();
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

        <ImageUploader
          label="Product Image"
          value={props.product}
          onChange={props.onProductChange}
          disabled={props.isRunning}
        />

        {props.canPlaceBox && (
          <section aria-labelledby="product-area-heading" className="flex flex-col gap-1.5">
            <h2 id="product-area-heading" className="text-sm font-medium text-fg">
              Product area
            </h2>
            <p className="text-xs text-muted">
              {props.hasCustomBox || template?.productBox
                ? 'Drag the box on the template to place your product; drag its corner to resize it.'
                : 'The product is found in the template automatically. Mark its area yourself if you prefer.'}
            </p>
            <div className="flex gap-2">
              {!props.hasCustomBox && !template?.productBox && (
                <Button variant="secondary" className="h-8 px-3" onClick={props.onPlaceBox}>
                  <Crosshair className="size-4" aria-hidden="true" />
                  Mark product area
                </Button>
              )}
              {props.hasCustomBox && (
                <Button variant="ghost" className="h-8 px-3" onClick={props.onResetBox}>
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Reset area
                </Button>
              )}
            </div>
          </section>
        )}

        <ReplaceTextSection items={props.replacements} onChange={props.onReplacementsChange} />
        <ImageSizePicker value={props.size} onChange={props.onSizeChange} />
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
        <p className="text-center text-xs text-muted" aria-live="polite">
          {missing ?? (left === null ? ' ' : `1 credit per image · ${left} left`)}
        </p>
      </div>
    </div>
  );
}
