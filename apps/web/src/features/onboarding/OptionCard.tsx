import { Check } from 'lucide-react';
import { cn } from '@/components/ui/cn';

export function OptionCard({
  option,
  isSelected,
  onSelect,
}: {
  option: { label: string; description: string };
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isSelected}
      onClick={onSelect}
      className={cn(
        'relative flex min-h-24 flex-col items-start gap-1 rounded-xl border bg-surface p-4 text-left transition-all',
        'hover:border-accent/60 hover:shadow-sm',
        isSelected ? 'border-accent ring-2 ring-accent/30' : 'border-border',
      )}
    >
      <span className="text-sm font-semibold text-fg">{option.label}</span>
      <span className="text-xs leading-snug text-muted">{option.description}</span>
      {isSelected && (
        <span className="absolute right-3 top-3 inline-flex size-5 items-center justify-center rounded-full bg-accent text-accent-fg">
          <Check className="size-3" aria-hidden="true" />
        </span>
      )}
    </button>
  );
}
