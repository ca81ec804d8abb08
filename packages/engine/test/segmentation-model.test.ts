import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveRepoRoot } from '../src/config.js';
import { closeEngine, cutOutProduct } from '../src/index.js';
import { detectProduct } from '../src/pipeline/detect-product.js';
import { decodeImage } from '../src/pipeline/raster.js';
import { readFixture } from '../src/quality/fixture-cases.js';
import type { Box } from '../src/types.js';

afterAll(() => closeEngine());

const SIDE = 512;

/** A product with its own alpha laid on wooden planks (or a plain wall), as a JPEG without alpha. */
async function productOnPlanks(
  file: string,
  { plain = false, side: SIDE = 512, productSide = 300 } = {},
) {
  const product = await sharp(readFixture(file))
    .resize(productSide, productSide, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((SIDE - product.info.width) / 2);
  const top = Math.round((SIDE - product.info.height) / 2);
  const planks = plain
    ? ''
    : Array.from(
        { length: 8 },
        (_, i) =>
          `<rect y="${i * 64}" width="${SIDE}" height="62" fill="${['#8a5a3b', '#a8764f', '#6e452c'][i % 3]}"/>`,
      ).join('');
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect width="${SIDE}" height="${SIDE}" fill="#3b2415"/>${planks}</svg>`;
  const jpeg = await sharp(Buffer.from(background))
    .composite([{ input: product.data, raw: product.info, left, top }])
    .flatten()
    .jpeg({ quality: 92 })
    .toBuffer();
  const truth = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < product.info.height; y += 1) {
    for (let x = 0; x < product.info.width; x += 1) {
      truth[(y + top) * SIDE + x + left] = product.data[(y * product.info.width + x) * 4 + 3]!;
    }
  }
  return { jpeg: new Uint8Array(jpeg), truth, product };
}

/** The catalogue's boxes for the template read at half its size. */
const half = (box: Box): Box => ({
  x: box.x / 2,
  y: box.y / 2,
  width: box.width / 2,
  height: box.height / 2,
});

/** Share of `box` that lies inside `frame`. */
function overlapShare(box: Box, frame: Box): number {
  const w = Math.max(
    0,
    Math.min(box.x + box.width, frame.x + frame.width) - Math.max(box.x, frame.x),
  );
  const h = Math.max(
    0,
    Math.min(box.y + box.height, frame.y + frame.height) - Math.max(box.y, frame.y),
  );
  return (w * h) / (box.width * box.height);
}

function boxIou(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
}

describe('segmentation model', () => {
  it('falls back to GrabCut, and says so, when the model cannot run', async () => {
    // GrabCut is the weaker cut-out (textures defeat it): it is checked where it holds, a plain wall.
    const { jpeg, truth } = await productOnPlanks('products/saleor-mighty-mug.png', {
      plain: true,
    });
    process.env.ADTWIN_LEARNED_MODELS = '0';
    try {
      const cutOut = await cutOutProduct(jpeg);
      expect(cutOut.method).toBe('grabcut');
      // A cut-out of (part of) the product, not of the wall: its box lies mostly on the product.
      let minX = SIDE;
      let minY = SIDE;
      let maxX = 0;
      let maxY = 0;
      for (let i = 0; i < truth.length; i += 1) {
        if (truth[i]! < 128) continue;
        const x = i % SIDE;
        const y = Math.floor(i / SIDE);
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
      const productBox = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
      expect(cutOut.box.width * cutOut.box.height).toBeGreaterThan(0);
      expect(overlapShare(cutOut.box, productBox)).toBeGreaterThan(0.75);
    } finally {
      delete process.env.ADTWIN_LEARNED_MODELS;
    }
  });

  it('cuts a product out of a textured background close to its own alpha', async () => {
    const { jpeg, truth } = await productOnPlanks('products/saleor-mighty-mug.png');
    const cutOut = await cutOutProduct(jpeg);
    expect(cutOut.method).toBe('model');
    const { data, info } = await sharp(cutOut.png).raw().toBuffer({ resolveWithObject: true });
    let both = 0;
    let either = 0;
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        const cx = x - cutOut.box.x;
        const cy = y - cutOut.box.y;
        const inCut = cx >= 0 && cy >= 0 && cx < info.width && cy < info.height;
        const found = inCut && data[(cy * info.width + cx) * 4 + 3]! >= 128;
        const real = truth[y * SIDE + x]! >= 128;
        if (found && real) both += 1;
        if (found || real) either += 1;
      }
    }
    // At this small size the model's edge lies a pixel or two outside the product (the measure at
    // 1024 px, `npm run measure:cut-out`, holds the 0.95 goal).
    expect(both / either).toBeGreaterThan(0.9);
  });

  it("keeps the photo's detail of a product that fills a small part of a large photo", async () => {
    // 2048 px: the model works on it at 1024, where the mug is some 300 px wide.
    const side = 2048;
    const { jpeg, truth, product } = await productOnPlanks('products/saleor-mighty-mug.png', {
      side,
      productSide: 640,
    });
    const cutOut = await cutOutProduct(jpeg);
    expect(cutOut.method).toBe('model');
    const { info: size } = await sharp(cutOut.png).toBuffer({ resolveWithObject: true });
    // The cut-out has the photo's own pixels, not the working size's (to be scaled up in the ad).
    expect(size.width).toBeGreaterThanOrEqual(cutOut.box.width - 1);
    expect(size.height).toBeGreaterThanOrEqual(cutOut.box.height - 1);
    // Laid at the photo's size, as the ad lays it at its own.
    const { data, info } = await sharp(cutOut.png)
      .resize(cutOut.box.width, cutOut.box.height, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let both = 0;
    let either = 0;
    let colourOff = 0;
    let solid = 0;
    const left = Math.round((side - product.info.width) / 2);
    const top = Math.round((side - product.info.height) / 2);
    for (let y = 0; y < info.height; y += 1) {
      for (let x = 0; x < info.width; x += 1) {
        const px = x + cutOut.box.x;
        const py = y + cutOut.box.y;
        const k = (y * info.width + x) * 4;
        const found = data[k + 3]! >= 128;
        const real = truth[py * side + px]! >= 128;
        if (found && real) both += 1;
        if (found || real) either += 1;
        // Inside the product, its colours are the photo's at full size (a JPEG's error apart).
        const t = ((py - top) * product.info.width + px - left) * 4;
        if (data[k + 3] === 255 && product.data[t + 3] === 255) {
          for (let c = 0; c < 3; c += 1) colourOff += Math.abs(data[k + c]! - product.data[t + c]!);
          solid += 1;
        }
      }
    }
    expect(both / either).toBeGreaterThan(0.9);
    expect(solid).toBeGreaterThan(truth.filter((v) => v === 255).length * 0.8);
    // Scaled up from the working size, the mug's print and rims blur: 3.7 levels off (2.0 here).
    expect(colourOff / solid / 3).toBeLessThan(2.8);
  });

  it("finds a drawn ad's product and leaves its words out", async () => {
    const catalogue = path.join(resolveRepoRoot(), 'apps/server/catalogue');
    const manifest = JSON.parse(readFileSync(path.join(catalogue, 'manifest.json'), 'utf8')) as {
      file: string;
      productBox: Box;
      words: { box: Box }[];
    }[];
    const entry = manifest.find((item) => item.file === 'beauty-lipstick-makeup-beauty-ad.jpg')!;
    const bytes = readFileSync(path.join(catalogue, 'images', entry.file));
    const found = await detectProduct(await decodeImage(bytes, { channels: 4, maxSide: 600 }), {
      exclude: entry.words.map((word) => half(word.box)),
    });
    expect(found).not.toBeNull();
    const product = half(entry.productBox);
    // The found box holds the whole lipstick with a small margin, and none of the ad's words.
    expect(overlapShare(product, found!)).toBeGreaterThan(0.97);
    expect(boxIou(found!, product)).toBeGreaterThan(0.75);
    for (const word of entry.words) expect(overlapShare(half(word.box), found!)).toBe(0);
  });
});
