import { useId } from 'react';
import { Crosshair, Eraser, Move, RotateCcw, Scissors, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { cn } from '@/components/ui/cn';
import { normaliseAngle, type Placement } from './placement';
import type { Region } from './RegionsOverlay';
import { MAX_BRUSH, MIN_BRUSH, type RemoveMode } from './remove-mask';

export type RegionsControls = {
  active: Region;
  onActivate: (region: Region) => void;
  hasRemoveBox: boolean;
  hasCustomRemoveBox: boolean;
  onMarkRemove: () => void;
  onResetRemove: () => void;
  removeMode: RemoveMode;
  onRemoveModeChange: (mode: RemoveMode) => void;
  brush: number;
  onBrushChange: (size: number) => void;
  hasPainted: boolean;
  canUndoPaint: boolean;
  onUndoPaint: () => void;
  onClearPaint: () => void;
  /** Whether the template's analysis found words (the checkbox is shown only then). */
  hasText: boolean;
  includeText: boolean;
  onIncludeTextChange: (include: boolean) => void;
  placement: Placement | null;
  onPlacementChange: (placement: Placement) => void;
  onResetPlacement: () => void;
};

/** The panel's side of the two regions: which one the template's handles move, and the turn. */
export function RegionsSection(props: RegionsControls) {
  const turnId = useId();
  const brushId = useId();
  const { placement } = props;
  return (
    <section aria-labelledby="regions-heading" className="flex flex-col gap-2">
      <h2 id="regions-heading" className="text-sm font-medium text-fg">
        Regions
      </h2>
      <div
        role="radiogroup"
        aria-label="Adjust on the template"
        className="grid grid-cols-2 gap-1 rounded-lg bg-surface-2 p-1"
      >
        {(
          [
            { value: 'place', label: 'Place product', Icon: Move },
            { value: 'remove', label: 'Remove area', Icon: Scissors },
          ] as const
        ).map(({ value, label, Icon }) => {
          const isOn = props.active === value;
          const isAvailable =
            value === 'place'
              ? placement !== null
              : props.hasRemoveBox || props.removeMode === 'brush';
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={isOn}
              disabled={!isAvailable}
              onClick={() => props.onActivate(value)}
              className={cn(
                'inline-flex h-8 items-center justify-center gap-1.5 rounded-md text-xs font-medium disabled:opacity-50',
                isOn ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {label}
            </button>
          );
        })}
      </div>
      {props.active === 'remove' && (
        <div className="flex flex-col gap-2 rounded-lg border border-border p-2.5">
          <SegmentedControl
            label="Remove area as"
            value={props.removeMode}
            onChange={props.onRemoveModeChange}
            options={[
              { value: 'box', label: 'Box' },
              { value: 'brush', label: 'Brush' },
            ]}
          />
          {props.removeMode === 'brush' && (
            <>
              <label htmlFor={brushId} className="flex items-center gap-2 text-xs text-fg">
                Brush size
                <input
                  id={brushId}
                  type="range"
                  min={MIN_BRUSH}
                  max={MAX_BRUSH}
                  value={props.brush}
                  onChange={(event) => props.onBrushChange(Number(event.target.value))}
                  className="min-w-0 flex-1 accent-accent"
                />
                <span className="w-12 text-right text-muted tabular-nums">{props.brush} px</span>
              </label>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="h-8 px-3"
                  onClick={props.onUndoPaint}
                  disabled={!props.canUndoPaint}
                >
                  <Undo2 className="size-4" aria-hidden="true" />
                  Undo
                </Button>
                <Button
                  variant="ghost"
                  className="h-8 px-3"
                  onClick={props.onClearPaint}
                  disabled={!props.hasPainted}
                >
                  <Eraser className="size-4" aria-hidden="true" />
                  Clear
                </Button>
              </div>
              <p className="text-xs text-muted" aria-live="polite">
                {props.hasPainted
                  ? 'Exactly the painted pixels are removed.'
                  : 'Paint over the old product on the template. Nothing painted: the box is used.'}
              </p>
            </>
          )}
        </div>
      )}
      {props.hasText && (
        <label className="flex items-start gap-2 text-xs text-fg">
          <input
            type="checkbox"
            checked={props.includeText}
            onChange={(event) => props.onIncludeTextChange(event.target.checked)}
            className="mt-0.5 size-4 accent-accent"
          />
          <span>
            Include the ad&apos;s text
            <span className="block text-muted">
              {props.includeText
                ? 'Words inside the regions may be removed or covered.'
                : 'The outlined words stay as they are, in front of your product.'}
            </span>
          </span>
        </label>
      )}
      <p className="text-xs text-muted">
        {placement
          ? 'Drag a box on the template to move it, its corner to resize it, the round handle above Place to turn your product. With a box focused: arrow keys move, Shift+arrows resize, [ and ] turn.'
          : 'Add a product image to place it. The old product is found in the template automatically, or mark its area yourself.'}
      </p>
      {placement && (
        <label htmlFor={turnId} className="flex items-center gap-2 text-xs text-fg">
          Turn
          <input
            id={turnId}
            type="number"
            min={-180}
            max={180}
            step={5}
            value={placement.rotation}
            onChange={(event) =>
              props.onPlacementChange({
                ...placement,
                rotation: normaliseAngle(Number(event.target.value) || 0),
              })
            }
            className="h-8 w-20 rounded-md border border-border bg-surface px-2 text-sm text-fg"
          />
          degrees
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        {!props.hasRemoveBox && (
          <Button variant="secondary" className="h-8 px-3" onClick={props.onMarkRemove}>
            <Crosshair className="size-4" aria-hidden="true" />
            Mark area to remove
          </Button>
        )}
        {props.hasCustomRemoveBox && (
          <Button variant="ghost" className="h-8 px-3" onClick={props.onResetRemove}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Reset remove area
          </Button>
        )}
        {placement && (
          <Button variant="ghost" className="h-8 px-3" onClick={props.onResetPlacement}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Reset placement
          </Button>
        )}
      </div>
    </section>
  );
}
