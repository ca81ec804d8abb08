import { describe, expect, it } from 'vitest';
import {
  base64OfDataUrl,
  boxInMask,
  currentMask,
  maskSize,
  withCleared,
  withStroke,
  withUndo,
} from './remove-mask';

describe('the painted Remove mask', () => {
  it("keeps the template's shape at most 1024 px a side, never enlarged", () => {
    expect(maskSize({ width: 2048, height: 1536 })).toEqual({ width: 1024, height: 768 });
    expect(maskSize({ width: 800, height: 1200 })).toEqual({ width: 683, height: 1024 });
    expect(maskSize({ width: 600, height: 400 })).toEqual({ width: 600, height: 400 });
  });

  it('maps a text box into mask pixels, covering it whole', () => {
    const template = { width: 2048, height: 2048 };
    const mask = { width: 1024, height: 1024 };
    expect(boxInMask({ x: 101, y: 51, width: 200, height: 40 }, template, mask)).toEqual({
      x: 50,
      y: 25,
      width: 101,
      height: 21,
    });
  });

  it('undoes strokes and a clear one at a time', () => {
    let history = withStroke([], 'a');
    history = withStroke(history, 'b');
    expect(currentMask(history)).toBe('b');
    history = withCleared(history);
    expect(currentMask(history)).toBeNull();
    // Clearing an empty mask adds nothing to undo.
    expect(withCleared(history)).toBe(history);
    history = withUndo(history);
    expect(currentMask(history)).toBe('b');
    expect(currentMask(withUndo(withUndo(history)))).toBeNull();
  });

  it('keeps the last 20 steps', () => {
    let history: (string | null)[] = [];
    for (let step = 0; step < 25; step += 1) history = withStroke(history, String(step));
    expect(history).toHaveLength(20);
    expect(history[0]).toBe('5');
  });

  it('sends the base64 of a data URL', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(base64OfDataUrl('nonsense')).toBe('');
  });
});
