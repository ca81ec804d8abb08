import { Download, ImageIcon, Package } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { CompareView, type UploadedImage } from '@/features/generation';

/**
 * The design page's centre: the template and product images side by side, or, once made, the
 * result (or before and after, when comparing).
 */
export function DesignCanvas({
  template,
  product,
  resultUrl,
  templateUrl,
  isComparing,
  onDownload,
}: {
  template: UploadedImage | null;
  product: UploadedImage | null;
  resultUrl: string | null;
  /** The template the result was made from, the "before" of the compare view. */
  templateUrl: string | null;
  isComparing: boolean;
  onDownload?: () => void;
}) {
  if (resultUrl) {
    return (
      <section
        aria-label="Result"
        className="flex min-h-0 min-w-0 flex-1 flex-col gap-3 p-4 md:p-6"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-fg">
            {isComparing ? 'Before and after' : 'Your design'}
          </h2>
          {onDownload && (
            <Button variant="secondary" className="h-9" onClick={onDownload}>
              <Download className="size-4" aria-hidden="true" />
              Download
            </Button>
          )}
        </div>
        <div className="flex min-h-64 flex-1 items-center justify-center overflow-hidden rounded-2xl border border-border bg-surface-2 p-2 md:min-h-0 [&_img]:max-h-[70dvh]">
          {isComparing && templateUrl ? (
            <CompareView beforeUrl={templateUrl} afterUrl={resultUrl} alt="Your design" />
          ) : (
            <img
              src={resultUrl}
              alt="Your design"
              className="max-h-[70dvh] max-w-full rounded-xl object-contain"
            />
          )}
        </div>
      </section>
    );
  }

  return (
    <section
      aria-label="Template and product"
      className="hidden min-w-0 md:grid flex-1 grid-cols-2 content-center gap-6 p-6"
    >
      <Pane title="Template" image={template} icon={ImageIcon} empty="No template image yet" />
      <Pane title="Product" image={product} icon={Package} empty="No product image yet" />
    </section>
  );
}

function Pane({
  title,
  image,
  icon: Icon,
  empty,
}: {
  title: string;
  image: UploadedImage | null;
  icon: typeof ImageIcon;
  empty: string;
}) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div className="flex aspect-[4/5] items-center justify-center overflow-hidden rounded-2xl border border-border bg-surface-2">
        {image ? (
          <img
            src={image.url}
            alt={`${title}: ${image.name}`}
            className="h-full w-full object-contain"
          />
        ) : (
          <div className="flex flex-col items-center gap-2 p-3 text-center text-xs text-muted sm:text-sm">
            <Icon className="size-7 sm:size-9" aria-hidden="true" />
            {empty}
          </div>
        )}
      </div>
      <figcaption className="text-center text-xs font-medium text-muted sm:text-sm">
        {title}
      </figcaption>
    </figure>
  );
}
