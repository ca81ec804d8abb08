import { Check } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useGeneration, type Generation } from '@/features/generation';

/**
 * The variants of one Create, side by side as they finish; the person picks the one to keep
 * working with. Each was its own generation (and credit); all stay in Your Designs.
 */
export function VariantsDialog({
  ids,
  error,
  onPick,
  onClose,
}: {
  ids: string[] | null;
  /** Why fewer variants started than were asked for (no credits, too many at once). */
  error: string | null;
  onPick: (generation: Generation) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={ids !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title="Choose a variant"
      description="Each variant places your product a little differently. Pick the one to keep working with; all of them stay in Your Designs."
      className="sm:max-w-4xl"
    >
      {error && (
        <p role="alert" className="rounded-lg bg-danger-soft p-2.5 text-sm text-danger">
          {error}
        </p>
      )}
      <ul
        className="grid grid-cols-[repeat(auto-fit,minmax(12rem,1fr))] gap-3"
        aria-label="Variants"
        data-testid="variants"
      >
        {(ids ?? []).map((id, index) => (
          <VariantTile key={id} id={id} index={index} onPick={onPick} />
        ))}
      </ul>
    </Dialog>
  );
}

function VariantTile({
  id,
  index,
  onPick,
}: {
  id: string;
  index: number;
  onPick: (generation: Generation) => void;
}) {
  const generation = useGeneration(id);
  const label = `Variant ${index + 1}`;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2 p-2">
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-surface">
        {generation?.status === 'done' && generation.result ? (
          <img
            src={generation.result.url}
            alt={label}
            className="max-h-full max-w-full object-contain"
          />
        ) : generation?.status === 'failed' ? (
          <p role="alert" className="p-3 text-center text-sm text-danger">
            {generation.error?.message ?? 'This variant failed. Its credit was refunded.'}
          </p>
        ) : (
          <span className="flex flex-col items-center gap-2 text-xs text-muted">
            <Spinner className="size-5" />
            Creating {label.toLowerCase()}…
          </span>
        )}
      </div>
      <Button
        variant="secondary"
        className="h-9"
        disabled={generation?.status !== 'done'}
        onClick={() => generation && onPick(generation)}
      >
        <Check className="size-4" aria-hidden="true" />
        Use {label.toLowerCase()}
      </Button>
    </li>
  );
}
