import sharp from 'sharp';
import type { Box, OutputSize } from '../types.js';
import type { Raster } from './raster.js';

/**
 * Which part of the template (possibly reaching past its edges) becomes the output image, and
 * which part of the template holds a picture (`usable`, when its edges are transparent margins).
 */
export type Frame = { crop: Box; width: number; height: number; usable?: Box };

/** The widest transparent margin trimmed from each side, as a share of the side's length. */
const MAX_MARGIN_SHARE = 0.05;
/** A row or column at the edge whose mean alpha is below this is margin, not picture. */
const OPAQUE_EDGE = 250;

/**
 * The part of an RGBA template that holds a picture: rows and columns at its edges that are
 * transparent, wholly or partly (an export's half-transparent border), are margin. Flattened on
 * white they would show as a light line, which the frame's extension would spread into a band;
 * they are treated as unknown instead. Null when the template has no such margin. Wider
 * transparent areas (a cut-out template on a transparent background) are the picture itself.
 */
export function usableArea(template: Raster): Box | null {
  if (template.channels !== 4) return null;
  const { width, height, data } = template;
  const meanAlpha = (x0: number, y0: number, dx: number, dy: number, count: number) => {
    let sum = 0;
    for (let i = 0; i < count; i += 1) sum += data[((y0 + dy * i) * width + x0 + dx * i) * 4 + 3]!;
    return sum / count;
  };
  const maxX = Math.floor(width * MAX_MARGIN_SHARE);
  const maxY = Math.floor(height * MAX_MARGIN_SHARE);
  let left = 0;
  let right = 0;
  let top = 0;
  let bottom = 0;
  // The most transparent edge line goes first, so that a transparent row does not make every
  // column it crosses look partly transparent.
  for (;;) {
    const innerWidth = width - left - right;
    const innerHeight = height - top - bottom;
    const sides = [
      { side: 'left', alpha: meanAlpha(left, top, 0, 1, innerHeight), room: left < maxX },
      {
        side: 'right',
        alpha: meanAlpha(width - 1 - right, top, 0, 1, innerHeight),
        room: right < maxX,
      },
      { side: 'top', alpha: meanAlpha(left, top, 1, 0, innerWidth), room: top < maxY },
      {
        side: 'bottom',
        alpha: meanAlpha(left, height - 1 - bottom, 1, 0, innerWidth),
        room: bottom < maxY,
      },
    ].filter((line) => line.room && line.alpha < OPAQUE_EDGE);
    if (sides.length === 0) break;
    const most = sides.reduce((a, b) => (b.alpha < a.alpha ? b : a));
    if (most.side === 'left') left += 1;
    else if (most.side === 'right') right += 1;
    else if (most.side === 'top') top += 1;
    else bottom += 1;
  }
  if (left + right + top + bottom === 0) return null;
  return { x: left, y: top, width: width - left - right, height: height - top - bottom };
}

export function parseOutputSize(size: OutputSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** How far past the largest in-template crop the frame may grow to keep the ad's copy whole. */
const MAX_COPY_GROWTH = 1.35;
/** The same for the words the person asked to replace: losing those loses what they asked for. */
const MAX_REPLACED_GROWTH = 1.6;

/**
 * Re-frames the template to the output's aspect around its product: the largest crop that keeps
 * the product (with some air) and stays inside the template; only when the product, or the ad's
 * copy, cannot fit does the frame reach past the template's edges, which are then filled from them.
 */
export function computeFrame(
  whole: { width: number; height: number },
  productBox: Box | null,
  size: OutputSize,
  alsoKeep: Box[] = [],
  /** All the ad's words: kept whole when the frame can hold them. */
  adCopy: Box[] = [],
  /** The part of the template that holds a picture (see usableArea); all of it by default. */
  usable: Box | null = null,
): Frame {
  const area = usable ?? { x: 0, y: 0, width: whole.width, height: whole.height };
  const template = { width: area.width, height: area.height };
  // Boxes are measured in the usable area, then moved back into template pixels.
  const inArea = (box: Box) => ({ ...box, x: box.x - area.x, y: box.y - area.y });
  productBox = productBox && inArea(productBox);
  alsoKeep = alsoKeep.map(inArea);
  adCopy = adCopy.map(inArea);
  const out = parseOutputSize(size);
  const aspect = out.width / out.height;
  let cropWidth = Math.min(template.width, template.height * aspect);
  let cropHeight = cropWidth / aspect;
  const product = productBox ?? {
    x: template.width / 2,
    y: template.height / 2,
    width: 0,
    height: 0,
  };
  const needWidth = Math.max(product.width * 1.1, product.height * 1.1 * aspect);
  // A product that fits the template's largest crop without its air stays inside the template:
  // a little less air is better than a margin made up past the template's edges.
  const fitsWithoutAir = Math.max(product.width, product.height * aspect) <= cropWidth;
  if (needWidth > cropWidth && !fitsWithoutAir) {
    cropWidth = needWidth;
    cropHeight = cropWidth / aspect;
  }
  // The ad's copy should not be cut in half by a change of aspect: when it does not fit, the
  // frame may grow past the template's edges (filled from them) by up to MAX_COPY_GROWTH.
  const withCopy = unionOf([product, ...alsoKeep, ...adCopy]);
  const everything = unionOf([product, ...alsoKeep]);
  const growToHold = (box: Box, limit: number) => {
    const growth = Math.max((box.width * 1.04) / cropWidth, (box.height * 1.04) / cropHeight);
    if (growth > 1 && growth <= limit) {
      cropWidth *= growth;
      cropHeight *= growth;
    }
  };
  if (adCopy.length > 0) growToHold(withCopy, MAX_COPY_GROWTH);
  if (alsoKeep.length > 0) growToHold(everything, MAX_REPLACED_GROWTH);
  // Words to be replaced should stay in the picture too, when the crop can hold them all.
  const fits = (box: Box) => box.width <= cropWidth && box.height <= cropHeight;
  const focus = fits(withCopy) ? withCopy : fits(everything) ? everything : product;
  const center = (start: number, length: number, crop: number, limit: number) => {
    const ideal = start + length / 2 - crop / 2;
    if (crop >= limit) return (limit - crop) / 2; // centre the overflow on both sides
    return Math.max(0, Math.min(limit - crop, ideal));
  };
  return {
    crop: {
      x: center(focus.x, focus.width, cropWidth, template.width) + area.x,
      y: center(focus.y, focus.height, cropHeight, template.height) + area.y,
      width: cropWidth,
      height: cropHeight,
    },
    width: out.width,
    height: out.height,
    ...(usable ? { usable } : {}),
  };
}

/**
 * Renders the frame of a decoded RGB template at the output size. Where the frame reaches past
 * the template (or its usable area), the margin is continued from the template's edge (see
 * extendPastEdges).
 */
export async function renderFrame(template: Raster, frame: Frame): Promise<Raster> {
  const { crop } = frame;
  const usable = frame.usable ?? { x: 0, y: 0, width: template.width, height: template.height };
  const scale = frame.width / crop.width;
  const x0 = Math.max(usable.x, crop.x);
  const y0 = Math.max(usable.y, crop.y);
  const x1 = Math.min(usable.x + usable.width, crop.x + crop.width);
  const y1 = Math.min(usable.y + usable.height, crop.y + crop.height);
  const left = Math.round((x0 - crop.x) * scale);
  const top = Math.round((y0 - crop.y) * scale);
  const width = Math.min(frame.width - left, Math.max(1, Math.round((x1 - x0) * scale)));
  const height = Math.min(frame.height - top, Math.max(1, Math.round((y1 - y0) * scale)));
  const usableRight = usable.x + usable.width;
  const usableBottom = usable.y + usable.height;
  const extract = {
    left: Math.round(x0),
    top: Math.round(y0),
    width: Math.max(1, Math.min(usableRight - Math.round(x0), Math.round(x1 - x0))),
    height: Math.max(1, Math.min(usableBottom - Math.round(y0), Math.round(y1 - y0))),
  };
  const visible = await sharp(template.data, {
    raw: { width: template.width, height: template.height, channels: template.channels },
  })
    .extract(extract)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const out: Raster = {
    data: new Uint8Array(frame.width * frame.height * 3),
    width: frame.width,
    height: frame.height,
    channels: 3,
  };
  for (let y = 0; y < height; y += 1) {
    const row = (y + top) * frame.width + left;
    out.data.set(visible.subarray(y * width * 3, (y + 1) * width * 3), row * 3);
  }
  extendPastEdges(out, { x: left, y: top, width, height });
  return out;
}

/** How fast the extension blurs: the averaged patch's half-size per pixel of distance. */
const EXTENSION_SPREAD = 0.8;

/**
 * Fills an RGB raster outside `known` (in place) by continuing the picture past its edges: each
 * pixel takes the mean of a square of the picture at the nearest edge point, as large as its
 * distance from the edge (integral image), so the margin starts as the edge itself (no seam),
 * keeps the tone of the part of the picture next to it (no band) and grows softer away from it
 * without repeating any one row of edge pixels (no stretched streaks). The picture's own fine
 * grain is added back so that the margin does not read as a smooth blot; nothing is mirrored,
 * which would copy words near the edge backwards.
 */
export function extendPastEdges(raster: Raster, known: Box): void {
  const { width, height, channels, data } = raster;
  const kx0 = Math.max(0, Math.min(width - 1, known.x));
  const ky0 = Math.max(0, Math.min(height - 1, known.y));
  const kx1 = Math.max(kx0 + 1, Math.min(width, known.x + known.width));
  const ky1 = Math.max(ky0 + 1, Math.min(height, known.y + known.height));
  if (kx0 === 0 && ky0 === 0 && kx1 === width && ky1 === height) return;
  const kw = kx1 - kx0;
  const kh = ky1 - ky0;
  // Integral image of the known part, per channel.
  const sums = new Float64Array((kw + 1) * (kh + 1) * 3);
  for (let y = 0; y < kh; y += 1) {
    const row = [0, 0, 0];
    for (let x = 0; x < kw; x += 1) {
      const p = ((y + ky0) * width + x + kx0) * channels;
      const at = ((y + 1) * (kw + 1) + x + 1) * 3;
      const above = (y * (kw + 1) + x + 1) * 3;
      for (let c = 0; c < 3; c += 1) {
        row[c] = row[c]! + data[p + c]!;
        sums[at + c] = sums[above + c]! + row[c]!;
      }
    }
  }
  const meanOf = (ax: number, ay: number, bx: number, by: number, c: number) => {
    // Inclusive-exclusive bounds in known-area pixels.
    const a = sums[(ay * (kw + 1) + ax) * 3 + c]!;
    const b = sums[(ay * (kw + 1) + bx) * 3 + c]!;
    const d = sums[(by * (kw + 1) + ax) * 3 + c]!;
    const e = sums[(by * (kw + 1) + bx) * 3 + c]!;
    return (e - b - d + a) / ((bx - ax) * (by - ay));
  };
  const grain = measureEdgeGrain(raster, { x: kx0, y: ky0, width: kw, height: kh });
  let state = 97531;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x >= kx0 && x < kx1 && y >= ky0 && y < ky1) continue;
      const nx = Math.max(kx0, Math.min(kx1 - 1, x)) - kx0;
      const ny = Math.max(ky0, Math.min(ky1 - 1, y)) - ky0;
      const distance = Math.max(Math.abs(x - kx0 - nx), Math.abs(y - ky0 - ny));
      const half = Math.round(distance * EXTENSION_SPREAD);
      const ax = Math.max(0, nx - half);
      const ay = Math.max(0, ny - half);
      const bx = Math.min(kw, nx + half + 1);
      const by = Math.min(kh, ny + half + 1);
      const noise = grain > 0 ? (random() + random() + random() - 1.5) * grain * 2 : 0;
      const p = (y * width + x) * channels;
      for (let c = 0; c < 3; c += 1) {
        const value = meanOf(ax, ay, bx, by, c) + noise;
        data[p + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
}

/**
 * The picture's fine grain next to its edges: the spread of each pixel's lightness from the mean
 * of its 3x3 neighbours, in a band a few pixels deep along the sides that border the margin.
 * Strong edges (a word, an object's outline) are left out, so that only grain is measured.
 */
function measureEdgeGrain(raster: Raster, known: Box): number {
  const { width, channels, data } = raster;
  const lightness = (x: number, y: number) => {
    const p = (y * width + x) * channels;
    return 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  };
  const band = 6;
  const residuals: number[] = [];
  for (let y = known.y + 1; y < known.y + known.height - 1; y += 1) {
    for (let x = known.x + 1; x < known.x + known.width - 1; x += 1) {
      const nearEdge =
        (known.x > 0 && x < known.x + band) ||
        (known.x + known.width < raster.width && x >= known.x + known.width - band) ||
        (known.y > 0 && y < known.y + band) ||
        (known.y + known.height < raster.height && y >= known.y + known.height - band);
      if (!nearEdge) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) sum += lightness(x + dx, y + dy);
      }
      residuals.push(lightness(x, y) - sum / 9);
    }
  }
  if (residuals.length < 16) return 0;
  const magnitudes = residuals.map(Math.abs).sort((a, b) => a - b);
  // The median absolute residual ignores the few strong edges; scaled to a standard deviation.
  return Math.min(6, (magnitudes[Math.floor(magnitudes.length / 2)]! * 1.4826 * 3) / Math.sqrt(8));
}

/** Maps a box from template pixels into output pixels. */
export function boxToFrame(box: Box, frame: Frame): Box {
  const scale = frame.width / frame.crop.width;
  return {
    x: (box.x - frame.crop.x) * scale,
    y: (box.y - frame.crop.y) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

function unionOf(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
