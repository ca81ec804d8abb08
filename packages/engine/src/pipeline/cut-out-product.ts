import sharp from 'sharp';
import { EngineError } from '../engine-error.js';
import type { ProductCutOut } from '../types.js';
import {
  boundingBoxOf,
  decodeImage,
  dilate,
  measureTransparency,
  resizeMask,
  resizeRaster,
  type Raster,
} from './raster.js';
import { cutOutWithModel } from './model-cut-out.js';
import { estimateBorderColor, segmentForeground } from './segment-foreground.js';

/** Cut-outs larger than this gain nothing at the engine's output sizes. */
const MAX_SIDE = 1024;
const SEGMENTATION_SIDE = 320;

/**
 * Cuts the product out of its photo: the photo's own alpha when it has one, else the segmentation
 * model's cut-out, else (the model could not load or saw nothing) GrabCut against the photo's
 * border. The result says which of the three ran.
 */
export async function cutOutProduct(bytes: Uint8Array): Promise<ProductCutOut> {
  const meta = await readSize(bytes);
  const raster = await decodeImage(bytes, { maxSide: MAX_SIDE, channels: 4 });
  const { alpha, method } = await findAlpha(raster);
  const box = boundingBoxOf(alpha, raster.width, 24);
  if (!box || box.width < 4 || box.height < 4) {
    throw new EngineError('bad_input', 'No product could be found in the product photo.');
  }
  const out = new Uint8Array(box.width * box.height * 4);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const src = (y + box.y) * raster.width + x + box.x;
      const dst = y * box.width + x;
      out[dst * 4] = raster.data[src * 4]!;
      out[dst * 4 + 1] = raster.data[src * 4 + 1]!;
      out[dst * 4 + 2] = raster.data[src * 4 + 2]!;
      out[dst * 4 + 3] = alpha[src]!;
    }
  }
  const png = await sharp(out, { raw: { width: box.width, height: box.height, channels: 4 } })
    .png()
    .toBuffer();
  const toPhoto = meta.width / raster.width;
  return {
    png: new Uint8Array(png),
    box: {
      x: Math.round(box.x * toPhoto),
      y: Math.round(box.y * toPhoto),
      width: Math.round(box.width * toPhoto),
      height: Math.round(box.height * toPhoto),
    },
    method,
  };
}

async function findAlpha(
  raster: Raster,
): Promise<{ alpha: Uint8Array; method: ProductCutOut['method'] }> {
  if (measureTransparency(raster) > 0.01)
    return { alpha: dropFaintShadow(raster), method: 'alpha' };
  const original = raster.data.slice();
  try {
    const alpha = await cutOutWithModel(raster);
    if (alpha.some((value) => value >= 128)) return { alpha, method: 'model' };
  } catch {
    // The model's weights or runtime are missing on this machine: GrabCut still works.
  }
  raster.data.set(original);
  const alpha = await segmentAlpha(raster);
  refineEdge(raster, alpha);
  return { alpha, method: 'grabcut' };
}

async function readSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes).metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    if (!meta.width || !meta.height) throw new Error('no size');
    return rotated
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  } catch (error) {
    throw new EngineError('bad_input', 'The product image could not be read.', { cause: error });
  }
}

/**
 * Renders with alpha often carry a soft drop shadow as faint dark pixels: keep the alpha only near
 * solid pixels so the old shadow does not travel with the product.
 */
function dropFaintShadow(raster: Raster): Uint8Array {
  const { width, height } = raster;
  const solid = new Uint8Array(width * height);
  for (let i = 0; i < solid.length; i += 1) solid[i] = raster.data[i * 4 + 3]! >= 160 ? 1 : 0;
  const near = dilate(solid, width, height, 2);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = near[i] ? raster.data[i * 4 + 3]! : 0;
  return alpha;
}

async function segmentAlpha(raster: Raster): Promise<Uint8Array> {
  const scale = Math.min(1, SEGMENTATION_SIDE / Math.max(raster.width, raster.height));
  const small = await resizeRaster(
    raster,
    Math.max(8, Math.round(raster.width * scale)),
    Math.max(8, Math.round(raster.height * scale)),
    'linear',
  );
  const mask = await segmentForeground(small);
  // Upscale softly, then pull the edge slightly inwards: the outermost ring carries background
  // colour and would show as a halo on a different scene.
  const data = await resizeMask(mask, small, {
    width: raster.width,
    height: raster.height,
    blur: 1.2,
  });
  const alpha = new Uint8Array(raster.width * raster.height);
  for (let i = 0; i < alpha.length; i += 1) {
    alpha[i] = Math.max(0, Math.min(255, Math.round((data[i]! - 110) * 2.2)));
  }
  return alpha;
}

/**
 * Sharpens the upscaled edge against a plain background and removes its colour from the edge
 * pixels (in place): along the rim, alpha is where the pixel lies between the nearby product
 * colour and the background colour, and the background's share is taken out of its colour, so
 * no light or dark fringe travels into a scene of another colour.
 */
function refineEdge(raster: Raster, alpha: Uint8Array): void {
  const { width, height, data } = raster;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) rgb.set(data.subarray(i * 4, i * 4 + 3), i * 3);
  const background = estimateBorderColor(rgb, width, height);
  const edge = new Uint8Array(width * height);
  for (let i = 0; i < edge.length; i += 1) edge[i] = alpha[i]! > 0 && alpha[i]! < 255 ? 1 : 0;
  const band = dilate(edge, width, height, 3);
  const radius = 5;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!band[i]) continue;
      // The product's colour here: the mean of solid pixels close by.
      const sum = [0, 0, 0];
      let count = 0;
      for (let dy = -radius; dy <= radius; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -radius; dx <= radius; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= width || alpha[yy * width + xx] !== 255) continue;
          for (let c = 0; c < 3; c += 1) sum[c] = sum[c]! + data[(yy * width + xx) * 4 + c]!;
          count += 1;
        }
      }
      if (count === 0) continue;
      const product = sum.map((value) => value / count);
      const span = product.map((value, c) => value - background[c]!);
      const spanSquared = span.reduce((total, d) => total + d * d, 0);
      if (spanSquared < 40 * 40) continue; // product and background too alike to tell apart
      const own = [0, 1, 2].map((c) => data[i * 4 + c]! - background[c]!);
      const share = own.reduce((total, d, c) => total + d * span[c]!, 0) / spanSquared;
      const refined = Math.max(0, Math.min(1, share));
      alpha[i] = Math.round(refined * 255);
      if (alpha[i]! < 8) continue;
      for (let c = 0; c < 3; c += 1) {
        const unmixed = background[c]! + own[c]! / Math.max(0.2, alpha[i]! / 255);
        data[i * 4 + c] = Math.max(0, Math.min(255, Math.round(unmixed)));
      }
    }
  }
}
