import { Plus, Trash2 } from 'lucide-react';
import { MAX_TEXT_REPLACEMENTS, TEXT_REPLACEMENT_MAX_LENGTH } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { canAddReplacement, newReplacement, type TextReplacement } from './text-replacements';

const INPUT =
  'h-9 min-w-0 flex-1 rounded-lg border border-border bg-surface px-2.5 text-sm text-fg placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none';

/** 'Replace Text (Ads)': up to five words of the ad and what each becomes. */
export function ReplaceTextSection({
  items,
  onChange,
}: {
  items: TextReplacement[];
  onChange: (items: TextReplacement[]) => void;
}) {
  const update = (id: string, change: Partial<TextReplacement>) =>
    onChange(items.map((item) => (item.id === id ? { ...item, ...change } : item)));

  return (
    <section aria-labelledby="replace-text-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="replace-text-heading" className="text-sm font-medium text-fg">
          Replace Text (Ads)
        </h2>
        <Button
          variant="ghost"
          className="h-8 px-2"
          disabled={!canAddReplacement(items)}
          onClick={() => onChange([...items, newReplacement()])}
          aria-label="Add a text replacement"
        >
          <Plus className="size-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-xs text-muted">
          Change words in the ad, such as the brand or the price. Latin characters only.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item, index) => (
            <li key={item.id} className="flex items-center gap-1.5">
              <input
                value={item.toReplace}
                onChange={(event) => update(item.id, { toReplace: event.target.value })}
                placeholder="Text in the ad"
                aria-label={`Text to replace ${index + 1}`}
                maxLength={TEXT_REPLACEMENT_MAX_LENGTH}
                className={INPUT}
              />
              <input
                value={item.replacement}
                onChange={(event) => update(item.id, { replacement: event.target.value })}
                placeholder="Replace with"
                aria-label={`Replace with ${index + 1}`}
                maxLength={TEXT_REPLACEMENT_MAX_LENGTH}
                className={INPUT}
              />
              <button
                type="button"
                onClick={() => onChange(items.filter((other) => other.id !== item.id))}
                aria-label={`Remove text replacement ${index + 1}`}
                className="rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-danger"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!canAddReplacement(items) && (
        <p className="text-xs text-muted">Up to {MAX_TEXT_REPLACEMENTS} replacements.</p>
      )}
    </section>
  );
}
