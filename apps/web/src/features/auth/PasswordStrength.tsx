import { measurePasswordStrength } from '@adtwin/shared';
import { cn } from '@/components/ui/cn';

const BAR_COLOURS = [
  'bg-border',
  'bg-danger',
  'bg-danger',
  'bg-amber-500',
  'bg-amber-500',
  'bg-success',
];

/** Live meter of the five signup rules. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = measurePasswordStrength(password);
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            className={cn(
              'h-1 flex-1 rounded-full',
              step <= score ? BAR_COLOURS[score] : 'bg-border',
            )}
          />
        ))}
      </div>
      <span className="text-xs text-muted" data-testid="password-strength">
        {label}
      </span>
    </div>
  );
}
