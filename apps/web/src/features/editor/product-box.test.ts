import { describe, expect, it } from 'vitest';
import { centredBox, clampBox, moveBox, resizeBox } from './product-box';

const image = { width: 1000, height: 800 };

describe('product box', () => {
  it('stays inside the image when moved past an edge', () => {
    const box = { x: 100, y: 100, width: 200, height: 200 };
    expect(moveBox(box, -500, 0, image)).toEqual({ x: 0, y: 100, width: 200, height: 200 });
    expect(moveBox(box, 5000, 5000, image)).toEqual({ x: 800, y: 600, width: 200, height: 200 });
  });

  it('resizes from its corner, never past the image nor below 5% of its shorter side', () => {
    const box = { x: 900, y: 100, width: 50, height: 50 };
    expect(resizeBox(box, 500, 0, image)).toEqual({ x: 900, y: 100, width: 100, height: 50 });
    expect(resizeBox({ ...box, x: 100 }, -1000, -1000, image)).toEqual({
      x: 100,
      y: 100,
      width: 40,
      height: 40,
    });
  });

  it('rounds hostile numbers back into the image', () => {
    expect(clampBox({ x: -5.4, y: 1e9, width: 5e6, height: 12.6 }, image)).toEqual({
      x: 0,
      y: 760,
      width: 1000,
      height: 40,
    });
    expect(centredBox(image)).toEqual({ x: 300, y: 240, width: 400, height: 320 });
  });
});
