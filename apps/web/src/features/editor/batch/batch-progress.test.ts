import { describe, expect, it } from 'vitest';
import { batchItemState, summariseBatch } from './batch-progress';

describe('one template of a batch', () => {
  it('did not start without a generation, else follows it', () => {
    expect(batchItemState(null, undefined)).toBe('not-started');
    expect(batchItemState('g1', undefined)).toBe('running');
    expect(batchItemState('g1', 'queued')).toBe('running');
    expect(batchItemState('g1', 'done')).toBe('done');
    expect(batchItemState('g1', 'failed')).toBe('failed');
  });
});

describe('the batch as a whole', () => {
  it('counts the ready ones among those that started while it runs', () => {
    expect(summariseBatch(['done', 'running', 'not-started', 'not-started'])).toEqual({
      isSettled: false,
      done: 1,
      text: '1 of 2 ready, creating… · 2 did not start',
    });
  });

  it('says what went wrong once it is over', () => {
    expect(summariseBatch(['done', 'failed', 'done', 'not-started', 'done'])).toEqual({
      isSettled: true,
      done: 3,
      text: '3 of 5 ready · 1 failed · 1 did not start',
    });
    expect(summariseBatch(['done', 'done', 'done', 'done']).text).toBe('All 4 images are ready');
  });
});
