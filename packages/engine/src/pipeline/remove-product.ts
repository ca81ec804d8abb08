import type { Box } from '../types.js';
import { cloneFill, fillRegion } from './fill-region.js';
import { clipBox, dilate, growBox, resizeMask, resizeRaster, type Raster } from './raster.js';
import { segmentForeground } from './segment-foreground.js';

const WORK_SIDE = 256;
/** Changes stay inside the product box grown by this much (room for shadows). */
export const SHADOW_ALLOWANCE = 0.05;

/**
 * Removes the template's product and its shadow from the framed template (in place): GrabCut
 * inside the box finds the object, the mask is grown to swallow its edge and the shadow at its
 * foot, and the hole is filled from the background around it. Nothing outside the box grown by
 * SHADOW_ALLOWANCE changes.
 */
export async function removeProduct(
  frame: Raster,
  box: Box,
  recordedMask?: Uint8Array,
  /** The ad's words (in frame pixels): never erased unless on the product, never copied. */
  wordBoxes: Box[] = [],
): Promise<Uint8Array> {
  const { width, height } = frame;
  const limits = clipBox(growBox(box, SHADOW_ALLOWANCE), width, height);
  const object = recordedMask ?? (await findObjectMask(frame, box));
  const words = maskOfBoxes(wordBoxes, width, height);
  const radius = Math.max(4, Math.round(Math.min(box.width, box.height) * 0.035));
  const differs = dilate(findDifferentPixels(frame, limits, words), width, height, 3);
  const grown = dilate(object, width, height, radius);
  const hole = new Uint8Array(width * height);
  const footTop = box.y + box.height * 0.9;
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const i = y * width + x;
      // The band at the foot holds the old contact shadow, which GrabCut leaves out.
      const isFoot = y >= footTop && x >= box.x && x < box.x + box.width;
      if (words[i] && !object[i]) continue;
      if (grown[i] || differs[i] || isFoot) hole[i] = 1;
    }
  }
  const original = frame.data.slice();
  if (!cloneFill(frame, hole, words)) fillRegion(frame, hole, { exclude: words });
  // Shadow pixels at the edge of the allowed area fade back into the original, so the clipped
  // edge of an old soft shadow does not show as a straight line.
  const feather = Math.max(4, Math.round(Math.min(box.width, box.height) * 0.04));
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const i = y * width + x;
      if (!hole[i] || grown[i]) continue;
      const edge = Math.min(
        x - limits.x,
        limits.x + limits.width - 1 - x,
        y - limits.y,
        limits.y + limits.height - 1 - y,
      );
      if (edge >= feather) continue;
      const t = edge / feather;
      for (let c = 0; c < 3; c += 1) {
        const k = i * frame.channels + c;
        frame.data[k] = Math.round(frame.data[k]! * t + original[k]! * (1 - t));
      }
    }
  }
  return hole;
}

/**
 * Pixels inside `limits` that stand out from the background predicted from outside it: thin parts
 * GrabCut misses (spines, cables, soft shadows) would otherwise stay behind as a ghost.
 */
function findDifferentPixels(frame: Raster, limits: Box, words: Uint8Array): Uint8Array {
  const { width, height } = frame;
  const predicted: Raster = { ...frame, data: new Uint8Array(frame.data) };
  const inside = new Uint8Array(width * height);
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    inside.fill(1, y * width + limits.x, y * width + limits.x + limits.width);
  }
  fillRegion(predicted, inside, { grain: 0, isRough: true, exclude: words });
  const out = new Uint8Array(width * height);
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const i = y * width + x;
      let difference = 0;
      for (let c = 0; c < 3; c += 1) {
        const d = frame.data[i * frame.channels + c]! - predicted.data[i * frame.channels + c]!;
        difference += d * d;
      }
      if (difference > 30 * 30) out[i] = 1;
    }
  }
  return out;
}

async function findObjectMask(frame: Raster, box: Box): Promise<Uint8Array> {
  const { width, height } = frame;
  const area = clipBox(growBox(box, 0.15), width, height);
  const crop = cropRaster(frame, area);
  const scale = Math.min(1, WORK_SIDE / Math.max(area.width, area.height));
  const small = await resizeRaster(
    crop,
    Math.max(8, Math.round(area.width * scale)),
    Math.max(8, Math.round(area.height * scale)),
    'linear',
  );
  const inner = clipBox(
    {
      x: (box.x - area.x) * scale - 2,
      y: (box.y - area.y) * scale - 2,
      width: box.width * scale + 4,
      height: box.height * scale + 4,
    },
    small.width,
    small.height,
  );
  const smallMask = await segmentForeground(small, { rect: inner, iterations: 3 });
  const local = await resizeMask(smallMask, small, { width: area.width, height: area.height });
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      if (local[y * area.width + x]! >= 96) mask[(y + area.y) * width + x + area.x] = 1;
    }
  }
  return mask;
}

export function cropRaster(raster: Raster, area: Box): Raster {
  const { channels } = raster;
  const data = new Uint8Array(area.width * area.height * channels);
  for (let y = 0; y < area.height; y += 1) {
    const start = ((y + area.y) * raster.width + area.x) * channels;
    data.set(raster.data.subarray(start, start + area.width * channels), y * area.width * channels);
  }
  return { data, width: area.width, height: area.height, channels };
}

/** Word boxes grown by a few pixels for anti-aliased edges and glow, as a mask. */
function maskOfBoxes(boxes: Box[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const box of boxes) {
    const pad = Math.max(3, Math.round(box.height * 0.15));
    const area = clipBox(
      { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
      width,
      height,
    );
    for (let y = area.y; y < area.y + area.height; y += 1) {
      mask.fill(1, y * width + area.x, y * width + area.x + area.width);
    }
  }
  return mask;
}
