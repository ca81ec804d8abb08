import type { ReactNode } from 'react';
import { ImageIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/Skeleton';
import type { Generation } from '@/features/generation';
import type { EditorTemplate } from './api';
import { ResultStage } from './ResultStage';

/**
 * The editor's stage: the result when there is one (compared with the template on demand, with
 * the engine's note), else the template with the region handles over it, else its loading or
 * empty state.
 */
export function EditorCanvas({
  template,
  isTemplatePending,
  result,
  isComparing,
  onTemplateSize,
  overlay,
}: {
  template: EditorTemplate | null;
  isTemplatePending: boolean;
  result: Generation | null;
  isComparing: boolean;
  /** The template image's natural size, once it has loaded. */
  onTemplateSize: (size: { width: number; height: number }) => void;
  /** Drawn over the template (the region handles); absent in view mode. */
  overlay: ReactNode;
}) {
  const resultUrl = result?.result?.url ?? null;
  return (
    <main className="flex min-w-0 flex-1 items-center justify-center overflow-auto bg-surface-2 p-4 md:p-8">
      {resultUrl ? (
        // The result fits the visible height whatever its aspect, leaving room for the note.
        <figure className="flex max-h-full max-w-full flex-col items-center gap-2 [&_img]:max-h-[calc(100dvh-8.5rem)] md:[&_img]:max-h-[calc(100dvh-10.5rem)]">
          <ResultStage
            resultUrl={resultUrl}
            alt={`Your design from ${template?.name ?? 'the template'}`}
            template={isComparing ? (template ?? undefined) : undefined}
            beforeCrop={result?.beforeCrop}
          />
          {/* The engine's own word on the result, e.g. words it could not find to replace. */}
          {result?.note && (
            <figcaption className="max-w-xl text-center text-xs text-muted">
              {result.note}
            </figcaption>
          )}
        </figure>
      ) : template ? (
        <div className="relative inline-block max-h-full max-w-full">
          <img
            src={template.imageUrl}
            alt={template.name}
            onLoad={(event) =>
              onTemplateSize({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            className="block max-h-[calc(100dvh-7rem)] max-w-full rounded-lg object-contain shadow-lg md:max-h-[calc(100dvh-9rem)]"
            draggable={false}
            data-testid="editor-template"
          />
          {overlay}
        </div>
      ) : isTemplatePending ? (
        <Skeleton className="aspect-square w-full max-w-xl" />
      ) : (
        <div className="flex flex-col items-center gap-2 text-muted">
          <ImageIcon className="size-10" aria-hidden="true" />
          <p className="text-sm">Choose a template to start</p>
        </div>
      )}
    </main>
  );
}
