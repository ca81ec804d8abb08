import { useState } from 'react';

/**
 * Before and after on top of each other, split by a slider: the template (before) on the left of
 * the handle, the result (after) on the right. The slider is a native range input, so keyboards
 * and screen readers can move it.
 */
export function CompareView({
  beforeUrl,
  afterUrl,
  alt,
}: {
  beforeUrl: string;
  afterUrl: string;
  alt: string;
}) {
  const [split, setSplit] = useState(50);
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
      <img
        src={beforeUrl}
        alt={`${alt}, before`}
        className="absolute inset-0 size-full object-contain"
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        draggable={false}
      />
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
