import { describe, expect, it } from 'vitest';
import { cutSidesOf, extendCutStrands } from '../src/pipeline/extend-strands.js';
import type { Raster } from '../src/pipeline/raster.js';

/** An RGBA product of the given size, red where `solid(x, y)` holds. */
function shape(width: number, height: number, solid: (x: number, y: number) => boolean): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (solid(x, y)) data.set([200, 30, 30, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height, channels: 4 };
}

const grey = (side: number): Raster => ({
  data: new Uint8Array(side * side * 3).fill(240),
  width: side,
  height: side,
  channels: 3,
});
const red = (frame: Raster, x: number, y: number) =>
  frame.data[(y * frame.width + x) * 3 + 1]! < 100;

describe('a strand the product photo cut off', () => {
  it('tells which sides of its photo the product reaches', () => {
    expect(cutSidesOf({ x: 0, y: 10, width: 50, height: 90 }, { width: 80, height: 100 })).toEqual({
      left: true,
      top: false,
      right: false,
      bottom: true,
    });
  });

  // A plug 40 x 40 at the right, and its cable 10 px thick leaving through the left side, falling
  // 1 px for every 2 px to the left.
  const cableMiddle = (x: number) => 50 + (x - 60) / -2 - 30;
  const plug = shape(
    100,
    80,
    (x, y) => (x >= 60 && y >= 20 && y < 60) || Math.abs(y - cableMiddle(x) - 20) < 5,
  );
  const box = { x: 100, y: 120, width: 100, height: 80 };

  it('carries a cable on in its own direction to the frame, and nothing beside it', () => {
    const frame = grey(300);
    const laid = extendCutStrands({
      frame,
      product: plug,
      box,
      sides: { left: true, top: false, right: false, bottom: false },
    });
    expect(laid).not.toBeNull();
    for (const x of [99, 60, 20, 0]) {
      // Where the cable's middle runs on past the product's box.
      const y = Math.round(box.y + cableMiddle(x - box.x) + 20);
      expect(red(frame, x, y)).toBe(true);
      // And not 10 px above or below it.
      expect(red(frame, x, y - 10)).toBe(false);
      expect(red(frame, x, y + 10)).toBe(false);
    }
  });

  it('leaves alone a side the photo did not cut, and a body the photo cut (not a strand)', () => {
    const frame = grey(300);
    expect(
      extendCutStrands({
        frame,
        product: plug,
        box,
        sides: { left: false, top: true, right: true, bottom: false },
      }),
    ).toBeNull();
    const body = shape(100, 80, (x, y) => y >= 10 && y < 70);
    expect(
      extendCutStrands({
        frame,
        product: body,
        box,
        sides: { left: true, top: false, right: false, bottom: false },
      }),
    ).toBeNull();
    expect(frame.data.every((value) => value === 240)).toBe(true);
  });

  it('does not carry legs the photo cut at its bottom through the floor', () => {
    const frame = grey(300);
    const chair = shape(100, 80, (x, y) => y < 40 || x < 8 || x >= 92);
    expect(
      extendCutStrands({
        frame,
        product: chair,
        box,
        sides: { left: false, top: false, right: false, bottom: true },
      }),
    ).toBeNull();
  });
});
