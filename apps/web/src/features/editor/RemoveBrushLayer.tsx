import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { maskSize } from './remove-mask';
import { MASK_COLOUR } from './remove-mask-canvas';

type Point = { x: number; y: number };

/**
 * The Remove region as a painted mask over the template: while active, dragging paints with a
 * round brush (its ring follows the pointer); each finished stroke is handed up as a PNG data
 * URL, so the panel's Undo and Clear and a reopened design all go through `mask`.
 */
export function RemoveBrushLayer({
  image,
  mask,
  brush,
  isActive,
  onStroke,
}: {
  image: { width: number; height: number };
  /** The mask now (null: nothing painted). */
  mask: string | null;
  /** Brush diameter in screen pixels. */
  brush: number;
  isActive: boolean;
  onStroke: (mask: string) => void;
}) {
  const size = maskSize(image);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<Point | null>(null);
  /** The mask this canvas already shows (its own last stroke): no need to redraw it. */
  const shown = useRef<string | null>(null);
  const [ring, setRing] = useState<Point | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || mask === shown.current) return;
    const context = canvas.getContext('2d')!;
    shown.current = mask;
    if (!mask) {
      context.clearRect(0, 0, canvas.width, canvas.height);
      return;
    }
    let isCancelled = false;
    const picture = new Image();
    picture.onload = () => {
      if (isCancelled) return;
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    };
    picture.src = mask;
    return () => {
      isCancelled = true;
    };
  }, [mask]);

  function toMask(event: PointerEvent<HTMLCanvasElement>): Point {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * size.width,
      y: ((event.clientY - rect.top) / rect.height) * size.height,
    };
  }

  function paint(from: Point, to: Point, canvas: HTMLCanvasElement) {
    const context = canvas.getContext('2d')!;
    // The slider's size is what the person sees on screen.
    const width = brush * (size.width / Math.max(1, canvas.getBoundingClientRect().width));
    context.strokeStyle = MASK_COLOUR;
    context.fillStyle = MASK_COLOUR;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = width;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    context.beginPath();
    context.arc(to.x, to.y, width / 2, 0, Math.PI * 2);
    context.fill();
  }

  function follow(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    setRing({ x: event.clientX - rect.left, y: event.clientY - rect.top });
    if (!last.current) return;
    const point = toMask(event);
    paint(last.current, point, event.currentTarget);
    last.current = point;
  }

  function finish(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    last.current = null;
    const painted = event.currentTarget.toDataURL('image/png');
    shown.current = painted;
    onStroke(painted);
  }

  return (
    <div
      className={cn('absolute inset-0', isActive ? 'z-30' : 'pointer-events-none z-0')}
      data-testid="remove-brush"
    >
      <canvas
        ref={canvasRef}
        width={size.width}
        height={size.height}
        role="img"
        aria-label={
          isActive
            ? 'Area to remove: drag over the template to paint it. Box mode sets it with the keyboard.'
            : 'Area to remove, painted'
        }
        data-testid="remove-mask-canvas"
        data-painted={mask ? 'true' : 'false'}
        onPointerDown={(event) => {
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          const point = toMask(event);
          last.current = point;
          paint(point, point, event.currentTarget);
        }}
        onPointerMove={follow}
        onPointerUp={finish}
        onPointerCancel={finish}
        onPointerLeave={() => setRing(null)}
        className={cn(
          'absolute inset-0 size-full touch-none opacity-55',
          isActive ? 'cursor-none' : 'pointer-events-none',
        )}
      />
      {isActive && ring && (
        <span
          aria-hidden="true"
          data-testid="brush-ring"
          className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
          style={{
            left: ring.x,
            top: ring.y,
            width: brush,
            height: brush,
            transform: 'translate(-50%, -50%)',
          }}
        />
      )}
      {!mask && isActive && (
        <span className="pointer-events-none absolute top-2 left-1/2 -translate-x-1/2 rounded bg-danger px-2 py-1 text-xs font-medium whitespace-nowrap text-danger-fg shadow">
          Paint over what to remove
        </span>
      )}
    </div>
  );
}
