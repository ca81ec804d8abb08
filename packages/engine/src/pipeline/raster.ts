import sharp, { type KernelEnum, type Sharp } from 'sharp';
import { EngineError } from '../engine-error.js';
import type { Box } from '../types.js';

/** Interleaved 8-bit pixels. */
export type Raster = { data: Uint8Array; width: number; height: number; channels: 1 | 3 | 4 };

export async function decodeImage(
  bytes: Uint8Array,
  options: { maxSide?: number; channels: 3 | 4; background?: string },
): Promise<Raster> {
  try {
    let pipeline = sharp(bytes, { failOn: 'error' }).rotate();
    if (options.maxSide) {
      pipeline = pipeline.resize(options.maxSide, options.maxSide, {
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    pipeline =
      options.channels === 4
        ? pipeline.ensureAlpha()
        : pipeline.flatten({ background: options.background ?? '#ffffff' });
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      channels: options.channels,
    };
  } catch (error) {
    throw new EngineError('bad_input', 'The image could not be read.', { cause: error });
  }
}

export function toSharp(raster: Raster): Sharp {
  return sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: raster.channels },
  });
}

export async function encodePng(raster: Raster): Promise<Uint8Array> {
  return new Uint8Array(await toSharp(raster).png({ compressionLevel: 6 }).toBuffer());
}

export async function resizeRaster(
  raster: Raster,
  width: number,
  height: number,
  kernel: keyof KernelEnum = 'lanczos3',
): Promise<Raster> {
  const { data, info } = await toSharp(raster)
    .resize(width, height, { fit: 'fill', kernel })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: raster.channels,
  };
}

/** Fraction of pixels that are noticeably transparent: a real alpha, not an opaque channel. */
export function measureTransparency(raster: Raster): number {
  if (raster.channels !== 4) return 0;
  let count = 0;
  for (let i = 3; i < raster.data.length; i += 4) if (raster.data[i]! < 250) count += 1;
  return count / (raster.width * raster.height);
}

export function boundingBoxOf(mask: Uint8Array, width: number, threshold = 1): Box | null {
  const height = mask.length / width;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  // Each row from its left end to its first pixel in, then from its right end to its last: the
  // pixels between need no look (this runs over whole frames for every dilation).
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let first = 0;
    while (first < width && !(mask[row + first]! >= threshold)) first += 1;
    if (first === width) continue;
    let last = width - 1;
    while (!(mask[row + last]! >= threshold)) last -= 1;
    if (first < minX) minX = first;
    if (last > maxX) maxX = last;
    if (y < minY) minY = y;
    maxY = y;
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

export function scaleBox(box: Box, factor: number): Box {
  return {
    x: box.x * factor,
    y: box.y * factor,
    width: box.width * factor,
    height: box.height * factor,
  };
}

export function growBox(box: Box, fraction: number): Box {
  return padBox(box, box.width * fraction, box.height * fraction);
}

/** The box with `dx` more on the left and right and `dy` more above and below. */
export function padBox(box: Box, dx: number, dy = dx): Box {
  return { x: box.x - dx, y: box.y - dy, width: box.width + 2 * dx, height: box.height + 2 * dy };
}

/** Integer box clipped to the image. */
export function clipBox(box: Box, width: number, height: number): Box {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

export function toHex(r: number, g: number, b: number): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

export function fromHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Resizes a one-channel mask smoothly (sharp would otherwise hand back three channels). */
export async function resizeMask(
  mask: Uint8Array,
  from: { width: number; height: number },
  to: { width: number; height: number; blur?: number },
): Promise<Uint8Array> {
  let pipeline = sharp(mask, { raw: { width: from.width, height: from.height, channels: 1 } })
    .resize(to.width, to.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0);
  if (to.blur) pipeline = pipeline.blur(to.blur);
  const data = await pipeline.raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The mean RGB of the pixels of `mask`; null when it has none. */
export function meanColour(raster: Raster, mask: Uint8Array): number[] | null {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < mask.length; i += 1) {
    if (!mask[i]) continue;
    for (let c = 0; c < 3; c += 1) sum[c] = sum[c]! + raster.data[i * raster.channels + c]!;
    count += 1;
  }
  return count > 0 ? sum.map((value) => value / count) : null;
}

/** Luminance (Rec. 601 weights, 0..255) of the pixel whose first channel is at `p`. */
export function luminanceAt(data: ArrayLike<number>, p: number): number {
  return 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
}

/**
 * Square dilation of a 0/1 mask by `radius` pixels (separable max filter), worked only over the
 * mask's bounding box grown by the radius: nothing outside it can be set.
 */
export function dilate(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const out = new Uint8Array(mask.length);
  const box = boundingBoxOf(mask, width);
  if (!box) return out;
  const x0 = Math.max(0, box.x - radius);
  const x1 = Math.min(width, box.x + box.width + radius);
  const y0 = Math.max(0, box.y - radius);
  const y1 = Math.min(height, box.y + box.height + radius);
  const rows = new Uint8Array(mask.length);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    let last = -Infinity;
    for (let x = x0; x < x1; x += 1) {
      if (mask[y * width + x]) last = x;
      if (x - last <= radius) rows[y * width + x] = 1;
    }
    last = Infinity;
    for (let x = x1 - 1; x >= x0; x -= 1) {
      if (mask[y * width + x]) last = x;
      if (last - x <= radius) rows[y * width + x] = 1;
    }
  }
  for (let x = x0; x < x1; x += 1) {
    let last = -Infinity;
    for (let y = y0; y < y1; y += 1) {
      if (rows[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = y1 - 1; y >= y0; y -= 1) {
      if (rows[y * width + x]) last = y;
      if (last - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

/**
 * The largest (or smallest) value over the square of side 2·radius+1 round each pixel of a
 * one-channel image, cut at the image's edges: a grey-level dilation (erosion). Separable, and
 * van Herk and Gil-Werman's running maxima within blocks of the window's length make it three
 * comparisons a pixel whatever the radius.
 */
export function rankFilter(
  values: Uint8Array,
  width: number,
  height: number,
  radius: number,
  kind: 'max' | 'min',
): Uint8Array {
  const isMax = kind === 'max';
  // Padding that never wins, so the square is cut at the edges.
  const neutral = isMax ? 0 : 255;
  const span = 2 * radius + 1;
  const longest = Math.max(width, height) + 2 * radius;
  const padded = Math.ceil(longest / span) * span;
  const line = new Uint8Array(padded);
  const ahead = new Uint8Array(padded);
  const behind = new Uint8Array(padded);
  // One pass along lines of `length` pixels `step` apart, starting `starts(k)` for each line k.
  const pass = (
    source: Uint8Array,
    lines: number,
    length: number,
    start: (k: number) => number,
    step: number,
  ) => {
    const out = new Uint8Array(source.length);
    for (let k = 0; k < lines; k += 1) {
      const first = start(k);
      line.fill(neutral);
      for (let j = 0; j < length; j += 1) line[j + radius] = source[first + j * step]!;
      const end = Math.ceil((length + 2 * radius) / span) * span;
      for (let j = 0; j < end; j += 1) {
        const a = ahead[j - 1]!;
        const b = line[j]!;
        ahead[j] = j % span === 0 || (isMax ? b > a : b < a) ? b : a;
      }
      for (let j = end - 1; j >= 0; j -= 1) {
        const a = behind[j + 1]!;
        const b = line[j]!;
        behind[j] = j % span === span - 1 || j === end - 1 || (isMax ? b > a : b < a) ? b : a;
      }
      // The window of pixel j is padded [j, j + 2·radius]: the end of one block and the start of the next.
      for (let j = 0; j < length; j += 1) {
        const a = behind[j]!;
        const b = ahead[j + 2 * radius]!;
        out[first + j * step] = (isMax ? b > a : b < a) ? b : a;
      }
    }
    return out;
  };
  const rows = pass(values, height, width, (y) => y * width, 1);
  return pass(rows, width, height, (x) => x, width);
}

/**
 * A three-channel image of cells `factor` pixels wide brought to `width` x `height` pixels,
 * bilinearly between cell centres (clamped at the edges); separable, so cheap on large areas.
 */
export function upsampleCells(
  cells: Float32Array,
  cellsWide: number,
  cellsHigh: number,
  factor: number,
  width: number,
  height: number,
): Float32Array {
  const at = (p: number, size: number): [number, number, number] => {
    const f = Math.max(0, Math.min(size - 1, (p + 0.5) / factor - 0.5));
    const low = Math.floor(f);
    return [low, Math.min(size - 1, low + 1), f - low];
  };
  const columns = Array.from({ length: width }, (_, x) => at(x, cellsWide));
  // Each row of cells widened to `width` first, then rows blended.
  const wide = new Float32Array(cellsHigh * width * 3);
  for (let cy = 0; cy < cellsHigh; cy += 1) {
    for (let x = 0; x < width; x += 1) {
      const [x0, x1, ax] = columns[x]!;
      const a = (cy * cellsWide + x0) * 3;
      const b = (cy * cellsWide + x1) * 3;
      const o = (cy * width + x) * 3;
      for (let c = 0; c < 3; c += 1) wide[o + c] = cells[a + c]! * (1 - ax) + cells[b + c]! * ax;
    }
  }
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const [y0, y1, ay] = at(y, cellsHigh);
    const a = y0 * width * 3;
    const b = y1 * width * 3;
    const o = y * width * 3;
    for (let n = 0; n < width * 3; n += 1) out[o + n] = wide[a + n]! * (1 - ay) + wide[b + n]! * ay;
  }
  return out;
}

/** Chamfer (3-4) distance of every pixel to the nearest set pixel of the mask, in pixels. */
export function chamferDistance(mask: Uint8Array, width: number, height: number): Float32Array {
  const far = 1e9;
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i += 1) d[i] = mask[i] ? 0 : far;
  // Forward pass from the left and upper neighbours, backward pass from the right and lower ones.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const k = y * width + x;
      let v = d[k]!;
      if (x > 0) v = Math.min(v, d[k - 1]! + 3);
      if (y > 0) {
        if (x > 0) v = Math.min(v, d[k - width - 1]! + 4);
        v = Math.min(v, d[k - width]! + 3);
        if (x < width - 1) v = Math.min(v, d[k - width + 1]! + 4);
      }
      d[k] = v;
    }
  }
  for (let y = height - 1; y >= 0; y -= 1) {
    for (let x = width - 1; x >= 0; x -= 1) {
      const k = y * width + x;
      let v = d[k]!;
      if (x < width - 1) v = Math.min(v, d[k + 1]! + 3);
      if (y < height - 1) {
        if (x < width - 1) v = Math.min(v, d[k + width + 1]! + 4);
        v = Math.min(v, d[k + width]! + 3);
        if (x > 0) v = Math.min(v, d[k + width - 1]! + 4);
      }
      d[k] = v;
    }
  }
  for (let i = 0; i < d.length; i += 1) d[i] = d[i]! / 3;
  return d;
}

/** The pixels of `area` (inside the raster) as a raster of their own. */
export function cropRaster(raster: Raster, area: Box): Raster {
  const { channels } = raster;
  const data = new Uint8Array(area.width * area.height * channels);
  for (let y = 0; y < area.height; y += 1) {
    const start = ((y + area.y) * raster.width + area.x) * channels;
    data.set(raster.data.subarray(start, start + area.width * channels), y * area.width * channels);
  }
  return { data, width: area.width, height: area.height, channels };
}
