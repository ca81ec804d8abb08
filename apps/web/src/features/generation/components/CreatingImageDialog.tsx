import { useEffect, useState } from 'react';
import { Check, CircleAlert, Circle } from 'lucide-react';
import { initialGenerationSteps } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import type { Generation, GenerationStep } from '../api';
import { stepLabel } from '../step-label';
import type { RunFailure } from '../use-generation-run';

/** What the dialog lists before the server has answered with the job's own steps. */
function stepsBeforeStart(kind: 'swap' | 'chat'): GenerationStep[] {
  return initialGenerationSteps(kind).map((step, i) =>
    i === 0 ? { ...step, status: 'active' } : step,
  );
}

/** Re-renders every second while a step is active, for the slow label. */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

/**
 * 'Creating Image' with the job's steps as they happen; 'Generation Failed' with the reason,
 * Close and Try Again when it fails.
 */
export function CreatingImageDialog({
  isOpen,
  kind = 'swap',
  generation,
  failure,
  onClose,
  onRetry,
}: {
  isOpen: boolean;
  kind?: 'swap' | 'chat';
  generation: Generation | undefined;
  failure: RunFailure | null;
  onClose: () => void;
  onRetry: () => void;
}) {
  const steps = generation?.steps ?? stepsBeforeStart(kind);
  const shown = failure && !generation ? markActiveAsError(steps) : steps;
  const isCreating = shown.some((step) => step.key === 'create' && step.status === 'active');
  const now = useNow(isCreating);
  const [openedAt] = useState(() => Date.now());

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={failure ? 'Generation Failed' : 'Creating Image'}
    >
      <ol className="flex flex-col gap-3" aria-label="Generation steps">
        {shown.map((step) => {
          const label = stepLabel(step, now, openedAt);
          return (
            <li
              key={step.key}
              className="flex items-center gap-3 text-sm"
              data-status={step.status}
            >
              <StepIcon status={step.status} />
              <span
                className={cn(
                  step.status === 'pending' && 'text-muted',
                  step.status === 'active' && 'font-medium text-fg',
                  step.status === 'error' && 'font-medium text-danger',
                )}
              >
                {step.status === 'error' ? `${label} - failed` : label}
              </span>
              <span className="sr-only">({step.status})</span>
            </li>
          );
        })}
      </ol>
      {failure && (
        <div role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-sm">
          <p className="font-semibold text-danger">{failure.title}</p>
          <p className="mt-1 text-fg">{failure.message}</p>
        </div>
      )}
      {failure ? (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onRetry}>Try Again</Button>
        </div>
      ) : (
        <p className="text-xs text-muted">
          You can close this window; the image keeps being made and appears when it is ready.
        </p>
      )}
    </Dialog>
  );
}

function markActiveAsError(steps: GenerationStep[]): GenerationStep[] {
  return steps.map((step) => (step.status === 'active' ? { ...step, status: 'error' } : step));
}

function StepIcon({ status }: { status: GenerationStep['status'] }) {
  if (status === 'complete')
    return <Check className="size-5 shrink-0 text-success" aria-hidden="true" />;
  if (status === 'active') return <Spinner className="size-5 shrink-0 text-accent" />;
  if (status === 'error')
    return <CircleAlert className="size-5 shrink-0 text-danger" aria-hidden="true" />;
  return <Circle className="size-5 shrink-0 text-muted" aria-hidden="true" />;
}
