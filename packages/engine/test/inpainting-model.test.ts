import { afterEach, describe, expect, it } from 'vitest';
import { fillHole } from '../src/pipeline/fill-region.js';
import type { Raster } from '../src/pipeline/raster.js';
import { inpaintWithMigan } from '../src/ml/migan-model.js';

const WALL = [196, 178, 160];
const FLOOR = [120, 96, 78];
const HORIZON = 150;

/** A studio: a wall meeting a floor at HORIZON, with a little grain; the floor planked or not. */
function studio(width: number, height: number, planked = false): Raster {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const base = y < HORIZON ? WALL : FLOOR;
      const noise = Math.sin(x * 12.9898 + y * 78.233);
      const wood = planked && y >= HORIZON ? (x % 24 < 3 ? -50 : 0) + Math.sin(y / 3 + x) * 12 : 0;
      const grain = Math.round(noise * 4 + wood);
      data.set(
        base.map((v) => v + grain),
        (y * width + x) * 3,
      );
    }
  }
  return { data, width, height, channels: 3 };
}

/** A loud red "old product" standing across the horizon. */
function objectHole(width: number, height: number): Uint8Array {
  const hole = new Uint8Array(width * height);
  for (let y = 90; y < 230; y += 1) for (let x = 100; x < 200; x += 1) hole[y * width + x] = 1;
  return hole;
}

function paint(raster: Raster, hole: Uint8Array): void {
  for (let i = 0; i < hole.length; i += 1) if (hole[i]) raster.data.set([250, 0, 20], i * 3);
}

/** Mean absolute difference from `color` over the hole's pixels in rows [from, to). */
function meanError(raster: Raster, hole: Uint8Array, color: number[], from: number, to: number) {
  let sum = 0;
  let count = 0;
  for (let y = from; y < to; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      const i = y * raster.width + x;
      if (!hole[i]) continue;
      for (let c = 0; c < 3; c += 1) sum += Math.abs(raster.data[i * 3 + c]! - color[c]!);
      count += 3;
    }
  }
  return sum / count;
}

afterEach(() => {
  delete process.env.ADTWIN_LEARNED_MODELS;
});

describe('filling with the inpainting model (MI-GAN)', () => {
  it("carries a studio's wall and floor through the hole, and changes nothing else", async () => {
    const image = studio(320, 300);
    const hole = objectHole(320, 300);
    paint(image, hole);
    const before = image.data.slice();
    expect(await inpaintWithMigan(image, hole)).toBe(true);
    // Wall above the horizon, floor below it (a few rows either side are the edge itself).
    expect(meanError(image, hole, WALL, 90, HORIZON - 6)).toBeLessThan(14);
    expect(meanError(image, hole, FLOOR, HORIZON + 6, 230)).toBeLessThan(14);
    for (let i = 0; i < hole.length; i += 1) {
      if (hole[i]) {
        // Nothing of the red object is left.
        expect(image.data[i * 3]! - image.data[i * 3 + 1]!).toBeLessThan(90);
      } else {
        expect(image.data.subarray(i * 3, i * 3 + 3)).toEqual(before.subarray(i * 3, i * 3 + 3));
      }
    }
  });

  it('fills a textured scene with the model, and never paints protected pixels (the ad’s words)', async () => {
    const image = studio(320, 300, true);
    const hole = objectHole(320, 300);
    paint(image, hole);
    const protect = new Uint8Array(hole.length);
    for (let y = 100; y < 120; y += 1) for (let x = 110; x < 190; x += 1) protect[y * 320 + x] = 1;
    const before = image.data.slice();
    expect(await fillHole(image, hole, { protect, model: true })).toBe('model');
    for (let i = 0; i < hole.length; i += 1) {
      if (protect[i])
        expect(image.data.subarray(i * 3, i * 3 + 3)).toEqual(before.subarray(i * 3, i * 3 + 3));
    }
  });

  it('leaves a plain backdrop to the smooth fill, which is exact there', async () => {
    const image = studio(320, 300);
    for (let i = 0; i < image.data.length; i += 3) image.data.set(WALL, i);
    const hole = objectHole(320, 300);
    paint(image, hole);
    expect(await fillHole(image, hole, { model: true })).toBe('smooth');
    expect(meanError(image, hole, WALL, 0, 300)).toBe(0);
  });

  it('falls back to the classical fill when the learned models are off', async () => {
    process.env.ADTWIN_LEARNED_MODELS = '0';
    const image = studio(320, 300);
    const hole = objectHole(320, 300);
    paint(image, hole);
    expect(await inpaintWithMigan(image, hole)).toBe(false);
    expect(await fillHole(image, hole, { model: true })).not.toBe('model');
    expect(meanError(image, hole, WALL, 90, HORIZON - 6)).toBeLessThan(20);
  });
});
