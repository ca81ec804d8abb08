import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFromSaliency } from '../src/pipeline/detect-product.js';
import { placeProduct } from '../src/pipeline/place-product.js';
import type { Raster } from '../src/pipeline/raster.js';
import type { Box } from '../src/types.js';

const SIDE = 300;

/** A one-channel map: 0 everywhere, `value` inside each box. */
function mapOf(boxes: Box[], value = 230): Raster {
  const data = new Uint8Array(SIDE * SIDE);
  for (const box of boxes) {
    for (let y = box.y; y < box.y + box.height; y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1) data[y * SIDE + x] = value;
    }
  }
  return { data, width: SIDE, height: SIDE, channels: 1 };
}

const template: Raster = {
  data: new Uint8Array(SIDE * SIDE * 3).fill(200),
  width: SIDE,
  height: SIDE,
  channels: 3,
};

describe('the template product standing on furniture', () => {
  // A side table two fifths of the picture wide: its top, an apron and four legs to the floor.
  const table: Box[] = [
    { x: 90, y: 130, width: 120, height: 12 },
    { x: 96, y: 142, width: 108, height: 20 },
    { x: 98, y: 162, width: 8, height: 128 },
    { x: 194, y: 162, width: 8, height: 128 },
  ];

  it('takes the pot standing on a side table, not the table', () => {
    const pot = { x: 130, y: 50, width: 40, height: 80 };
    const found = detectFromSaliency(template, mapOf([...table, pot]));
    expect(found).not.toBeNull();
    // The box ends at the table top (give or take the margin) and is about as wide as the pot.
    expect(found!.y + found!.height).toBeLessThanOrEqual(pot.y + pot.height + 6);
    expect(found!.width).toBeLessThan(pot.width * 1.3);
  });

  it('keeps a potted plant whole: a pot lower than the plant is not a support', () => {
    const stem = { x: 145, y: 80, width: 10, height: 100 };
    const leaves = { x: 120, y: 40, width: 60, height: 40 };
    const pot = { x: 125, y: 180, width: 50, height: 50 };
    const found = detectFromSaliency(template, mapOf([leaves, stem, pot]));
    expect(found).not.toBeNull();
    expect(found!.y + found!.height).toBeGreaterThanOrEqual(pot.y + pot.height);
  });
});

describe('the edge of a product cut from a white backdrop', () => {
  it('brings no light fringe into a dark scene', async () => {
    // A dark disc whose soft rim (half opaque) and transparent surround still hold the white
    // backdrop it was photographed on, as a cut-out's edge does.
    const size = 120;
    const cutOut = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const p = (y * size + x) * 4;
        const distance = Math.hypot(x - size / 2, y - size / 2);
        const inside = distance < 40;
        const rim = !inside && distance < 44;
        cutOut.set(inside ? [40, 40, 45] : [245, 240, 242], p);
        cutOut[p + 3] = inside ? 255 : rim ? 128 : 0;
      }
    }
    const png = new Uint8Array(
      await sharp(cutOut, { raw: { width: size, height: size, channels: 4 } })
        .png()
        .toBuffer(),
    );
    const frame: Raster = {
      data: new Uint8Array(400 * 400 * 3).fill(35),
      width: 400,
      height: 400,
      channels: 3,
    };
    const box = { x: 110, y: 110, width: 180, height: 180 };
    await placeProduct({
      frame,
      cutOut: png,
      box,
      limits: { x: 0, y: 0, width: 400, height: 400 },
    });
    let brightest = 0;
    for (let i = 0; i < frame.width * frame.height; i += 1) {
      brightest = Math.max(brightest, frame.data[i * 3]!);
    }
    // Scene and product are both dark: nothing in between may be lighter than either by much.
    expect(brightest).toBeLessThan(60);
  });
});
