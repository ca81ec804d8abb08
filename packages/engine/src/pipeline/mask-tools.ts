/**
 * Small mask operations the learned cut-out and detection share: connected parts, box means and a
 * guided filter. Plain loops over typed arrays: at 1024 px they run in tens of milliseconds and
 * need no copy into OpenCV's heap.
 */

import type { Box } from '../types.js';
import { clipBox, dilate, padBox } from './raster.js';

export type Component = {
  label: number;
  area: number;
  /** Sum of the weights (e.g. model probability) over the part's pixels. */
  mass: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  sumX: number;
  sumY: number;
  touchesBorder: boolean;
};

/** How many pixels of a mask are set. */
export function countSet(mask: Uint8Array): number {
  let count = 0;
  for (const value of mask) if (value) count += 1;
  return count;
}

/** The pixels whose label is kept, and how many they are. */
export function maskOfParts(labels: ArrayLike<number>, kept: ReadonlySet<number>) {
  const parts = new Uint8Array(labels.length);
  let area = 0;
  for (let i = 0; i < parts.length; i += 1) {
    parts[i] = kept.has(labels[i]!) ? 1 : 0;
    area += parts[i]!;
  }
  return { parts, area };
}

/** The part with the most pixels (the first of equals); undefined when there is none. */
export function largestComponent(components: readonly Component[]): Component | undefined {
  let largest = components[0];
  for (const part of components) if (part.area > largest!.area) largest = part;
  return largest;
}

/**
 * Labels the 4-connected parts of the pixels where `inside` is non-zero (labels from 1; 0 is
 * outside). `weight` (integers, such as 8-bit probabilities) adds up into each part's mass.
 */
export function labelComponents(
  inside: Uint8Array,
  width: number,
  height: number,
  weight?: Uint8Array,
): { labels: Int32Array; components: Component[] } {
  const labels = new Int32Array(width * height);
  const components: Component[] = [];
  // Seeds of runs still to fill. A part is filled a row's run at a time (a megapixel background
  // is one part); its sums are integers, so the order the runs come in does not change them.
  const seeds: number[] = [];
  for (let start = 0; start < inside.length; start += 1) {
    if (!inside[start] || labels[start]) continue;
    const label = components.length + 1;
    let area = 0;
    let mass = 0;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    let sumX = 0;
    let sumY = 0;
    let touchesBorder = false;
    seeds.push(start);
    while (seeds.length > 0) {
      const seed = seeds.pop()!;
      if (labels[seed]) continue;
      const y = Math.floor(seed / width);
      const rowStart = y * width;
      const rowEnd = rowStart + width - 1;
      let left = seed;
      while (left > rowStart && inside[left - 1] && !labels[left - 1]) left -= 1;
      let right = seed;
      while (right < rowEnd && inside[right + 1] && !labels[right + 1]) right += 1;
      const length = right - left + 1;
      for (let i = left; i <= right; i += 1) {
        labels[i] = label;
        mass += weight ? weight[i]! : 1;
      }
      const x0 = left - rowStart;
      const x1 = right - rowStart;
      area += length;
      sumX += ((x0 + x1) * length) / 2;
      sumY += y * length;
      if (x0 < minX) minX = x0;
      if (x1 > maxX) maxX = x1;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x0 === 0 || y === 0 || x1 === width - 1 || y === height - 1) touchesBorder = true;
      // A seed at the start of each unlabelled run of the part touching this one above and below.
      for (let row = y - 1; row <= y + 1; row += 2) {
        if (row < 0 || row >= height) continue;
        const step = (row - y) * width;
        let inRun = false;
        for (let i = left + step; i <= right + step; i += 1) {
          const open = inside[i] !== 0 && labels[i] === 0;
          if (open && !inRun) seeds.push(i);
          inRun = open;
        }
      }
    }
    components.push({
      label,
      area,
      mass,
      minX,
      minY,
      maxX,
      maxY,
      sumX,
      sumY,
      touchesBorder,
    });
  }
  return { labels, components };
}

/** Mean of `values` over the (2r+1)² window around each pixel, clipped at the image's edges. */
export function boxMean(
  values: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const integral = integralOf(values, width, height);
  const out = new Float32Array(width * height);
  for (let y = 0, i = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, i += 1) {
      out[i] = boxMeanAt(integral, width, height, radius, x, y);
    }
  }
  return out;
}

/** Summed-area table of `values`, one row and column of zeros before the image's. */
export function integralOf(values: Float32Array, width: number, height: number): Float64Array {
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += values[y * width + x]!;
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1]! + row;
    }
  }
  return integral;
}

/**
 * `boxMean`'s value at one pixel, from `integralOf` the same values: for a caller that needs the
 * mean at few of the pixels. Rounded to 32 bits as `boxMean` stores it.
 */
export function boxMeanAt(
  integral: Float64Array,
  width: number,
  height: number,
  radius: number,
  x: number,
  y: number,
): number {
  const stride = width + 1;
  const y0 = Math.max(0, y - radius);
  const y1 = Math.min(height, y + radius + 1);
  const x0 = Math.max(0, x - radius);
  const x1 = Math.min(width, x + radius + 1);
  const sum =
    integral[y1 * stride + x1]! -
    integral[y0 * stride + x1]! -
    integral[y1 * stride + x0]! +
    integral[y0 * stride + x0]!;
  return Math.fround(sum / ((y1 - y0) * (x1 - x0)));
}

/** The box round the given parts, grown by `margin` and clipped to the image. */
export function boxOfParts(
  parts: readonly Component[],
  margin: number,
  width: number,
  height: number,
): Box {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (const part of parts) {
    minX = Math.min(minX, part.minX);
    minY = Math.min(minY, part.minY);
    maxX = Math.max(maxX, part.maxX);
    maxY = Math.max(maxY, part.maxY);
  }
  return clipBox(
    padBox({ x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 }, margin),
    width,
    height,
  );
}

/**
 * Guided filter (He, Sun and Tang, 2010) with a grey guide: `input` is smoothed where the guide
 * is flat and follows the guide's edges where it has them. Values and guide in 0..1. With
 * `wanted`, only the pixels set in it are filtered (the others are 0).
 */
export function guidedFilter(
  guide: Float32Array,
  input: Float32Array,
  width: number,
  height: number,
  radius: number,
  epsilon: number,
  wanted?: Uint8Array,
): Float32Array {
  const n = guide.length;
  const product = new Float32Array(n);
  const square = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    product[i] = guide[i]! * input[i]!;
    square[i] = guide[i]! * guide[i]!;
  }
  const meanGuide = boxMean(guide, width, height, radius);
  const meanInput = boxMean(input, width, height, radius);
  const meanProduct = boxMean(product, width, height, radius);
  const meanSquare = boxMean(square, width, height, radius);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    const variance = meanSquare[i]! - meanGuide[i]! * meanGuide[i]!;
    const covariance = meanProduct[i]! - meanGuide[i]! * meanInput[i]!;
    a[i] = covariance / (variance + epsilon);
    b[i] = meanInput[i]! - a[i]! * meanGuide[i]!;
  }
  const out = new Float32Array(n);
  if (!wanted) {
    const meanA = boxMean(a, width, height, radius);
    const meanB = boxMean(b, width, height, radius);
    for (let i = 0; i < n; i += 1) out[i] = meanA[i]! * guide[i]! + meanB[i]!;
    return out;
  }
  const sumsA = integralOf(a, width, height);
  const sumsB = integralOf(b, width, height);
  for (let y = 0, i = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, i += 1) {
      if (!wanted[i]) continue;
      const meanA = boxMeanAt(sumsA, width, height, radius, x, y);
      out[i] = meanA * guide[i]! + boxMeanAt(sumsB, width, height, radius, x, y);
    }
  }
  return out;
}

/**
 * `dilate` of the mask read over `box` alone (0 elsewhere). The dilation at a pixel reads the
 * mask within the radius, so it runs on the box grown by the radius: a mask set over most of the
 * photo (the outside of a product) costs the size of the box, not of the photo.
 */
export function dilateWithin(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
  box: Box,
): Uint8Array {
  const x0 = Math.max(0, box.x - radius);
  const y0 = Math.max(0, box.y - radius);
  const grownWidth = Math.min(width, box.x + box.width + radius) - x0;
  const grownHeight = Math.min(height, box.y + box.height + radius) - y0;
  const grown = new Uint8Array(grownWidth * grownHeight);
  for (let y = 0; y < grownHeight; y += 1) {
    const from = (y + y0) * width + x0;
    grown.set(mask.subarray(from, from + grownWidth), y * grownWidth);
  }
  const dilated = dilate(grown, grownWidth, grownHeight, radius);
  const out = new Uint8Array(width * height);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    const from = (y - y0) * grownWidth + box.x - x0;
    out.set(dilated.subarray(from, from + box.width), y * width + box.x);
  }
  return out;
}

/**
 * The hole and what may not be used (the hole, and `exclude`) within `area`, as 0/1 masks of the
 * area's size: the local masks the rim measures of the fills work on.
 */
export function cropHoleMasks(
  hole: Uint8Array,
  exclude: Uint8Array | undefined,
  area: Box,
  width: number,
): { localHole: Uint8Array; unusable: Uint8Array } {
  const w = area.width;
  const localHole = new Uint8Array(w * area.height);
  const unusable = new Uint8Array(w * area.height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y + area.y) * width + x + area.x;
      localHole[y * w + x] = hole[i] ? 1 : 0;
      unusable[y * w + x] = hole[i] || exclude?.[i] ? 1 : 0;
    }
  }
  return { localHole, unusable };
}
