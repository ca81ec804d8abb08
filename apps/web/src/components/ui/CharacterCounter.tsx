import { cn } from './cn';

/**
 * How much of a field's limit is used ("12/200"), for inputs and textareas alike. The count is
 * hidden from screen readers, so it is not read out on every keystroke; a polite live region
 * says once that the limit is reached.
 */
export function CharacterCounter({
  length,
  max,
  className,
}: {
  length: number;
  max: number;
  className?: string;
}) {
  return (
    <>
      <span
        className={cn('shrink-0 text-xs text-muted tabular-nums', className)}
        aria-hidden="true"
      >
        {length}/{max}
      </span>
      <span className="sr-only" aria-live="polite">
        {length >= max ? `Limit of ${max} characters reached` : ''}
      </span>
    </>
  );
}
