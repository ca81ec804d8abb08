import type { CutOut } from '@adtwin/shared';
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import toast from 'react-hot-toast';
import { Eraser, Paintbrush, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { variantUrl } from '@/lib/image-url';
import type { UploadedImage } from '@/features/generation';
import { useSaveCutOut } from './mutations';

/** The mask is edited at most this large on its longer side (the server stretches it back). */
const WORK_SIDE = 1024;
const UNDO_STEPS = 20;
const MIN_BRUSH = 4;
const MAX_BRUSH = 160;

type Tool = 'keep' | 'erase';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded.'));
    image.src = src;
  });
}

/**
 * Touch up a cut-out: paint with Keep to bring back parts of the photo, with Erase to remove
 * background that was kept. What is kept shows on the checkerboard; the rest of the photo shows
 * faintly, so there is something to paint back. Ctrl+Z undoes a stroke.
 */
export function CutOutEditor(props: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  product: UploadedImage;
  cutOut: CutOut;
}) {
  return (
    <Dialog
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      title="Touch up the cut-out"
      description="Paint with Keep to bring back parts of your product, with Erase to remove background. Faint parts are left out."
      className="sm:max-w-3xl"
    >
      {/* Mounted while open only: each opening starts from the stored cut-out. */}
      <TouchUp {...props} />
    </Dialog>
  );
}

function TouchUp({
  onOpenChange,
  product,
  cutOut,
}: {
  onOpenChange: (isOpen: boolean) => void;
  product: UploadedImage;
  cutOut: CutOut;
}) {
  const sizeId = useId();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const maskRef = useRef<HTMLCanvasElement | null>(null);
  const photoRef = useRef<HTMLImageElement | null>(null);
  const undoRef = useRef<ImageData[]>([]);
  const lastPoint = useRef<{ x: number; y: number } | null>(null);
  const [tool, setTool] = useState<Tool>('erase');
  const [brush, setBrush] = useState(40);
  const [undoCount, setUndoCount] = useState(0);
  const [isReady, setIsReady] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const saveMask = useSaveCutOut();

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const mask = maskRef.current;
    const photo = photoRef.current;
    if (!canvas || !mask || !photo) return;
    const context = canvas.getContext('2d')!;
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.globalAlpha = 0.22;
    context.drawImage(photo, 0, 0, canvas.width, canvas.height);
    context.globalAlpha = 1;
    const kept = document.createElement('canvas');
    kept.width = canvas.width;
    kept.height = canvas.height;
    const keptContext = kept.getContext('2d')!;
    keptContext.drawImage(photo, 0, 0, kept.width, kept.height);
    keptContext.globalCompositeOperation = 'destination-in';
    keptContext.drawImage(mask, 0, 0);
    context.drawImage(kept, 0, 0);
  }, []);

  // Opening loads the photo and the current cut-out, which becomes the mask to paint on.
  useEffect(() => {
    let isCancelled = false;
    void Promise.all([loadImage(variantUrl(product.url, { width: 960 })), loadImage(cutOut.url)])
      .then(([photo, cut]) => {
        if (isCancelled) return;
        const scale = Math.min(1, WORK_SIDE / Math.max(cutOut.photo.width, cutOut.photo.height));
        const width = Math.round(cutOut.photo.width * scale);
        const height = Math.round(cutOut.photo.height * scale);
        const mask = document.createElement('canvas');
        mask.width = width;
        mask.height = height;
        mask
          .getContext('2d')!
          .drawImage(
            cut,
            cutOut.box.x * scale,
            cutOut.box.y * scale,
            cutOut.box.width * scale,
            cutOut.box.height * scale,
          );
        maskRef.current = mask;
        photoRef.current = photo;
        setIsReady(true);
      })
      .catch(() => {
        toast.error('The photo could not be loaded for touching up.');
        onOpenChange(false);
      });
    return () => {
      isCancelled = true;
    };
  }, [product.url, cutOut, onOpenChange]);

  // The canvas mounts once the images are in: size it and draw.
  const attachCanvas = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      canvasRef.current = canvas;
      const mask = maskRef.current;
      if (!canvas || !mask) return;
      canvas.width = mask.width;
      canvas.height = mask.height;
      draw();
    },
    [draw],
  );

  function toCanvas(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / rect.width;
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale };
  }

  function paint(from: { x: number; y: number }, to: { x: number; y: number }) {
    const mask = maskRef.current;
    const canvas = canvasRef.current;
    if (!mask || !canvas) return;
    const context = mask.getContext('2d')!;
    const rect = canvas.getBoundingClientRect();
    // The slider's size is in screen pixels: what the person sees under the pointer.
    const width = brush * (canvas.width / Math.max(1, rect.width));
    context.globalCompositeOperation = tool === 'keep' ? 'source-over' : 'destination-out';
    context.strokeStyle = '#fff';
    context.fillStyle = '#fff';
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
    draw();
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    const mask = maskRef.current;
    if (!mask) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const snapshot = mask.getContext('2d')!.getImageData(0, 0, mask.width, mask.height);
    undoRef.current = [...undoRef.current, snapshot].slice(-UNDO_STEPS);
    setUndoCount(undoRef.current.length);
    const point = toCanvas(event);
    lastPoint.current = point;
    paint(point, point);
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!lastPoint.current) return;
    const point = toCanvas(event);
    paint(lastPoint.current, point);
    lastPoint.current = point;
  }

  function undo() {
    const mask = maskRef.current;
    const previous = undoRef.current.at(-1);
    if (!mask || !previous) return;
    undoRef.current = undoRef.current.slice(0, -1);
    setUndoCount(undoRef.current.length);
    mask.getContext('2d')!.putImageData(previous, 0, 0);
    draw();
  }

  async function save() {
    const mask = maskRef.current;
    if (!mask) return;
    setIsSaving(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => mask.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('The mask could not be encoded.');
      await saveMask.mutateAsync({ uploadId: product.id, mask: blob });
      toast.success('Cut-out saved. Every design with this product uses it.');
      onOpenChange(false);
    } catch (error) {
      toast.error(
        error instanceof ApiError || error instanceof Error
          ? error.message
          : 'The cut-out could not be saved.',
      );
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <div
      className="flex flex-col gap-3"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
          event.preventDefault();
          undo();
        }
      }}
    >
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="radiogroup"
          aria-label="Brush"
          className="flex rounded-lg border border-border p-0.5"
        >
          {(['keep', 'erase'] as const).map((value) => {
            const Icon = value === 'keep' ? Paintbrush : Eraser;
            const isOn = tool === value;
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={isOn}
                onClick={() => setTool(value)}
                onKeyDown={(event) => {
                  if (event.key.startsWith('Arrow')) {
                    event.preventDefault();
                    setTool(value === 'keep' ? 'erase' : 'keep');
                  }
                }}
                tabIndex={isOn ? 0 : -1}
                className={cn(
                  'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium',
                  isOn ? 'bg-accent text-accent-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {value === 'keep' ? 'Keep' : 'Erase'}
              </button>
            );
          })}
        </div>
        <label htmlFor={sizeId} className="flex items-center gap-2 text-sm text-fg">
          Brush size
          <input
            id={sizeId}
            type="range"
            min={MIN_BRUSH}
            max={MAX_BRUSH}
            value={brush}
            onChange={(event) => setBrush(Number(event.target.value))}
            className="w-28 accent-accent"
          />
          <span className="w-12 text-xs text-muted tabular-nums">{brush} px</span>
        </label>
        <Button
          variant="secondary"
          className="h-8 px-3"
          onClick={undo}
          disabled={undoCount === 0}
          aria-keyshortcuts="Control+Z"
        >
          <Undo2 className="size-4" aria-hidden="true" />
          Undo
        </Button>
      </div>
      <div className="bg-checkerboard flex min-h-48 items-center justify-center overflow-hidden rounded-xl border border-border">
        {isReady ? (
          <canvas
            ref={attachCanvas}
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={() => (lastPoint.current = null)}
            onPointerCancel={() => (lastPoint.current = null)}
            aria-label={`${product.name}: the kept part on a checkerboard. Drag to paint with ${tool === 'keep' ? 'Keep' : 'Erase'}.`}
            role="img"
            data-testid="cut-out-canvas"
            className="block max-h-[45dvh] max-w-full touch-none cursor-crosshair"
          />
        ) : (
          <Spinner className="size-6" />
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={() => void save()} isLoading={isSaving} disabled={!isReady}>
          Save cut-out
        </Button>
      </div>
    </div>
  );
}
