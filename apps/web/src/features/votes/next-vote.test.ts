import { describe, expect, it } from 'vitest';
import { applyVote, nextVote } from './next-vote';

describe('votes', () => {
  it('toggle off when the same vote is clicked again', () => {
    expect(nextVote('like', 'like')).toBe('none');
    expect(nextVote('like', 'dislike')).toBe('dislike');
    expect(nextVote('none', 'dislike')).toBe('dislike');
  });
  it('move counts from the old vote to the new one', () => {
    expect(applyVote({ likes: 2, dislikes: 1 }, 'like', 'dislike')).toEqual({
      likes: 1,
      dislikes: 2,
    });
    expect(applyVote({ likes: 2, dislikes: 1 }, 'none', 'like')).toEqual({ likes: 3, dislikes: 1 });
    expect(applyVote({ likes: 0, dislikes: 0 }, 'like', 'none')).toEqual({ likes: 0, dislikes: 0 });
  });
});
