import { MAX_BATCH_TEMPLATES, countOf } from '@adtwin/shared';

/** An official template picked for a batch, with what its tile shows. */
export type BatchPick = { id: number; name: string; imageUrl: string };

/**
 * The selection after a click on one template: a picked one is dropped, a new one is added at the
 * end unless the selection is full (then it is returned unchanged, so the click does nothing).
 */
export function toggleBatchPick(
  selected: readonly BatchPick[],
  pick: BatchPick,
  max = MAX_BATCH_TEMPLATES,
): readonly BatchPick[] {
  if (selected.some((item) => item.id === pick.id)) {
    return selected.filter((item) => item.id !== pick.id);
  }
  return selected.length >= max ? selected : [...selected, pick];
}

/**
 * What a batch of `count` templates costs, said before it starts: one credit per image. With fewer
 * credits than images, the server starts as many as the credits pay for and says which did not.
 */
export function describeBatchCost({
  count,
  creditsLeft,
  max = MAX_BATCH_TEMPLATES,
}: {
  count: number;
  /** null while the credits are still loading. */
  creditsLeft: number | null;
  max?: number;
}): { summary: string; warning: string | null } {
  const summary = `${count} of ${max} selected · ${countOf(count, 'credit')}`;
  if (creditsLeft === null || count <= creditsLeft) {
    return {
      summary: creditsLeft === null ? summary : `${summary} · ${creditsLeft} left`,
      warning: null,
    };
  }
  return {
    summary: `${summary} · ${creditsLeft} left`,
    warning:
      creditsLeft === 0
        ? 'You have no credits left, so none of these would start.'
        : `You have ${countOf(creditsLeft, 'credit')} left: only ${creditsLeft} of these ${count} will start.`,
  };
}
