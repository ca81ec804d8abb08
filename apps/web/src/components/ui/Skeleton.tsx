import { cn } from './cn';

/** A grey placeholder with a soft pulse, hidden from screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-surface-2', className)} />
  );
}
