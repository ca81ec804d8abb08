import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeStartFailure } from '@/features/generation';
import { queryKeys } from '@/lib/query-keys';
import type { Placement } from './placement';

/**
 * Several images in one run: each placement started as its own swap (one credit each), stopping
 * at the first refusal; the ids started and the refusal are kept for the variants dialog.
 */
export function useVariants() {
  const queryClient = useQueryClient();
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
    void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
  }

  return { count, setCount, run, close: () => setRun(null), isStarting, start };
}
