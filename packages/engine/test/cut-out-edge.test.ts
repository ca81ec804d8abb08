import { describe, expect, it } from 'vitest';
import {
  colourShare,
  cutOutWithModel,
  decontaminate,
  type Predict,
} from '../src/pipeline/model-cut-out.js';
import type { Raster } from '../src/pipeline/raster.js';

/**
 * A 60 x 40 photo: a product of grey `product` in columns 20..39 on a backdrop of grey 200.
 * Column 19 is a true edge pixel (40 % product, alpha 102); column 18 is the model's soft shoulder
 * (alpha 80), of the backdrop's colour unless `shoulder` says otherwise.
 */
function photo(product: number, shoulder = 200) {
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height * 3).fill(200);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 18; x < 40; x += 1) {
      const i = y * width + x;
      if (x === 18) {
        alpha[i] = 80;
        data.fill(shoulder, i * 3, i * 3 + 3);
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

  it('keeps a shoulder pixel whose colour lies well away from the backdrop (a chrome knob)', () => {
    const { raster, alpha, at } = photo(30, 160);
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBe(80);
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

describe('the product in a scene the model takes whole', () => {
  /**
   * The model's map of a shoe (sure, clear of the frame) above a sofa it reads as half there and
   * that runs off the frame's bottom; its second look at the centre sees nothing.
   */
  const side = 1024;
  const predict: Predict = async (raster) => {
    const map = new Float32Array(side * side);
    if (raster.width !== 128) return map;
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        if (y >= 600) map[y * side + x] = 0.6;
        else if (y >= 300 && y < 500 && x >= 400 && x < 624) map[y * side + x] = 1;
      }
    }
    return map;
  };

  it('takes the sure part clear of the frame, not the furniture', async () => {
    const raster: Raster = {
      data: new Uint8Array(128 * 128 * 4).fill(128),
      width: 128,
      height: 128,
      channels: 4,
    };
    const alpha = await cutOutWithModel(raster, predict);
    expect(alpha[50 * 128 + 64]).toBe(255);
    expect(alpha[100 * 128 + 64]).toBe(0);
  });
});
