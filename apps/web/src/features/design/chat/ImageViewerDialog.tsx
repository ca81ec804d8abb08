import { Download } from 'lucide-react';
import { Dialog } from '@/components/ui/Dialog';

/** The expanded image viewer: the whole result as large as the screen allows. */
export function ImageViewerDialog({
  image,
  onClose,
  onDownload,
}: {
  image: { url: string; alt: string } | null;
  onClose: () => void;
  onDownload?: () => void;
}) {
  return (
    <Dialog
      isOpen={image !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Expanded image"
      className="max-w-4xl"
    >
      {image && (
        <>
          <div className="flex min-h-40 items-center justify-center rounded-xl bg-surface-2">
            <img
              src={image.url}
              alt={image.alt}
              className="max-h-[70dvh] w-auto max-w-full rounded-xl object-contain"
            />
          </div>
          {onDownload && (
            <div className="flex justify-end">
              <button
                type="button"
                onClick={onDownload}
                className="inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-2"
              >
                <Download className="size-4" aria-hidden="true" />
                Download
              </button>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
