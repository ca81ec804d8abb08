import { IMAGE_SIZES, type ImageSize } from '@adtwin/shared';
import { SegmentedControl } from '@/components/ui/SegmentedControl';

const LABELS: Record<keyof typeof IMAGE_SIZES, string> = {
  square: 'Square',
  portrait: 'Portrait',
  landscape: 'Landscape',
};

/** Square 1024x1024, portrait 1024x1536 or landscape 1536x1024. */
export function ImageSizePicker({
  value,
  onChange,
}: {
  value: ImageSize;
  onChange: (size: ImageSize) => void;
}) {
  return (
    <SegmentedControl
      label="Image Size"
      value={value}
      onChange={onChange}
      options={(Object.keys(IMAGE_SIZES) as (keyof typeof IMAGE_SIZES)[]).map((name) => ({
        value: IMAGE_SIZES[name],
        label: <span title={IMAGE_SIZES[name]}>{LABELS[name]}</span>,
      }))}
    />
  );
}
