import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { moveBox, resizeBox, type Box } from './product-box';

type Drag = { mode: 'move' | 'resize'; startX: number; startY: number; start: Box };

/**
 * The product area drawn on the template: drag it to move it, drag its corner to resize it, or
 * focus it and use the arrow keys (Shift resizes). Positions are kept in the image's own pixels.
 */
export function ProductBoxOverlay({
  box,
  image,
  onChange,
}: {
  box: Box;
  /** The template's natural size. */
  image: { width: number; height: number };
  onChange: (box: Box) => void;
}) {
  const layerRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  /** Screen pixels to image pixels, from the size the image is drawn at. */
  function scale() {
    const rect = layerRef.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? image.width / rect.width : 1;
  }

  function begin(mode: Drag['mode'], event: PointerEvent<HTMLElement>) {
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    drag.current = { mode, startX: event.clientX, startY: event.clientY, start: box };
  }
  function follow(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current) return;
    const factor = scale();
    const dx = (event.clientX - current.startX) * factor;
    const dy = (event.clientY - current.startY) * factor;
    onChange(
      current.mode === 'move'
        ? moveBox(current.start, dx, dy, image)
        : resizeBox(current.start, dx, dy, image),
    );
  }
  const end = () => {
    drag.current = null;
  };

  function nudge(event: KeyboardEvent<HTMLDivElement>) {
    const step = Math.max(1, Math.round(Math.min(image.width, image.height) / 100));
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(
      event.shiftKey
        ? resizeBox(box, move[0], move[1], image)
        : moveBox(box, move[0], move[1], image),
    );
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div ref={layerRef} className="absolute inset-0">
      <div
        role="group"
        tabIndex={0}
        aria-label={`Product area at ${box.x}, ${box.y}, ${box.width} by ${box.height} pixels. Arrow keys move it, Shift and arrow keys resize it.`}
        data-testid="product-box"
        onPointerDown={(event) => begin('move', event)}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={nudge}
        className={cn(
          'absolute cursor-move touch-none rounded-sm border-2 border-dashed border-white bg-accent/20 shadow-[0_0_0_1px_rgba(0,0,0,0.45)]',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        )}
        style={{
          left: percent(box.x, image.width),
          top: percent(box.y, image.height),
          width: percent(box.width, image.width),
          height: percent(box.height, image.height),
        }}
      >
        <span className="pointer-events-none absolute -top-6 left-0 rounded bg-black/70 px-1.5 py-0.5 text-[11px] whitespace-nowrap text-white">
          Product area
        </span>
        <span
          aria-hidden="true"
          data-testid="product-box-handle"
          onPointerDown={(event) => begin('resize', event)}
          onPointerMove={follow}
          onPointerUp={end}
          onPointerCancel={end}
          className="absolute -right-2 -bottom-2 size-4 cursor-nwse-resize touch-none rounded-full border-2 border-white bg-accent shadow"
        />
      </div>
    </div>
  );
}
