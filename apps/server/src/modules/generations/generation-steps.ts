import { GENERATION_STEP_LABELS } from '@adtwin/shared';

export type StepStatus = 'pending' | 'active' | 'complete' | 'error';
export type GenerationStepState = { key: StepKey; label: string; status: StepStatus; at?: string };
export type StepKey = 'check' | 'upload' | 'create' | 'done';

/** The four steps of the spec, all pending; chat reads 'Preparing images' for the second. */
export function initialSteps(kind: 'swap' | 'chat'): GenerationStepState[] {
  return [
    { key: 'check', label: GENERATION_STEP_LABELS.check, status: 'pending' },
    {
      key: 'upload',
      label: kind === 'chat' ? GENERATION_STEP_LABELS.prepare : GENERATION_STEP_LABELS.upload,
      status: 'pending',
    },
    { key: 'create', label: GENERATION_STEP_LABELS.create, status: 'pending' },
    { key: 'done', label: GENERATION_STEP_LABELS.done, status: 'pending' },
  ];
}

/** Marks every step before `key` complete and `key` active. */
export function activateStep(
  steps: GenerationStepState[],
  key: StepKey,
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
