import { SLOW_CREATE_LABEL, SLOW_STEP_AFTER_MS } from '@adtwin/shared';
import type { GenerationStep } from './api';

/**
 * A step's label now: the creating step reads 'Creating image... may take a moment...' once it
 * has been active for 30 seconds, counted from the server's time for the step when it has one.
 */
export function stepLabel(step: GenerationStep, now: number, fallbackStart: number): string {
  if (step.key !== 'create' || step.status !== 'active') return step.label;
  const startedAt = step.at ? Date.parse(step.at) : fallbackStart;
  return now - (Number.isNaN(startedAt) ? fallbackStart : startedAt) >= SLOW_STEP_AFTER_MS
    ? SLOW_CREATE_LABEL
    : step.label;
}
