import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export type SegmentOption<T extends string> = { value: T; label: ReactNode; badge?: ReactNode };

/**
 * A row of mutually exclusive choices, as native radio buttons so arrow keys, labels and screen
 * readers behave as they should.
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: SegmentOption<T>[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-surface-2 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex h-9 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === option.value ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
            {option.badge}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The small PRO mark on paid-only choices. */
export function ProBadge() {
  return (
    <span className="rounded bg-accent-soft px-1 py-0.5 text-[10px] leading-none font-semibold text-accent">
      PRO
    </span>
  );
}
