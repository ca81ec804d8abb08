import type { GenerationStepKey, GenerationStepState } from '@adtwin/shared';

/** Marks every step before `key` complete and `key` active. */
export function activateStep(
  steps: GenerationStepState[],
  key: GenerationStepKey,
  now = new Date(),
): GenerationStepState[] {
  const index = steps.findIndex((step) => step.key === key);
  return steps.map((step, i) =>
    i < index
      ? { ...step, status: 'complete', at: step.at ?? now.toISOString() }
      : i === index
        ? { ...step, status: key === 'done' ? 'complete' : 'active', at: now.toISOString() }
        : step,
  );
}

/** Marks the active step (or the first pending one) as the one that failed. */
export function failActiveStep(steps: GenerationStepState[]): GenerationStepState[] {
  const index = Math.max(
    steps.findIndex((step) => step.status === 'active'),
    0,
  );
  return steps.map((step, i) => (i === index ? { ...step, status: 'error' } : step));
}
