import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import { frameMargin, renderFrame } from '../src/pipeline/frame-template.js';
import { decodeImage, type Raster } from '../src/pipeline/raster.js';

afterAll(() => closeEngine());

const WIDTH = 400;
const HEIGHT = 800;
const HORIZON = 480;
const OLD_PRODUCT = { x: 150, y: 200, width: 100, height: 500 };

/**
 * A tall template: a grained wall over a planked floor, a red "old product" standing on it, too
 * tall for a square crop inside the template, so a square frame reaches past its sides.
 */
async function plankedRoom(): Promise<Uint8Array> {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const grain = Math.round(Math.sin(x * 12.9898 + y * 78.233) * 4);
      const plank = y >= HORIZON && (x + 12) % 24 < 4 ? -60 : 0;
      const base = y < HORIZON ? [196, 178, 160] : [150, 112, 80];
      const inProduct =
        x >= OLD_PRODUCT.x &&
        x < OLD_PRODUCT.x + OLD_PRODUCT.width &&
        y >= OLD_PRODUCT.y &&
        y < OLD_PRODUCT.y + OLD_PRODUCT.height;
      data.set(inProduct ? [230, 20, 30] : base.map((v) => v + grain + plank), (y * WIDTH + x) * 3);
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** A small blue box on a transparent canvas: the new product. */
async function blueBox(): Promise<Uint8Array> {
  const size = 120;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inside = x >= 30 && x < 90 && y >= 10 && y < 110;
      data.set(inside ? [30, 60, 200, 255] : [0, 0, 0, 0], (y * size + x) * 4);
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: size, height: size, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/**
 * Detail across the rows of a band (mean absolute difference, levels, between a pixel's luminance
 * and the mean of the pixels 6 px either side): a plank's seam stands out of it, a blur does not.
 */
function rowDetail(image: Raster, x0: number, x1: number, y0: number, y1: number): number {
  const luminance = (x: number, y: number) => {
    const i = (y * image.width + x) * 3;
    return (image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3;
  };
  let total = 0;
  let count = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0 + 6; x < x1 - 6; x += 1) {
      total += Math.abs(luminance(x, y) - (luminance(x - 6, y) + luminance(x + 6, y)) / 2);
      count += 1;
    }
  }
  return total / count;
}

describe('the frame reaching past a textured template', () => {
  it('makes up the scene in the margin, without the old product, where it was a smooth band', async () => {
    const template = await plankedRoom();
    const outcome = await composeSwap({
      template,
      product: await blueBox(),
      productBox: OLD_PRODUCT,
      size: '1024x1024',
    });
    const output = await decodeImage(outcome.png, { channels: 3 });
    const margin = frameMargin({ width: WIDTH, height: HEIGHT }, outcome.frame);
    expect(margin).not.toBeNull();
    // The left margin's columns, and the floor's rows of the frame (the template's floor mapped).
    let marginWidth = 0;
    while (margin![marginWidth]) marginWidth += 1;
    expect(marginWidth).toBeGreaterThan(100);
    const scale = outcome.frame.width / outcome.frame.crop.width;
    const floorTop = Math.ceil((HORIZON - outcome.frame.crop.y) * scale) + 20;
    const floorBottom = Math.min(output.height, floorTop + 120);
    const band = [4, marginWidth - 4] as const;
    const smooth = await renderFrame(await decodeImage(template, { channels: 3 }), outcome.frame);
    // The smooth fill of before: a blur of the floor's and the wall's colours, nothing across it.
    expect(rowDetail(smooth, ...band, floorTop, floorBottom)).toBeLessThan(2);
    // Made up: the planks go on, softer than the template's floor (about 16 levels here).
    expect(rowDetail(output, ...band, floorTop, floorBottom)).toBeGreaterThan(4);
    // Nothing of the old red product is carried into the margin.
    let red = 0;
    for (let i = 0; i < margin!.length; i += 1) {
      if (!margin![i]) continue;
      const [r, g] = [output.data[i * 3]!, output.data[i * 3 + 1]!];
      if (r > 180 && r - g > 100) red += 1;
    }
    expect(red).toBe(0);
  });
});

/**
 * A tall template of a plain light wall, with a brown "old product" cut by its left side (a vase's
 * dried leaves running off the photo).
 */
async function wallWithObjectAtItsSide(): Promise<Uint8Array> {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const grain = Math.round(Math.sin(x * 12.9898 + y * 78.233) * 2);
      const inProduct =
        x < SIDE_PRODUCT.width && y >= SIDE_PRODUCT.y && y < SIDE_PRODUCT.y + SIDE_PRODUCT.height;
      data.set(
        inProduct ? [150, 110, 70] : [236 + grain, 233 + grain, 228 + grain],
        (y * WIDTH + x) * 3,
      );
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

const SIDE_PRODUCT = { x: 0, y: 150, width: 120, height: 500 };

describe('the frame reaching past a plain template', () => {
  it('does not carry an old product the template side cuts on into the margin, nor back into its hole', async () => {
    const outcome = await composeSwap({
      template: await wallWithObjectAtItsSide(),
      product: await blueBox(),
      productBox: SIDE_PRODUCT,
      size: '1024x1024',
    });
    const output = await decodeImage(outcome.png, { channels: 3 });
    const margin = frameMargin({ width: WIDTH, height: HEIGHT }, outcome.frame);
    let marginWidth = 0;
    while (margin![marginWidth]) marginWidth += 1;
    expect(marginWidth).toBeGreaterThan(100);
    const scale = outcome.frame.width / outcome.frame.crop.width;
    const toFrameY = (y: number) => Math.round((y - outcome.frame.crop.y) * scale);
    // The worst distance from the wall's colour over the rows of the old product, in the margin
    // and in the strip of the template beside it (the hole's fill), clear of the new product and
    // its shadow: above it, the strip reaches 60 px into the template.
    const placed = outcome.placement.box;
    const hole = {
      top: toFrameY(SIDE_PRODUCT.y),
      bottom: toFrameY(SIDE_PRODUCT.y + SIDE_PRODUCT.height),
    };
    expect(placed.y - 8).toBeGreaterThan(hole.top + 100);
    let worst = 0;
    for (let y = hole.top; y < hole.bottom; y += 1) {
      const clear = y < placed.y - 8 ? marginWidth + 60 : Math.min(marginWidth + 60, placed.x - 8);
      for (let x = 0; x < clear; x += 1) {
        const i = (y * output.width + x) * 3;
        const off = Math.max(
          Math.abs(output.data[i]! - 236),
          Math.abs(output.data[i + 1]! - 233),
          Math.abs(output.data[i + 2]! - 228),
        );
        worst = Math.max(worst, off);
      }
    }
    expect(worst).toBeLessThan(12);
  });
});
