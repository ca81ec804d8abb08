import type { UserVote, VoteType } from '@adtwin/shared';

export type VoteCounts = { likes: number; dislikes: number };

/** Clicking the vote you already gave removes it; any other click sets it. */
export function nextVote(current: UserVote, clicked: VoteType): UserVote {
  return current === clicked ? 'none' : clicked;
}

/** The counts as they will be after moving from one vote to another (the optimistic view). */
export function applyVote(counts: VoteCounts, from: UserVote, to: UserVote): VoteCounts {
  const result = { ...counts };
  if (from === 'like') result.likes -= 1;
  if (from === 'dislike') result.dislikes -= 1;
  if (to === 'like') result.likes += 1;
  if (to === 'dislike') result.dislikes += 1;
  return { likes: Math.max(0, result.likes), dislikes: Math.max(0, result.dislikes) };
}
