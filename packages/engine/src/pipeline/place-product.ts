import sharp from 'sharp';
import type { Box } from '../types.js';
import { clipBox, type Raster } from './raster.js';

export type Placement = {
  /** Where the product landed, in output pixels (integer). */
  box: Box;
  /** The product exactly as blended (RGBA at `box` size), for measuring. */
  product: Raster;
};

/**
 * Places the cut-out in the target box (in place): as large as fits keeping its proportions,
 * standing on the box's floor and centred where the old product stood, its colours nudged
 * toward the scene's light, with a soft contact shadow. Shadow and product stay inside `limits`.
 */
export async function placeProduct(options: {
  frame: Raster;
  cutOut: Uint8Array;
  target: Box;
  limits: Box;
}): Promise<Placement> {
  const { frame, target } = options;
  const meta = await sharp(options.cutOut).metadata();
  const sourceWidth = meta.width ?? 1;
  const sourceHeight = meta.height ?? 1;
  const scale = Math.min(target.width / sourceWidth, target.height / sourceHeight);
  const width = Math.max(1, Math.round(sourceWidth * scale));
  const height = Math.max(1, Math.round(sourceHeight * scale));
  const x = Math.round(target.x + (target.width - width) / 2);
  const y = Math.round(target.y + target.height - height);
  const gains = measureSceneGains(frame);
  const data = await sharp(options.cutOut)
    .ensureAlpha()
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .linear([...gains, 1], [0, 0, 0, 0])
    .raw()
    .toBuffer();
  const product: Raster = { data: new Uint8Array(data), width, height, channels: 4 };
  const limits = clipBox(options.limits, frame.width, frame.height);
  drawContactShadow(frame, product, { x, y, limits });
  blendProduct(frame, product, { x, y, limits });
  return { box: { x, y, width, height }, product };
}

/** Per-channel gains toward the scene's mean colour, kept mild so the product stays itself. */
function measureSceneGains(frame: Raster): [number, number, number] {
  const sums = [0, 0, 0];
  const step = 7;
  let count = 0;
  for (let i = 0; i < frame.width * frame.height; i += step) {
    for (let c = 0; c < 3; c += 1) sums[c] = sums[c]! + frame.data[i * frame.channels + c]!;
    count += 1;
  }
  const means = sums.map((sum) => sum / count);
  const grey = (means[0]! + means[1]! + means[2]!) / 3 || 1;
  return means.map((mean) => Math.min(1.05, Math.max(0.95, (mean / grey) ** 0.1))) as [
    number,
    number,
    number,
  ];
}

function drawContactShadow(
  frame: Raster,
  product: Raster,
  at: { x: number; y: number; limits: Box },
): void {
  // Columns where the product reaches its lowest rows: the shadow lies under what touches ground.
  const { width, height } = product;
  const footRows = Math.max(2, Math.round(height * 0.08));
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = height - 1; y >= 0 && bottom < 0; y -= 1) {
    for (let x = 0; x < width; x += 1) if (product.data[(y * width + x) * 4 + 3]! > 128) bottom = y;
  }
  if (bottom < 0) return;
  for (let y = Math.max(0, bottom - footRows); y <= bottom; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (product.data[(y * width + x) * 4 + 3]! > 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  const cx = at.x + (left + right) / 2;
  const cy = at.y + bottom;
  const rx = Math.max(4, ((right - left) / 2) * 1.1);
  const ry = Math.max(3, Math.min(rx * 0.18, height * 0.05));
  const { limits } = at;
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const d = dx * dx + dy * dy;
      if (d > 4) continue;
      const strength = 0.42 * Math.exp(-d * 1.6);
      const i = (y * frame.width + x) * frame.channels;
      for (let c = 0; c < 3; c += 1)
        frame.data[i + c] = Math.round(frame.data[i + c]! * (1 - strength));
    }
  }
}

function blendProduct(frame: Raster, product: Raster, at: { x: number; y: number; limits: Box }) {
  const { limits } = at;
  for (let y = 0; y < product.height; y += 1) {
    const fy = y + at.y;
    if (fy < limits.y || fy >= limits.y + limits.height) continue;
    for (let x = 0; x < product.width; x += 1) {
      const fx = x + at.x;
      if (fx < limits.x || fx >= limits.x + limits.width) continue;
      const p = (y * product.width + x) * 4;
      const alpha = product.data[p + 3]! / 255;
      if (alpha === 0) continue;
      const f = (fy * frame.width + fx) * frame.channels;
      for (let c = 0; c < 3; c += 1) {
        frame.data[f + c] = Math.round(
          product.data[p + c]! * alpha + frame.data[f + c]! * (1 - alpha),
        );
      }
    }
  }
}
