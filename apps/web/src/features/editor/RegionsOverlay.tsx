import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { fitProduct, normaliseAngle, type Placement } from './placement';
import type { Box } from '@adtwin/shared';
import { moveBox, resizeBox } from './product-box';
import { RemoveBrushLayer } from './RemoveBrushLayer';
import type { RemoveMode } from './remove-mask';

type Size = { width: number; height: number };
export type Region = 'place' | 'remove';

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/**
 * The two regions drawn on the template, in its own pixels: Remove (the old product, taken out;
 * a box or a painted mask) and Place (where the new product goes, shown there as a live preview,
 * turned as chosen). The ad's words are outlined; unless the person includes them they stay out
 * of both regions, so they are drawn in front of the preview as the result will show them. Only
 * the active region takes the pointer.
 */
export function RegionsOverlay({
  image,
  templateUrl,
  active,
  onActivate,
  removeMode,
  removeBox,
  onRemoveChange,
  removeMask,
  brush,
  onStroke,
  includeText,
  placement,
  onPlacementChange,
  product,
  textBoxes,
}: {
  image: Size;
  templateUrl: string;
  active: Region;
  onActivate: (region: Region) => void;
  removeMode: RemoveMode;
  removeBox: Box | null;
  onRemoveChange: (box: Box) => void;
  /** The painted Remove mask (brush mode), a PNG data URL; null when nothing is painted. */
  removeMask: string | null;
  brush: number;
  onStroke: (mask: string) => void;
  includeText: boolean;
  placement: Placement | null;
  onPlacementChange: (placement: Placement) => void;
  /** The cut-out to preview in the place box, with its own pixel size. */
  product: { url: string; width: number; height: number } | null;
  textBoxes: (Box & { text: string })[];
}) {
  return (
    <div className="absolute inset-0" data-testid="regions">
      {textBoxes.map((word, index) => (
        <div
          key={index}
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute rounded-sm border border-dotted border-white/80 shadow-[0_0_0_1px_rgba(0,0,0,0.35)]',
            // Kept text is the template's own pixels in front of everything, as in the result.
            !includeText && 'z-40 bg-no-repeat',
          )}
          style={{
            left: percent(word.x, image.width),
            top: percent(word.y, image.height),
            width: percent(word.width, image.width),
            height: percent(word.height, image.height),
            ...(includeText
              ? {}
              : {
                  backgroundImage: `url("${templateUrl}")`,
                  backgroundSize: `${(image.width / word.width) * 100}% ${(image.height / word.height) * 100}%`,
                  backgroundPosition: `${image.width === word.width ? 0 : (word.x / (image.width - word.width)) * 100}% ${image.height === word.height ? 0 : (word.y / (image.height - word.height)) * 100}%`,
                }),
          }}
          data-testid="text-region"
          data-kept={includeText ? undefined : 'true'}
        />
      ))}
      {textBoxes.length > 0 && (
        <p className="sr-only">
          Text in the ad, {includeText ? 'included in the regions' : 'kept out of both regions'}:{' '}
          {textBoxes.map((word) => word.text).join(', ')}
        </p>
      )}
      {removeMode === 'brush' && (
        <RemoveBrushLayer
          image={image}
          mask={removeMask}
          brush={brush}
          isActive={active === 'remove'}
          onStroke={onStroke}
        />
      )}
      {removeMode === 'box' && removeBox && (
        <RegionBox
          label="Remove"
          description="Area to remove"
          box={removeBox}
          image={image}
          isActive={active === 'remove'}
          onActivate={() => onActivate('remove')}
          onChange={onRemoveChange}
          tone="remove"
          testId="product-box"
        />
      )}
      {placement && (
        <RegionBox
          label="Place"
          description="Where your product goes"
          box={placement.box}
          rotation={placement.rotation}
          image={image}
          isActive={active === 'place'}
          onActivate={() => onActivate('place')}
          onChange={(box) => onPlacementChange({ ...placement, box })}
          onRotate={(rotation) => onPlacementChange({ ...placement, rotation })}
          tone="place"
          testId="place-box"
        >
          {product && <ProductPreview product={product} placement={placement} />}
        </RegionBox>
      )}
    </div>
  );
}

/** The cut-out where the engine will put it: fitted in the box, on its floor, turned. */
function ProductPreview({
  product,
  placement,
}: {
  product: { url: string; width: number; height: number };
  placement: Placement;
}) {
  const fit = fitProduct(product, placement);
  const { box } = placement;
  return (
    <img
      src={product.url}
      alt=""
      draggable={false}
      data-testid="placement-preview"
      className="pointer-events-none absolute max-w-none select-none"
      style={{
        left: percent(fit.centreX - box.x, box.width),
        top: percent(fit.centreY - box.y, box.height),
        width: percent(fit.width, box.width),
        height: percent(fit.height, box.height),
        transform: `translate(-50%, -50%) rotate(${placement.rotation}deg)`,
      }}
    />
  );
}

type Drag =
  | { mode: 'move' | 'resize'; startX: number; startY: number; start: Box }
  | { mode: 'rotate'; centreX: number; centreY: number };

function RegionBox({
  label,
  description,
  box,
  rotation,
  image,
  isActive,
  onActivate,
  onChange,
  onRotate,
  tone,
  testId,
  children,
}: {
  label: string;
  description: string;
  box: Box;
  rotation?: number;
  image: Size;
  isActive: boolean;
  onActivate: () => void;
  onChange: (box: Box) => void;
  onRotate?: (rotation: number) => void;
  tone: 'remove' | 'place';
  testId: string;
  children?: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  /** Screen pixels to image pixels, from the size the template is drawn at. */
  function scale() {
    const layer = boxRef.current?.parentElement?.getBoundingClientRect();
    return layer && layer.width > 0 ? image.width / layer.width : 1;
  }

  function begin(mode: 'move' | 'resize' | 'rotate', event: PointerEvent<HTMLElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (!isActive) onActivate();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    if (mode === 'rotate') {
      const rect = boxRef.current!.getBoundingClientRect();
      drag.current = {
        mode,
        centreX: rect.left + rect.width / 2,
        centreY: rect.top + rect.height / 2,
      };
    } else {
      drag.current = { mode, startX: event.clientX, startY: event.clientY, start: box };
    }
  }
  function follow(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current) return;
    if (current.mode === 'rotate') {
      // The handle sits above the box: pointing straight up is no turn.
      const angle =
        (Math.atan2(event.clientY - current.centreY, event.clientX - current.centreX) * 180) /
          Math.PI +
        90;
      onRotate?.(normaliseAngle(angle));
      return;
    }
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

  function keys(event: KeyboardEvent<HTMLDivElement>) {
    if (onRotate && (event.key === '[' || event.key === ']')) {
      event.preventDefault();
      const step = event.shiftKey ? 15 : 5;
      onRotate(normaliseAngle((rotation ?? 0) + (event.key === ']' ? step : -step)));
      return;
    }
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

  const turn = rotation ? `, turned ${rotation} degrees` : '';
  const rotateKeys = onRotate ? ' [ and ] turn it.' : '';
  return (
    <div
      ref={boxRef}
      role="group"
      tabIndex={0}
      aria-label={`${description}: ${box.x}, ${box.y}, ${box.width} by ${box.height} pixels${turn}. Arrow keys move it, Shift and arrow keys resize it.${rotateKeys}`}
      data-testid={testId}
      data-active={isActive || undefined}
      onPointerDown={(event) => begin('move', event)}
      onPointerMove={follow}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={keys}
      onFocus={() => {
        if (!isActive) onActivate();
      }}
      className={cn(
        'absolute touch-none rounded-sm border-2 shadow-[0_0_0_1px_rgba(0,0,0,0.45)]',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        tone === 'remove'
          ? 'border-dashed border-white bg-[repeating-linear-gradient(45deg,rgba(217,45,63,0.28)_0_6px,transparent_6px_12px)]'
          : 'border-solid border-accent',
        // Never faded as a whole: its label must stay readable (4.5:1) over any ad.
        isActive ? 'z-20 cursor-move' : 'z-10 cursor-pointer border-[1.5px]',
      )}
      style={{
        left: percent(box.x, image.width),
        top: percent(box.y, image.height),
        width: percent(box.width, image.width),
        height: percent(box.height, image.height),
      }}
    >
      {children}
      <span
        className={cn(
          'pointer-events-none absolute left-0 rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap',
          tone === 'remove'
            ? '-bottom-6 bg-danger text-danger-fg'
            : '-top-6 bg-accent text-accent-fg',
        )}
      >
        {label}
      </span>
      {isActive && (
        <>
          <span
            aria-hidden="true"
            data-testid={`${testId}-handle`}
            onPointerDown={(event) => begin('resize', event)}
            onPointerMove={follow}
            onPointerUp={end}
            onPointerCancel={end}
            className="absolute -right-2.5 -bottom-2.5 size-5 cursor-nwse-resize touch-none rounded-full border-2 border-white bg-accent shadow"
          />
          {onRotate && (
            <span
              aria-hidden="true"
              data-testid={`${testId}-rotate`}
              onPointerDown={(event) => begin('rotate', event)}
              onPointerMove={follow}
              onPointerUp={end}
              onPointerCancel={end}
              className="absolute -top-9 left-1/2 flex size-6 -translate-x-1/2 cursor-grab touch-none items-center justify-center rounded-full border-2 border-white bg-accent text-white shadow"
            >
              <RotateCw className="size-3.5" />
            </span>
          )}
        </>
      )}
    </div>
  );
}
