import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { learnedModelLoader } from '../src/ml/learned-model.js';

describe('a learned model loader', () => {
  it('lets the bytes a model was loaded from go once the model is loaded', async () => {
    // The model's bytes, garbage once its session holds its own copy (as ISNet's 264 MB are).
    let bytes: WeakRef<Uint8Array> | undefined;
    const load = learnedModelLoader(async () => {
      const model = new Uint8Array(64 * 1024 * 1024).fill(1);
      bytes = new WeakRef(model);
      return { size: model.length };
    });
    expect(await load()).toEqual({ size: 64 * 1024 * 1024 });
    await nextTurn();
    await nextTurn();
    // The length, not the array: a failure would print 64 million numbers.
    expect(bytes?.deref()?.length).toBeUndefined();
  });

  it('shares one load and tries again after a failure', async () => {
    let calls = 0;
    const load = learnedModelLoader(async () => {
      calls += 1;
      if (calls === 1) throw new Error('no weights');
      return 'model';
    });
    await expect(load()).rejects.toThrow('no weights');
    expect(await Promise.all([load(), load()])).toEqual(['model', 'model']);
    expect(calls).toBe(2);
  });
});
