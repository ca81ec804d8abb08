import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTemplate, closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import { fillRegion } from '../src/pipeline/fill-region.js';
import { computeFrame } from '../src/pipeline/frame-template.js';
import { removeProduct } from '../src/pipeline/remove-product.js';
import type { Raster } from '../src/pipeline/raster.js';
import { readFixture } from '../src/quality/fixture-cases.js';
import { measureSwap } from '../src/quality/measure-swap.js';

afterAll(() => closeEngine());

function makeRaster(
  width: number,
  height: number,
  color: (x: number, y: number) => number[],
): Raster {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(color(x, y), (y * width + x) * 3);
  }
  return { data, width, height, channels: 3 };
}

function holeOf(raster: Raster, box: { x: number; y: number; width: number; height: number }) {
  const hole = new Uint8Array(raster.width * raster.height);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    hole.fill(1, y * raster.width + box.x, y * raster.width + box.x + box.width);
  }
  return hole;
}

function maxError(a: Raster, b: Raster, hole: Uint8Array): number {
  let worst = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i]) continue;
    for (let c = 0; c < 3; c += 1)
      worst = Math.max(worst, Math.abs(a.data[i * 3 + c]! - b.data[i * 3 + c]!));
  }
  return worst;
}

describe('filling the old product away', () => {
  it('keeps a headline next to the product and copies none of it into the hole', async () => {
    // A gradient ad: a white price line just above a dark product, closer than the shadow margin.
    const gradient = (x: number, y: number) => [50 + y / 4, 30 + y / 5, 110 + y / 3];
    const word = { x: 120, y: 70, width: 160, height: 28 };
    const inWord = (x: number, y: number) =>
      x >= word.x && x < word.x + word.width && y >= word.y && y < word.y + word.height;
    const truth = makeRaster(400, 400, gradient);
    const image = makeRaster(400, 400, (x, y) =>
      inWord(x, y) && (x + y) % 7 < 4
        ? [255, 255, 255]
        : Math.hypot(x - 200, y - 220) < 100
          ? [15, 15, 20]
          : gradient(x, y),
    );
    const before = image.data.slice();
    await removeProduct(image, { x: 100, y: 100, width: 200, height: 220 }, undefined, [word]);
    // The words are untouched...
    const wordMask = holeOf(image, word);
    expect(maxError(image, { ...image, data: before }, wordMask)).toBe(0);
    // ...and the filled area under them is the gradient, with no white pulled in.
    const under = holeOf(image, { x: 130, y: 104, width: 140, height: 30 });
    expect(maxError(image, truth, under)).toBeLessThanOrEqual(16);
  });

  it('continues a gradient seamlessly', () => {
    const gradient = (x: number, y: number) => [40 + x / 2, 90 + y / 3, 200 - x / 4];
    const truth = makeRaster(300, 240, gradient);
    const image = makeRaster(300, 240, (x, y) =>
      x > 100 && x < 200 && y > 60 && y < 180 ? [10, 10, 10] : gradient(x, y),
    );
    const hole = holeOf(image, { x: 95, y: 55, width: 110, height: 130 });
    fillRegion(image, hole);
    // No seam: next to the rim the fill meets the background; inside it stays close.
    const rim = holeOf(image, { x: 95, y: 55, width: 110, height: 3 });
    expect(maxError(image, truth, rim)).toBeLessThanOrEqual(4);
    expect(maxError(image, truth, hole)).toBeLessThanOrEqual(10);
  });

  it('carries horizontal bands across the hole instead of blurring them', () => {
    const bands = (_x: number, y: number) =>
      Math.floor(y / 20) % 2 ? [230, 230, 225] : [60, 70, 90];
    const truth = makeRaster(300, 200, bands);
    const image = makeRaster(300, 200, (x, y) => (x > 100 && x < 220 ? [250, 0, 0] : bands(x, y)));
    const hole = holeOf(image, { x: 100, y: 0, width: 121, height: 200 });
    fillRegion(image, hole);
    expect(maxError(image, truth, hole)).toBeLessThanOrEqual(8);
  });
});

describe('template swap on a synthetic studio shot', () => {
  it('removes the old product and its shadow, and changes nothing outside the grown box', async () => {
    const width = 800;
    const height = 600;
    const background = (_x: number, y: number) => [235 - y / 20, 228 - y / 20, 220 - y / 20];
    const template = makeRaster(width, height, (x, y) => {
      if (x >= 300 && x < 500 && y >= 150 && y < 450) return [150, 20, 30]; // the old product
      if (x >= 290 && x < 510 && y >= 450 && y < 465) return [150, 145, 140]; // its shadow
      return background(x, y);
    });
    const templatePng = await sharp(template.data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const product = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 120, height: 100, channels: 4, background: '#2050c0' },
          })
            .png()
            .toBuffer(),
          left: 40,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const outcome = await composeSwap({
      template: new Uint8Array(templatePng),
      product: new Uint8Array(product),
      size: '1024x1024',
    });
    const box = outcome.productBox;
    expect(box.x).toBeGreaterThan(outcome.frame.width * 0.25);
    const { data, info } = await sharp(outcome.png).raw().toBuffer({ resolveWithObject: true });
    let oldRed = 0;
    for (let i = 0; i < info.width * info.height; i += 1) {
      const [r, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
      if (r > 120 && g < 60 && b < 70) oldRed += 1;
    }
    expect(oldRed).toBe(0);
    const quality = await measureSwap({ template: new Uint8Array(templatePng), outcome });
    expect(quality.unchangedPsnr).toBeGreaterThanOrEqual(35);
    const placed = outcome.placement.box;
    // It stands on the old product's floor: the box's bottom less the detection's margin.
    expect(placed.y + placed.height).toBeLessThanOrEqual(box.y + box.height + 1);
    expect(placed.y + placed.height).toBeGreaterThan(box.y + box.height * 0.92);
    expect(placed.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(placed.x + placed.width).toBeLessThanOrEqual(box.x + box.width + 1);
  });

  it("counts no change in the old product's long cast shadow, which the removal takes past the box", async () => {
    // A bottle on white paper with a long soft shadow to its right, as a glass in low light: the
    // removal takes the shadow whole, past the box grown by 5%. That is the old product's, not the
    // ad's, and the measure of what stays unchanged leaves it out.
    const width = 800;
    const height = 600;
    const template = makeRaster(width, height, (x, y) => {
      if (x >= 330 && x < 430 && y >= 150 && y < 450) return [40, 90, 160];
      const along = (x - 430) / 120;
      if (x >= 430 && x < 550 && y >= 420 && y < 450) {
        const tone = Math.round(150 + 90 * along);
        return [tone, tone, tone];
      }
      return [245, 245, 245];
    });
    const templatePng = await sharp(template.data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const outcome = await composeSwap({
      template: new Uint8Array(templatePng),
      product: readFixture('products/saleor-apple-drink.png'),
      size: '1024x1024',
    });
    const { x, y, width: boxWidth, height: boxHeight } = outcome.productBox;
    const pad = 0.05 * Math.max(boxWidth, boxHeight);
    let takenPast = 0;
    for (let i = 0; i < outcome.removed.length; i += 1) {
      const px = i % outcome.frame.width;
      const py = (i - px) / outcome.frame.width;
      const inside =
        px >= x - pad && px < x + boxWidth + pad && py >= y - pad && py < y + boxHeight + pad;
      if (outcome.removed[i] && !inside) takenPast += 1;
    }
    expect(takenPast).toBeGreaterThan(1000);
    const quality = await measureSwap({ template: new Uint8Array(templatePng), outcome });
    expect(quality.unchangedPsnr).toBeGreaterThanOrEqual(35);
  });

  it('takes the product from a recorded mask', async () => {
    const width = 600;
    const height = 400;
    const template = makeRaster(width, height, (x, y) =>
      x >= 100 && x < 200 && y >= 100 && y < 300 ? [20, 120, 40] : [200, 205, 210],
    );
    const mask = makeRaster(width, height, (x, y) =>
      x >= 100 && x < 200 && y >= 100 && y < 300 ? [255, 255, 255] : [0, 0, 0],
    );
    const png = (raster: Raster) =>
      sharp(raster.data, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer();
    const outcome = await composeSwap({
      template: new Uint8Array(await png(template)),
      product: readFixture('products/solidus_hat.png'),
      productMask: { png: new Uint8Array(await png(mask)) },
      size: '1536x1024',
    });
    const scale = outcome.frame.width / outcome.frame.crop.width;
    expect(outcome.productBox.width).toBeCloseTo(100 * scale, 0);
    expect(outcome.productBox.height).toBeCloseTo(200 * scale, 0);
    const { data, info } = await sharp(outcome.png).raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < info.width * info.height; i += 1) {
      if (data[i * 3 + 1]! > 100 && data[i * 3]! < 60 && data[i * 3 + 2]! < 80) green += 1;
    }
    expect(green).toBe(0);
  });

  it('places the product in a box the caller gives, in template pixels', async () => {
    const template = readFixture('templates/home/charles-deluvio-695736-unsplash.jpg');
    const outcome = await composeSwap({
      template,
      product: readFixture('products/solidus_hat.png'),
      productBox: { x: 100, y: 900, width: 400, height: 400 },
      size: '1024x1024',
    });
    const scale = outcome.frame.width / outcome.frame.crop.width;
    const expected = (100 - outcome.frame.crop.x) * scale;
    expect(outcome.productBox.x).toBeCloseTo(expected, 0);
    expect(outcome.placement.box.width).toBeLessThanOrEqual(400 * scale + 1);
  });
});

describe('analyzeTemplate', () => {
  it('returns plain JSON with the product box of an alpha template', async () => {
    const analysis = await analyzeTemplate(
      readFixture('templates/food/saleordemoproduct_fd_juice_01.png'),
      {
        readText: false,
      },
    );
    expect(JSON.parse(JSON.stringify(analysis))).toEqual(analysis);
    const box = analysis.productBox!;
    expect(box).not.toBeNull();
    // The bottle stands in the middle third of the square render.
    expect(box.x + box.width / 2).toBeGreaterThan(analysis.width / 3);
    expect(box.x + box.width / 2).toBeLessThan((analysis.width * 2) / 3);
  });
});

describe('framing a template at another aspect', () => {
  const template = { width: 1200, height: 1200 };
  const product = { x: 350, y: 330, width: 500, height: 500 };
  const headline = { x: 180, y: 120, width: 840, height: 90 };
  const inside = (box: typeof product, crop: typeof product) =>
    box.x >= crop.x &&
    box.y >= crop.y &&
    box.x + box.width <= crop.x + crop.width &&
    box.y + box.height <= crop.y + crop.height;

  it('keeps a wide headline whole in a portrait frame, reaching past the edges a little', () => {
    const plain = computeFrame(template, product, '1024x1536');
    expect(inside(headline, plain.crop)).toBe(false);
    const kept = computeFrame(template, product, '1024x1536', [], [headline]);
    expect(inside(headline, kept.crop)).toBe(true);
    expect(inside(product, kept.crop)).toBe(true);
    expect(kept.crop.width / kept.crop.height).toBeCloseTo(1024 / 1536, 5);
    expect(kept.crop.height / template.height).toBeLessThanOrEqual(1.35 * 1.5);
  });

  it('gives up on copy that would need the frame to grow past a third, keeping the product', () => {
    const banner = { x: 0, y: 0, width: 1200, height: 40 };
    const frame = computeFrame(
      { width: 1200, height: 400 },
      { x: 500, y: 100, width: 200, height: 200 },
      '1024x1536',
      [],
      [banner],
    );
    expect(frame.crop.width).toBeCloseTo(400 * (1024 / 1536), 5);
    expect(inside({ x: 500, y: 100, width: 200, height: 200 }, frame.crop)).toBe(true);
  });

  it('reaches further for words the person asked to replace than for the rest of the copy', () => {
    // A landscape ad framed as portrait: the lamp on the left, the copy on the right.
    const landscape = { width: 1536, height: 1024 };
    const lamp = { x: 230, y: 250, width: 400, height: 500 };
    const copy = { x: 900, y: 300, width: 300, height: 60 };
    const asCopyOnly = computeFrame(landscape, lamp, '1024x1536', [], [copy]);
    expect(inside(copy, asCopyOnly.crop)).toBe(false);
    const asReplaced = computeFrame(landscape, lamp, '1024x1536', [copy], [copy]);
    expect(inside(copy, asReplaced.crop)).toBe(true);
    expect(inside(lamp, asReplaced.crop)).toBe(true);
    expect(asReplaced.crop.height / landscape.height).toBeLessThanOrEqual(1.6);
  });
});
