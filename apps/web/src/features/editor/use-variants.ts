import { useState } from 'react';
import { describeStartFailure } from '@/features/generation';
import type { Placement } from './placement';

/**
 * Several images in one run: each placement started as its own swap (one credit each), stopping
 * at the first refusal; the ids started and the refusal are kept for the variants dialog.
 * `startOne` goes through the start mutation (useStartSwap), which reads the credits again.
 */
export function useVariants() {
  const [count, setCount] = useState(1);
  const [run, setRun] = useState<{ ids: string[]; error: string | null } | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  async function start(
    placements: Placement[],
    startOne: (placement: Placement) => Promise<{ id: string }>,
  ) {
    setIsStarting(true);
    const ids: string[] = [];
    let error: string | null = null;
    for (const placement of placements) {
      try {
        ids.push((await startOne(placement)).id);
      } catch (failure) {
        const refused = describeStartFailure(failure);
        const reason =
          refused.kind === 'upgrade' ? `${refused.feature} needs more credits.` : refused.message;
        error =
          ids.length === 0
            ? reason
            : `Only ${ids.length} of ${placements.length} variants could start: ${reason}`;
        break;
      }
    }
    setIsStarting(false);
    setRun({ ids, error });
  }

  return { count, setCount, run, close: () => setRun(null), isStarting, start };
}
