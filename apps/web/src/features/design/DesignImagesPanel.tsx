import { Sparkles } from 'lucide-react';
import { TEMPLATE_NAME_MAX_LENGTH, type ImageSize } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { ImageSizePicker, ImageUploader, type UploadedImage } from '@/features/generation';

/**
 * The design page's side panel: the template and product images, the size, the community
 * template's name, and Create.
 */
export function DesignImagesPanel({
  template,
  onTemplateChange,
  product,
  onProductChange,
  size,
  onSizeChange,
  templateName,
  onTemplateNameChange,
  isRunning,
  onCreate,
}: {
  template: UploadedImage | null;
  onTemplateChange: (image: UploadedImage | null) => void;
  product: UploadedImage | null;
  onProductChange: (image: UploadedImage | null) => void;
  size: ImageSize;
  onSizeChange: (size: ImageSize) => void;
  /** Empty leaves the server's "Design <number>". */
  templateName: string;
  onTemplateNameChange: (name: string) => void;
  isRunning: boolean;
  onCreate: () => void;
}) {
  const hasBothImages = Boolean(template && product);
  return (
    <aside
      aria-label="Design images"
      className="flex shrink-0 flex-col gap-4 border-t border-border bg-surface p-4 md:w-80 md:overflow-y-auto md:border-t-0 md:border-l lg:w-[25rem]"
    >
      {/* Under 768 px the uploaders are the side-by-side view. */}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-1 md:gap-4">
        <ImageUploader label="Template Image" value={template} onChange={onTemplateChange} />
        <ImageUploader label="Product Image" value={product} onChange={onProductChange} />
      </div>
      <ImageSizePicker value={size} onChange={onSizeChange} />
      <TextField
        label="Template name"
        value={templateName}
        onChange={(event) => onTemplateNameChange(event.target.value)}
        maxLength={TEMPLATE_NAME_MAX_LENGTH}
        placeholder="Shown in Community, e.g. Summer mug ad"
      />
      <div className="flex flex-col gap-1.5">
        <Button
          onClick={onCreate}
          disabled={!hasBothImages || isRunning}
          isLoading={isRunning}
          className="w-full"
        >
          {!isRunning && <Sparkles className="size-4" aria-hidden="true" />}
          Create
        </Button>
        {!hasBothImages && (
          <p className="text-xs text-muted">Add a template image and a product image to create.</p>
        )}
      </div>
    </aside>
  );
}
