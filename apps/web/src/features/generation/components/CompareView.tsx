import { useState } from 'react';

type Crop = { x: number; y: number; width: number; height: number };

/** The template placed so that its `crop` fills the box, as the result was framed from it. */
function framedStyle(crop: Crop, template: { width: number; height: number }) {
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return {
    left: percent(-crop.x, crop.width),
    top: percent(-crop.y, crop.height),
    width: percent(template.width, crop.width),
    height: percent(template.height, crop.height),
  };
}

/**
 * Before and after on top of each other, split by a slider: the template (before) on the left of
 * the handle, the result (after) on the right. The slider is a native range input, so keyboards
 * and screen readers can move it.
 */
export function CompareView({
  beforeUrl,
  afterUrl,
  alt,
  beforeCrop,
}: {
  beforeUrl: string;
  afterUrl: string;
  alt: string;
  /** The part of the template the result shows (template pixels): the before is framed so. */
  beforeCrop?: Crop | null;
}) {
  const [split, setSplit] = useState(50);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const framed = beforeCrop && natural ? framedStyle(beforeCrop, natural) : null;
  return (
    <div
      className="relative inline-block max-h-full max-w-full select-none"
      data-testid="compare-view"
    >
      <img
        src={afterUrl}
        alt={`${alt}, after`}
        className="block max-h-[inherit] max-w-full object-contain"
        draggable={false}
      />
      <div
        className="absolute inset-0 overflow-hidden bg-surface-2"
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        data-testid="compare-before"
      >
        <img
          src={beforeUrl}
          alt={`${alt}, before`}
          onLoad={(event) =>
            setNatural({
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            })
          }
          className={framed ? 'absolute max-w-none' : 'absolute inset-0 size-full object-contain'}
          style={framed ?? undefined}
          draggable={false}
        />
      </div>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.3)]"
        style={{ left: `${split}%` }}
        aria-hidden="true"
      />
      <span className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        Before
      </span>
      <span className="pointer-events-none absolute top-2 right-2 rounded bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        After
      </span>
      <input
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(event) => setSplit(Number(event.target.value))}
        aria-label="Compare before and after"
        className="absolute inset-0 size-full cursor-ew-resize opacity-0"
      />
    </div>
  );
}
