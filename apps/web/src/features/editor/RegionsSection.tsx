import { useId } from 'react';
import { Crosshair, Move, RotateCcw, Scissors } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { normaliseAngle, type Placement } from './placement';
import type { Region } from './RegionsOverlay';

export type RegionsControls = {
  active: Region;
  onActivate: (region: Region) => void;
  hasRemoveBox: boolean;
  hasCustomRemoveBox: boolean;
  onMarkRemove: () => void;
  onResetRemove: () => void;
  placement: Placement | null;
  onPlacementChange: (placement: Placement) => void;
  onResetPlacement: () => void;
};

/** The panel's side of the two regions: which one the template's handles move, and the turn. */
export function RegionsSection(props: RegionsControls) {
  const turnId = useId();
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
          const isAvailable = value === 'place' ? placement !== null : props.hasRemoveBox;
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
