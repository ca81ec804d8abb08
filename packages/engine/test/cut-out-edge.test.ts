import { describe, expect, it } from 'vitest';
import { colourShare, decontaminate } from '../src/pipeline/model-cut-out.js';
import type { Raster } from '../src/pipeline/raster.js';

/**
 * A 60 x 40 photo: a product of grey `product` in columns 20..39 on a backdrop of grey 200.
 * Column 19 is a true edge pixel (40 % product, alpha 102); column 18 is the model's soft shoulder
 * (alpha 80) lying on pure backdrop.
 */
function photo(product: number) {
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height * 3).fill(200);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 18; x < 40; x += 1) {
      const i = y * width + x;
      if (x === 18) {
        alpha[i] = 80;
      } else if (x === 19) {
        alpha[i] = 102;
        data.fill(Math.round(product * 0.4 + 200 * 0.6), i * 3, i * 3 + 3);
      } else {
        alpha[i] = 255;
        data.fill(product, i * 3, i * 3 + 3);
      }
    }
  }
  const raster: Raster = { data, width, height, channels: 3 };
  return { raster, alpha, at: (x: number) => 20 * width + x };
}

describe('the edge of a learned cut-out', () => {
  it('drops the soft shoulder that lies on the old backdrop (no light halo)', () => {
    const { raster, alpha, at } = photo(30);
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBeLessThan(13);
  });

  it('keeps a true edge pixel and gives it the product colour', () => {
    const { raster, alpha, at } = photo(30);
    decontaminate(raster, alpha);
    expect(alpha[at(19)]).toBe(102);
    expect(raster.data[at(19) * 3]).toBeLessThan(45);
  });

  it('leaves the shoulder alone when product and backdrop are too alike to tell', () => {
    const { raster, alpha, at } = photo(215);
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBe(80);
  });

  it('reads the product share of a colour between product and background', () => {
    expect(colourShare([115, 115, 115], [30, 30, 30], [200, 200, 200])).toBeCloseTo(0.5, 2);
    expect(colourShare([205, 200, 200], [30, 30, 30], [200, 200, 200])).toBe(0);
    expect(colourShare([210, 210, 210], [215, 215, 215], [200, 200, 200])).toBe(1);
  });
});
