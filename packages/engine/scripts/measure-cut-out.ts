/**
 * Cut-out against ground truth (issue 13): every fixture product that carries its own alpha is laid
 * on varied backgrounds (plain, gradient, textured planks, its own mean colour, busy fixture
 * photos), cut out again by `cutOutProduct` as if it had no alpha, and the result's mask is
 * compared with the original alpha (IoU of the pixels at or above half opacity). Hold-out
 * products are reported apart. Prints a table; `--save DIR` writes each cut-out on a checkerboard.
 *
 * Then synthetic products with real see-through holes and rims (`synthetic-holes.ts`) on plain
 * backdrops: the IoU of each hole (is it open?) and the fringe, the mean colour distance of the
 * edge's pixels from the true product's when both are laid on black and on white (a backdrop's
 * colour left on the rim shows there). `--synthetic` runs only these; with `--save` each cut-out
 * is also written on magenta.
 * Usage: npm run measure:cut-out -w @adtwin/engine [-- --save /tmp/cut-outs] [--synthetic]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { closeEngine, cutOutProduct } from '../src/index.js';
import { listFixtures, readFixture } from '../src/quality/fixture-cases.js';
import { isHeldOut } from '../src/quality/hold-out.js';
import {
  boundingBoxOf,
  decodeImage,
  dilate,
  measureTransparency,
  type Raster,
} from '../src/pipeline/raster.js';
import { drawProduct, SYNTHETIC_PRODUCTS } from './synthetic-holes.js';

const SIDE = 1024;
/** Share of the frame's side the product's longer side takes. */
const PRODUCT_SHARE = 0.6;
const BUSY_PHOTOS = [
  'templates/home/kari-shea-398668-unsplash.jpg',
  'templates/home/nathan-fertig-249917-unsplash.jpg',
];

const saveIndex = process.argv.indexOf('--save');
const saveDir = saveIndex >= 0 ? process.argv[saveIndex + 1] : undefined;
if (saveDir) mkdirSync(saveDir, { recursive: true });

type Background = { name: string; make: (product: Raster) => Promise<Buffer> };

const raw = (data: Uint8Array | Buffer) =>
  sharp(data, { raw: { width: SIDE, height: SIDE, channels: 3 } });

const BACKGROUNDS: Background[] = [
  { name: 'plain', make: () => plain([242, 242, 240]) },
  {
    name: 'gradient',
    make: () =>
      svgBackground(
        `<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#dfe8f5"/><stop offset="1" stop-color="#5d6d8c"/></linearGradient></defs><rect width="${SIDE}" height="${SIDE}" fill="url(#g)"/>`,
      ),
  },
  { name: 'planks', make: planks },
  { name: 'similar', make: (product) => plain(meanColour(product)) },
  ...BUSY_PHOTOS.map((photo, index) => ({
    name: `busy-${index + 1}`,
    make: async () =>
      sharp(readFixture(photo)).resize(SIDE, SIDE, { fit: 'cover' }).removeAlpha().raw().toBuffer(),
  })),
];

async function plain(colour: number[]): Promise<Buffer> {
  const [r, g, b] = colour.map((value) => Math.round(value));
  return sharp({
    create: { width: SIDE, height: SIDE, channels: 3, background: { r: r!, g: g!, b: b! } },
  })
    .raw()
    .toBuffer();
}

async function svgBackground(body: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">${body}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

/** Wooden planks: stripes of varied browns with grain noise, a textured floor or table. */
async function planks(): Promise<Buffer> {
  const browns = ['#8a5a3b', '#9c6a45', '#7b4f33', '#a8764f', '#6e452c'];
  const rows = Array.from(
    { length: 9 },
    (_, i) =>
      `<rect x="0" y="${i * 114}" width="${SIDE}" height="112" fill="${browns[i % browns.length]}"/><rect x="0" y="${i * 114 + 112}" width="${SIDE}" height="2" fill="#3b2415"/>`,
  ).join('');
  const base = await svgBackground(rows);
  const noise = await sharp({
    create: {
      width: SIDE,
      height: SIDE,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.5)
    .resize(SIDE, SIDE)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i += 1) {
    out[i] = Math.max(0, Math.min(255, base[i]! + (noise[i]! - 128) * 0.6));
  }
  return out;
}

function meanColour(product: Raster): number[] {
  const sums = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < product.width * product.height; i += 1) {
    if (product.data[i * 4 + 3]! < 200) continue;
    for (let c = 0; c < 3; c += 1) sums[c]! += product.data[i * 4 + c]!;
    count += 1;
  }
  return sums.map((sum) => sum / Math.max(1, count));
}

/** The product scaled into the centre of a SIDE x SIDE frame, as an RGBA raster of the frame. */
async function placeProduct(bytes: Uint8Array): Promise<Raster> {
  const product = await decodeImage(bytes, { channels: 4 });
  const scale = (SIDE * PRODUCT_SHARE) / Math.max(product.width, product.height);
  const width = Math.round(product.width * scale);
  const height = Math.round(product.height * scale);
  const { data } = await sharp(product.data, {
    raw: { width: product.width, height: product.height, channels: 4 },
  })
    .resize(width, height)
    .extend({
      top: Math.floor((SIDE - height) / 2),
      bottom: SIDE - height - Math.floor((SIDE - height) / 2),
      left: Math.floor((SIDE - width) / 2),
      right: SIDE - width - Math.floor((SIDE - width) / 2),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: SIDE, height: SIDE, channels: 4 };
}

function composite(product: Raster, background: Buffer): Buffer {
  const out = Buffer.alloc(SIDE * SIDE * 3);
  for (let i = 0; i < SIDE * SIDE; i += 1) {
    const a = product.data[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c += 1) {
      out[i * 3 + c] = Math.round(product.data[i * 4 + c]! * a + background[i * 3 + c]! * (1 - a));
    }
  }
  return out;
}

/** The cut-out's alpha laid back into the frame. */
async function alphaInFrame(png: Uint8Array, box: { x: number; y: number }): Promise<Uint8Array> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const fx = x + box.x;
      const fy = y + box.y;
      if (fx < SIDE && fy < SIDE) alpha[fy * SIDE + fx] = data[(y * info.width + x) * 4 + 3]!;
    }
  }
  return alpha;
}

function maskIou(truth: Raster, alpha: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < alpha.length; i += 1) {
    const t = truth.data[i * 4 + 3]! >= 128;
    const p = alpha[i]! >= 128;
    if (t && p) both += 1;
    if (t || p) either += 1;
  }
  return either ? both / either : 1;
}

async function saveOnChecker(file: string, png: Uint8Array): Promise<void> {
  const meta = await sharp(png).metadata();
  const cell = 16;
  const checker = `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}"><defs><pattern id="c" width="${cell * 2}" height="${cell * 2}" patternUnits="userSpaceOnUse"><rect width="${cell * 2}" height="${cell * 2}" fill="#ccc"/><rect width="${cell}" height="${cell}" fill="#fff"/><rect x="${cell}" y="${cell}" width="${cell}" height="${cell}" fill="#fff"/></pattern></defs><rect width="100%" height="100%" fill="url(#c)"/></svg>`;
  await sharp(Buffer.from(checker))
    .composite([{ input: Buffer.from(png) }])
    .png()
    .toFile(file);
}

type Row = {
  product: string;
  background: string;
  iou: number;
  method: string;
  ms: number;
  heldOut: boolean;
};
const rows: Row[] = [];
const onlySynthetic = process.argv.includes('--synthetic');
const products = onlySynthetic
  ? []
  : listFixtures().products.filter((file) => file.endsWith('.png'));
for (const product of products) {
  const bytes = readFixture(product);
  if (measureTransparency(await decodeImage(bytes, { channels: 4 })) <= 0.01) continue;
  const truth = await placeProduct(bytes);
  for (const background of BACKGROUNDS) {
    const frame = composite(truth, await background.make(truth));
    const jpeg = new Uint8Array(await raw(frame).jpeg({ quality: 92 }).toBuffer());
    const started = performance.now();
    const cutOut = await cutOutProduct(jpeg);
    const ms = performance.now() - started;
    const iou = maskIou(truth, await alphaInFrame(cutOut.png, cutOut.box));
    const name = path.basename(product, '.png');
    rows.push({
      product: name,
      background: background.name,
      iou,
      method: cutOut.method,
      ms,
      heldOut: isHeldOut(product),
    });
    console.log(
      `${name.padEnd(28)} ${background.name.padEnd(9)} ${cutOut.method.padEnd(7)} IoU ${iou.toFixed(3)}  ${Math.round(ms)} ms${isHeldOut(product) ? '  (hold-out)' : ''}`,
    );
    if (saveDir) {
      await saveOnChecker(path.join(saveDir, `${name}-${background.name}.png`), cutOut.png);
      await raw(frame)
        .png()
        .toFile(path.join(saveDir, `${name}-${background.name}-input.png`));
    }
  }
}

const summary = (label: string, list: Row[]) => {
  if (list.length === 0) return;
  const ious = list.map((row) => row.iou).sort((a, b) => a - b);
  const times = list.map((row) => row.ms).sort((a, b) => a - b);
  const worst = list.reduce((low, row) => (row.iou < low.iou ? row : low));
  console.log(
    `${label.padEnd(10)} cases ${String(list.length).padStart(3)}  median IoU ${ious[ious.length >> 1]!.toFixed(3)}  worst ${worst.iou.toFixed(3)} (${worst.product} on ${worst.background})  median ${Math.round(times[times.length >> 1]!)} ms per 1024x1024 cut-out`,
  );
};
console.log('');
console.log('Goal: median IoU >= 0.95, worst >= 0.85');
summary(
  'tuned',
  rows.filter((row) => !row.heldOut),
);
summary(
  'hold-out',
  rows.filter((row) => row.heldOut),
);
for (const name of BACKGROUNDS.map((background) => background.name)) {
  summary(
    name,
    rows.filter((row) => row.background === name),
  );
}

/** IoU of the true holes with the cut-out's open pixels in the holes' box (grown by 8 px). */
function holeIou(hole: Uint8Array, alpha: Uint8Array): number | null {
  const box = boundingBoxOf(hole, SIDE);
  if (!box) return null;
  let both = 0;
  let either = 0;
  for (let y = Math.max(0, box.y - 8); y < Math.min(SIDE, box.y + box.height + 8); y += 1) {
    for (let x = Math.max(0, box.x - 8); x < Math.min(SIDE, box.x + box.width + 8); x += 1) {
      const i = y * SIDE + x;
      const open = alpha[i]! < 128;
      if (hole[i] && open) both += 1;
      if (hole[i] || open) either += 1;
    }
  }
  return either ? both / either : 1;
}

/**
 * Mean RGB distance, over the pixels within 3 px of the true outline, between the cut-out and the
 * true product, each laid on black and on white.
 */
function fringe(truth: Raster, cut: Raster): number {
  const inside = new Uint8Array(SIDE * SIDE);
  const outside = new Uint8Array(SIDE * SIDE);
  for (let i = 0; i < inside.length; i += 1) {
    inside[i] = truth.data[i * 4 + 3]! >= 128 ? 1 : 0;
    outside[i] = 1 - inside[i]!;
  }
  const nearInside = dilate(inside, SIDE, SIDE, 3);
  const nearOutside = dilate(outside, SIDE, SIDE, 3);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < inside.length; i += 1) {
    if (!nearInside[i] || !nearOutside[i]) continue;
    const ta = truth.data[i * 4 + 3]! / 255;
    const ca = cut.data[i * 4 + 3]! / 255;
    for (const ground of [0, 255]) {
      let squared = 0;
      for (let k = 0; k < 3; k += 1) {
        const want = truth.data[i * 4 + k]! * ta + ground * (1 - ta);
        const got = cut.data[i * 4 + k]! * ca + ground * (1 - ca);
        squared += (want - got) ** 2;
      }
      sum += Math.sqrt(squared);
      count += 1;
    }
  }
  return count ? sum / count : 0;
}

/** The cut-out laid back into the frame, RGBA. */
async function cutOutInFrame(png: Uint8Array, box: { x: number; y: number }): Promise<Raster> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(SIDE * SIDE * 4);
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const fx = x + box.x;
      const fy = y + box.y;
      if (fx >= SIDE || fy >= SIDE) continue;
      const from = (y * info.width + x) * 4;
      out.set(data.subarray(from, from + 4), (fy * SIDE + fx) * 4);
    }
  }
  return { data: out, width: SIDE, height: SIDE, channels: 4 };
}

function hexColour(hex: string): number[] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
}

console.log('');
console.log('Synthetic products: IoU, hole IoU (1 = open as it should be), fringe (RGB distance)');
const fringes: number[] = [];
const holeIous: number[] = [];
for (const product of SYNTHETIC_PRODUCTS) {
  const { truth, hole } = await drawProduct(product, SIDE);
  for (const hex of product.backdrops) {
    const frame = composite(truth, await plain(hexColour(hex)));
    const jpeg = new Uint8Array(await raw(frame).jpeg({ quality: 92 }).toBuffer());
    const cutOut = await cutOutProduct(jpeg);
    const cut = await cutOutInFrame(cutOut.png, cutOut.box);
    const alpha = new Uint8Array(SIDE * SIDE);
    for (let i = 0; i < alpha.length; i += 1) alpha[i] = cut.data[i * 4 + 3]!;
    const iou = maskIou(truth, alpha);
    const holes = holeIou(hole, alpha);
    const rim = fringe(truth, cut);
    fringes.push(rim);
    if (holes !== null) holeIous.push(holes);
    console.log(
      `${product.name.padEnd(14)} on ${hex}  IoU ${iou.toFixed(3)}  hole ${holes === null ? '  -  ' : holes.toFixed(3)}  fringe ${rim.toFixed(1)}`,
    );
    if (saveDir) {
      const name = `synthetic-${product.name}-${hex.slice(1)}`;
      await sharp(Buffer.from(cutOut.png))
        .flatten({ background: '#ff00ff' })
        .png()
        .toFile(path.join(saveDir, `${name}-on-magenta.png`));
      await raw(frame)
        .png()
        .toFile(path.join(saveDir, `${name}-input.png`));
    }
  }
}
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
console.log(
  `synthetic  mean hole IoU ${mean(holeIous).toFixed(3)}  worst ${Math.min(...holeIous).toFixed(3)}  mean fringe ${mean(fringes).toFixed(1)}  worst ${Math.max(...fringes).toFixed(1)}`,
);
await closeEngine();
