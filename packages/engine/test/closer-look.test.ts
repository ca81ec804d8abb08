import { describe, expect, it } from 'vitest';
import { cutOutWithModel, type Predict } from '../src/pipeline/model-cut-out.js';
import type { Raster } from '../src/pipeline/raster.js';

const SIDE = 128;
const MAP = 1024;
const BACKDROP = 238;
const PRODUCT = 212;

const inProduct = (x: number, y: number) => x >= 24 && x < 104 && y >= 16 && y < 112;
/** The heel the model doubts in the whole photo, and the flare it misses there. */
const inHeel = (x: number, y: number) => x >= 24 && x < 56 && y >= 80 && y < 112;
const inFlare = (x: number, y: number) => x >= 24 && x < 36 && y >= 96 && y < 112;

/** A light grey product (a white sneaker) on a lighter backdrop, or on a busy one (stripes). */
function photo(busy = false): Raster {
  const data = new Uint8Array(SIDE * SIDE * 3);
  for (let i = 0; i < SIDE * SIDE; i += 1) {
    const x = i % SIDE;
    const backdrop = busy && Math.floor(x / 4) % 2 ? 60 : BACKDROP;
    data.fill(inProduct(x, Math.floor(i / SIDE)) ? PRODUCT : backdrop, i * 3, i * 3 + 3);
  }
  return { data, width: SIDE, height: SIDE, channels: 3 };
}

/**
 * The model: on the whole photo it doubts the heel (`heelScore`) and misses the flare; looked at
 * again, on any crop, it sees the product's colour as product. The photos it was given are kept.
 */
function model(heelScore: number): Predict & { seen: Raster[] } {
  const seen: Raster[] = [];
  const predict = async (raster: Raster) => {
    seen.push(raster);
    const map = new Float32Array(MAP * MAP);
    for (let y = 0; y < MAP; y += 1) {
      for (let x = 0; x < MAP; x += 1) {
        const px = Math.floor((x * raster.width) / MAP);
        const py = Math.floor((y * raster.height) / MAP);
        if (seen.length > 1) {
          const value = raster.data[(py * raster.width + px) * raster.channels]!;
          map[y * MAP + x] = Math.abs(value - PRODUCT) < 10 ? 1 : 0;
        } else {
          const whole = inProduct(px, py) && !inFlare(px, py);
          map[y * MAP + x] = !whole ? 0 : inHeel(px, py) ? heelScore : 1;
        }
      }
    }
    return map;
  };
  return Object.assign(predict, { seen });
}

const at = (x: number, y: number) => y * SIDE + x;

describe('a closer look at a part of the product the model doubts', () => {
  it('takes the part the closer look sees (a white heel and its flare on white)', async () => {
    const predict = model(0.6);
    const alpha = await cutOutWithModel(photo(), predict);
    expect(predict.seen).toHaveLength(2);
    // The crop is round the doubted heel, smaller than the photo.
    expect(predict.seen[1]!.width).toBeLessThan(SIDE);
    expect(alpha[at(29, 104)]).toBeGreaterThan(200);
    expect(alpha[at(40, 90)]).toBe(255);
    expect(alpha[at(12, 104)]).toBeLessThan(13);
  });

  it('does not look again where the backdrop next to the doubted part is busy', async () => {
    // Seen closer, a busy scene's other objects stand out too and would join the product.
    const predict = model(0.6);
    await cutOutWithModel(photo(true), predict);
    expect(predict.seen).toHaveLength(1);
  });

  it('does not look again at a product the model is sure of', async () => {
    const predict = model(1);
    const alpha = await cutOutWithModel(photo(), predict);
    expect(predict.seen).toHaveLength(1);
    expect(alpha[at(29, 104)]).toBeLessThan(13);
  });
});

describe('a closer look on a wide photo', () => {
  const WIDE = 512;
  const LOW = 128;
  const BLUE = [47, 111, 208] as const;
  const WOOD = [180, 130, 80] as const;
  // A long product running off the photo's bottom, with a slot of the backdrop's colour longer
  // than the photo is high: the closer look's crop cannot be square and hold it.
  const inProduct = (x: number, y: number) => x >= 16 && x < 496 && y >= 16;
  const inSlot = (x: number, y: number) => x >= 60 && x < 452 && y >= 100;

  it('does not open a region its square crop holds less than half of', async () => {
    const data = new Uint8Array(WIDE * LOW * 4);
    for (let i = 0; i < WIDE * LOW; i += 1) {
      const x = i % WIDE;
      const y = Math.floor(i / WIDE);
      data.set([...(inProduct(x, y) && !inSlot(x, y) ? WOOD : BLUE), 255], i * 4);
    }
    const seen: Raster[] = [];
    // Sure of the product and the slot in the whole photo; a closer look is not placed (NaN).
    const predict: Predict = async (raster) => {
      seen.push(raster);
      const map = new Float32Array(MAP * MAP);
      const left = raster.width === WIDE ? 0 : NaN;
      for (let y = 0; y < MAP; y += 1) {
        for (let x = 0; x < MAP; x += 1) {
          const px = left + Math.floor((x * raster.width) / MAP);
          const py = Math.floor((y * raster.height) / MAP);
          map[y * MAP + x] = inProduct(px, py) ? 1 : 0;
        }
      }
      return map;
    };
    const alpha = await cutOutWithModel({ data, width: WIDE, height: LOW, channels: 4 }, predict);
    // The last look is the closer one, square (before it, the scene's centre crops find nothing).
    expect(seen.at(-1)!.width).toBe(LOW);
    expect(alpha[115 * WIDE + 255]).toBe(255);
  });
});
