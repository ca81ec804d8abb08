import { describe, expect, it } from 'vitest';
import { measureFootprint } from '../src/pipeline/place-product.js';
import type { Raster } from '../src/pipeline/raster.js';
import { transferShadow } from '../src/pipeline/template-shadow.js';

function makeRaster(width: number, height: number, color: (x: number, y: number) => number[]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(color(x, y), (y * width + x) * 3);
  }
  return { data, width, height, channels: 3 } satisfies Raster;
}

describe('laying the template shadow under a smaller product', () => {
  it("fades the old side shadow in towards the foot: no block with a straight top beside the product's body", () => {
    const width = 300;
    const height = 300;
    const oldBody = (x: number, y: number) => x >= 100 && x < 200 && y >= 60 && y < 220;
    // The old product's shadow all along its right side, down to the floor.
    const oldShadow = (x: number, y: number) => x >= 200 && x < 232 && y >= 60 && y < 226;
    const original = makeRaster(width, height, (x, y) =>
      oldBody(x, y) ? [40, 40, 40] : oldShadow(x, y) ? [120, 120, 120] : [200, 200, 200],
    );
    const filled = makeRaster(width, height, () => [200, 200, 200]);
    const object = new Uint8Array(width * height);
    const hole = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        object[y * width + x] = oldBody(x, y) ? 1 : 0;
        hole[y * width + x] = oldBody(x, y) || oldShadow(x, y) ? 1 : 0;
      }
    }
    const from = measureFootprint(object, width)!;
    // The new product is smaller, standing on the same line.
    const to = { x: 120, y: 140, width: 60, height: 80 };
    transferShadow({
      frame: filled,
      original,
      hole,
      object,
      from,
      to,
      limits: { x: 90, y: 50, width: 160, height: 190 },
    });
    const grey = (x: number, y: number) => filled.data[(y * width + x) * 3]!;
    // Near the foot the old shadow is laid; at the top of the band beside the body, hardly.
    expect(grey(185, 218)).toBeLessThan(160);
    expect(grey(185, 204)).toBeGreaterThan(185);
  });
});
