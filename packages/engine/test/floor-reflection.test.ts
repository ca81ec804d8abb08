import { describe, expect, it } from 'vitest';
import { dropFloorReflection } from '../src/pipeline/cut-out-product.js';
import type { Raster } from '../src/pipeline/raster.js';

/**
 * A 60 x 100 photo whose object (columns 10..49, alpha from row 10) has a textured body down to
 * row `contact` and, below it, what `below` paints: its rows 0.. under the contact line.
 */
function photo(contact: number, below: (row: number) => number) {
  const width = 60;
  const height = 100;
  const data = new Uint8Array(width * height * 3).fill(235);
  const alpha = new Uint8Array(width * height);
  for (let y = 10; y < 90; y += 1) {
    for (let x = 10; x < 50; x += 1) {
      const i = y * width + x;
      alpha[i] = 255;
      // The body: a dark edge at the bottom, texture above it.
      const value =
        y >= contact ? below(y - contact) : y >= contact - 3 ? 10 : 60 + ((x * 7 + y * 13) % 50);
      data.fill(value, i * 3, i * 3 + 3);
    }
  }
  const raster: Raster = { data, width, height, channels: 3 };
  return { raster, alpha, width };
}

describe('a product photographed on its reflection', () => {
  it('loses the smooth band that fades from its dark contact edge into the floor', () => {
    const { raster, alpha, width } = photo(70, (row) => 80 + row * 4);
    dropFloorReflection(raster, alpha);
    expect(alpha[60 * width + 30]).toBe(255);
    expect(alpha[68 * width + 30]).toBe(255);
    expect(alpha[75 * width + 30]).toBe(0);
    expect(alpha[89 * width + 30]).toBe(0);
  });

  it('keeps a plain lower part that does not fade into the floor', () => {
    const { raster, alpha } = photo(70, () => 120);
    const before = alpha.slice();
    dropFloorReflection(raster, alpha);
    expect([...alpha]).toEqual([...before]);
  });
});
