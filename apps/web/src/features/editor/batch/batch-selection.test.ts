import { describe, expect, it } from 'vitest';
import { MAX_BATCH_TEMPLATES } from '@adtwin/shared';
import { describeBatchCost, toggleBatchPick } from './batch-selection';

const pick = (id: number) => ({ id, name: `Template ${id}`, imageUrl: `/t/${id}.png` });

describe('choosing templates for a batch', () => {
  it('adds at the end and removes a picked one', () => {
    let selected = toggleBatchPick([], pick(3));
    selected = toggleBatchPick(selected, pick(1));
    expect(selected.map((item) => item.id)).toEqual([3, 1]);
    expect(toggleBatchPick(selected, pick(3)).map((item) => item.id)).toEqual([1]);
  });

  it(`stops at ${MAX_BATCH_TEMPLATES}, and a full selection still lets one go`, () => {
    let selected: readonly ReturnType<typeof pick>[] = [];
    for (let id = 1; id <= MAX_BATCH_TEMPLATES + 3; id += 1)
      selected = toggleBatchPick(selected, pick(id));
    expect(selected).toHaveLength(MAX_BATCH_TEMPLATES);
    expect(selected.at(-1)?.id).toBe(MAX_BATCH_TEMPLATES);
    expect(toggleBatchPick(selected, pick(5))).toHaveLength(MAX_BATCH_TEMPLATES - 1);
  });
});

describe('what a batch costs', () => {
  it('counts one credit per image and what is left', () => {
    expect(describeBatchCost({ count: 4, creditsLeft: 10 })).toEqual({
      summary: '4 of 20 selected · 4 credits · 10 left',
      warning: null,
    });
    expect(describeBatchCost({ count: 1, creditsLeft: null }).summary).toBe(
      '1 of 20 selected · 1 credit',
    );
  });

  it('warns before a batch that the credits cannot pay for in full', () => {
    expect(describeBatchCost({ count: 5, creditsLeft: 3 }).warning).toBe(
      'You have 3 credits left: only 3 of these 5 will start.',
    );
    expect(describeBatchCost({ count: 2, creditsLeft: 0 }).warning).toBe(
      'You have no credits left, so none of these would start.',
    );
  });
});
