import { describe, expect, it } from 'vitest';
import { cutOutWithModel, type Predict } from '../src/pipeline/model-cut-out.js';
import type { Raster } from '../src/pipeline/raster.js';

const SIDE = 128;
const MAP = 1024;

type Colour = readonly [number, number, number];

const inProduct = (x: number, y: number) => x >= 24 && x < 104 && y >= 16 && y < 112;
const inHole = (x: number, y: number) => x >= 48 && x < 80 && y >= 32 && y < 52;

/**
 * A 128 x 128 photo of a product (a chair's back) on a plain backdrop, with an enclosed region
 * (a hand hole, or a logo) of colour `region`.
 */
function photo(backdrop: Colour, product: Colour, region: Colour): Raster {
  const data = new Uint8Array(SIDE * SIDE * 4);
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) {
      const colour = inHole(x, y) ? region : inProduct(x, y) ? product : backdrop;
      data.set([...colour, 255], (y * SIDE + x) * 4);
    }
  }
  return { data, width: SIDE, height: SIDE, channels: 4 };
}

/**
 * The model's map: sure of the product, `regionScore` in the enclosed region; `closerScore` there
 * when it is run again (a closer look: for a region this size the crop is the whole photo). The
 * photos it was given are kept in `seen`.
 */
function model(regionScore: number, closerScore = regionScore): Predict & { seen: Raster[] } {
  const seen: Raster[] = [];
  const predict = async (raster: Raster) => {
    seen.push(raster);
    const score = seen.length === 1 ? regionScore : closerScore;
    const map = new Float32Array(MAP * MAP);
    for (let y = 0; y < MAP; y += 1) {
      for (let x = 0; x < MAP; x += 1) {
        const px = Math.floor((x * SIDE) / MAP);
        const py = Math.floor((y * SIDE) / MAP);
        map[y * MAP + x] = inHole(px, py) ? score : inProduct(px, py) ? 1 : 0;
      }
    }
    return map;
  };
  return Object.assign(predict, { seen });
}

const at = (x: number, y: number) => y * SIDE + x;
const BLUE: Colour = [47, 111, 208];
const WOOD: Colour = [150, 100, 60];
const WHITE: Colour = [242, 242, 240];

describe('enclosed regions of a cut-out', () => {
  it('opens a hand hole that shows the backdrop and the model doubts, with no backdrop left in it', async () => {
    const alpha = await cutOutWithModel(photo(BLUE, WOOD, BLUE), model(0.3));
    expect(alpha[at(64, 42)]).toBe(0);
    expect(alpha[at(52, 36)]).toBe(0);
    expect(alpha[at(64, 80)]).toBe(255);
  });

  it('keeps a logo unlike the backdrop that the model doubts', async () => {
    const alpha = await cutOutWithModel(photo(BLUE, WOOD, [250, 250, 250]), model(0.3));
    expect(alpha[at(64, 42)]).toBe(255);
  });

  it('keeps a region the model leans to, seen closer too (a backdrop-coloured print)', async () => {
    const predict = model(0.9, 0.999);
    const alpha = await cutOutWithModel(photo(BLUE, WOOD, BLUE), predict);
    expect(predict.seen).toHaveLength(2);
    expect(alpha[at(64, 42)]).toBe(255);
  });

  it('opens a region of the backdrop the model keeps but doubts seen closer (a small hand hole)', async () => {
    const predict = model(1, 0.85);
    const alpha = await cutOutWithModel(photo(BLUE, WOOD, [60, 125, 215]), predict);
    expect(predict.seen).toHaveLength(2);
    // The closer look is at the region and a margin round it, in the photo's own colours.
    expect(predict.seen[1]!.data[at(64, 42) * 4]).toBe(60);
    expect(alpha[at(64, 42)]).toBe(0);
    expect(alpha[at(49, 33)]).toBe(0);
    expect(alpha[at(64, 80)]).toBe(255);
    expect(alpha[at(64, 28)]).toBe(255);
  });

  it('keeps a white logo on a red product on a white backdrop that the model doubts', async () => {
    const predict = model(0.3);
    const alpha = await cutOutWithModel(photo(WHITE, [170, 30, 40], [250, 250, 250]), predict);
    expect(alpha[at(64, 42)]).toBe(255);
    // On white the model is not asked again: a region of its colour is most often a print.
    expect(predict.seen).toHaveLength(1);
  });

  it('keeps a doubted region of a white product on a white backdrop, colour cannot tell', async () => {
    const alpha = await cutOutWithModel(photo(WHITE, [232, 232, 230], WHITE), model(0.3));
    expect(alpha[at(64, 42)]).toBe(255);
  });

  it('opens it there when the model is sure it is a hole', async () => {
    const alpha = await cutOutWithModel(photo(WHITE, [232, 232, 230], WHITE), model(0.01));
    expect(alpha[at(64, 42)]).toBeLessThan(13);
  });
});
