import { countOf } from '@adtwin/shared';

/** Where one template of a batch stands. */
export type BatchItemState = 'not-started' | 'running' | 'done' | 'failed';

export function batchItemState(
  generationId: string | null,
  status: 'queued' | 'running' | 'done' | 'failed' | undefined,
): BatchItemState {
  if (generationId === null) return 'not-started';
  if (status === 'done' || status === 'failed') return status;
  return 'running';
}

/** The line above the grid, read out as it changes: how many are ready, and what went wrong. */
export function summariseBatch(states: readonly BatchItemState[]): {
  isSettled: boolean;
  done: number;
  text: string;
} {
  const count = (state: BatchItemState) => states.filter((item) => item === state).length;
  const done = count('done');
  const failed = count('failed');
  const notStarted = count('not-started');
  const isSettled = count('running') === 0;
  if (isSettled && done === states.length) {
    return { isSettled, done, text: `All ${countOf(done, 'image')} are ready` };
  }
  const started = states.length - notStarted;
  const parts = [
    isSettled ? `${done} of ${states.length} ready` : `${done} of ${started} ready, creating…`,
    ...(failed ? [`${failed} failed`] : []),
    ...(notStarted ? [`${notStarted} did not start`] : []),
  ];
  return { isSettled, done, text: parts.join(' · ') };
}
