import { describe, expect, it } from 'vitest';
import { ringBackground } from '../src/pipeline/mask-tools.js';
import { measureFootprint } from '../src/pipeline/place-product.js';
import { chamferDistance, type Raster } from '../src/pipeline/raster.js';
import { findRemovalHole } from '../src/pipeline/remove-product.js';
import { transferShadow } from '../src/pipeline/template-shadow.js';

const SIDE = 400;

function makeRaster(width: number, height: number, color: (x: number, y: number) => number[]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(color(x, y), (y * width + x) * 3);
  }
  return { data, width, height, channels: 3 } satisfies Raster;
}

/** Deterministic value noise in [0, 1): the grain of a synthetic wood. */
function noise(x: number, y: number): number {
  const n = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return n - Math.floor(n);
}

const share = (hole: Uint8Array, inside: (x: number, y: number) => boolean) => {
  let all = 0;
  let taken = 0;
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) {
      if (!inside(x, y)) continue;
      all += 1;
      taken += hole[y * SIDE + x]!;
    }
  }
  return taken / all;
};

describe("taking what the model's mask left of the old product", () => {
  // A dark jar on a wooden desk; the model is sure of its body only. Its pale lid's rim shows
  // above it, its shadow falls to the lower right, and a pencil's tip lies close to its left.
  const radius = (x: number, y: number) => Math.hypot(x - 200, y - 200);
  const body = (x: number, y: number) => radius(x, y) < 60;
  const paleRim = (x: number, y: number) => !body(x, y) && radius(x, y) < 72 && y < 200;
  const shadow = (x: number, y: number) =>
    !body(x, y) && !paleRim(x, y) && Math.hypot(x - 208, y - 208) < 70;
  /** Distance from the pencil's axis, from its tip (125, 235) down to the left. */
  const pencil = (x: number, y: number) => {
    const along = ((125 - x) * 105 + (y - 235) * 95) / Math.hypot(105, 95);
    const across = Math.abs((125 - x) * 95 - (y - 235) * 105) / Math.hypot(105, 95);
    return along >= 0 && across < 4;
  };
  const wood = (x: number, y: number) => {
    const tone = 150 + 14 * noise(Math.floor(x / 2), Math.floor(y / 40)) + 6 * noise(x, y);
    return [tone, tone * 0.9, tone * 0.8];
  };
  const image = makeRaster(SIDE, SIDE, (x, y) => {
    if (body(x, y)) return [60, 50, 45];
    if (paleRim(x, y)) return [236, 232, 224];
    if (pencil(x, y)) return [30, 40, 50];
    return wood(x, y).map((v) => v * (shadow(x, y) ? 0.72 : 1));
  });
  const saliency: Raster = {
    data: Uint8Array.from({ length: SIDE * SIDE }, (_, i) =>
      body(i % SIDE, Math.floor(i / SIDE)) ? 255 : 0,
    ),
    width: SIDE,
    height: SIDE,
    channels: 1,
  };
  const box = { x: 140, y: 140, width: 120, height: 120 };

  it("takes the pale part and the shadow the model's mask missed, and leaves the pencil", async () => {
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    expect(share(hole, paleRim)).toBeGreaterThan(0.95);
    // The shadow's far, faint end may stay; its body goes.
    expect(
      share(hole, (x, y) => shadow(x, y) && Math.hypot(x - 208, y - 208) < 64),
    ).toBeGreaterThan(0.9);
    expect(share(hole, (x, y) => pencil(x, y) && Math.hypot(x - 125, y - 235) > 12)).toBe(0);
    // The desk round them stays.
    expect(share(hole, (x, y) => radius(x, y) > 110 && !pencil(x, y))).toBeLessThan(0.01);
  });

  it('takes nothing of the scene when the ring round the hole is not one background', async () => {
    // A busy scene: blocks of unlike colours touching the object all round.
    const busy = makeRaster(SIDE, SIDE, (x, y) => {
      if (body(x, y)) return [60, 50, 45];
      const block = Math.floor(x / 30) * 7 + Math.floor(y / 30) * 13;
      return [(block * 53) % 256, (block * 97) % 256, (block * 31) % 256];
    });
    const { hole } = await findRemovalHole(busy, box, undefined, [], saliency);
    expect(share(hole, (x, y) => radius(x, y) > 80)).toBeLessThan(0.01);
  });
});

describe('the background in a ring round a hole', () => {
  it('follows a gradient round the hole and ignores a thin remnant in the ring', () => {
    const width = 200;
    const height = 200;
    const hole = new Uint8Array(width * height);
    const colour = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const k = y * width + x;
        if (Math.hypot(x - 100, y - 100) < 40) hole[k] = 1;
        // Light at the top, darker at the bottom; a thin white arc in the ring's upper part.
        const arc = Math.abs(Math.hypot(x - 100, y - 100) - 60) < 2 && y < 100;
        const tone = arc ? 250 : 200 - y * 0.5;
        colour.set([tone, tone, tone], k * 3);
      }
    }
    const distance = chamferDistance(hole, width, height);
    const model = ringBackground({ colour, width, height, distance, inner: 10, outer: 30 })!;
    const above = model.at(50 * width + 100).colour[0]!;
    const below = model.at(150 * width + 100).colour[0]!;
    // The ring above the hole lies at y 30 to 50, so its median is near 200 - 40 * 0.5.
    expect(Math.abs(above - 180)).toBeLessThan(6);
    expect(Math.abs(below - 120)).toBeLessThan(6);
  });
});

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
