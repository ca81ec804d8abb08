import { CompareView, type Generation } from '@/features/generation';
import { type EditorTemplate } from './api';

/** A result, or with a template given, the before/after compare of the two. */
export function ResultStage({
  resultUrl,
  alt,
  template,
  beforeCrop,
}: {
  resultUrl: string;
  alt: string;
  template: EditorTemplate | undefined;
  beforeCrop: Generation['beforeCrop'] | undefined;
}) {
  if (template) {
    return (
      <CompareView
        beforeUrl={template.imageUrl}
        afterUrl={resultUrl}
        alt={template.name}
        beforeCrop={beforeCrop}
      />
    );
  }
  return (
    <img
      src={resultUrl}
      alt={alt}
      className="max-h-full max-w-full rounded-lg object-contain shadow-lg"
      data-testid="editor-result"
    />
  );
}
