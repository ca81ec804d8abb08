import type { Box } from '../types.js';
import type { Raster } from './raster.js';

/** The sides of a product's photo that cut the product off (a cable running out of the shot). */
export type CutSides = { left: boolean; top: boolean; right: boolean; bottom: boolean };

/**
 * Which sides of its photo the product reaches: there the photo cut it off. `box` is where the
 * cut-out sits in the photo.
 */
export function cutSidesOf(box: Box, photo: { width: number; height: number }): CutSides {
  return {
    left: box.x <= 0,
    top: box.y <= 0,
    right: box.x + box.width >= photo.width,
    bottom: box.y + box.height >= photo.height,
  };
}

/** Alpha (0..255) from which a pixel of the product is solid. */
const SOLID = 128;
/** The thickest a strand may be, as a share of the product's side it leaves through. */
const STRAND_SHARE = 0.25;
/** The thinnest strand carried on, in pixels: thinner is a fleck of the cut edge. */
const LEAST_STRAND = 3;
/** How far into the product (in strand thicknesses) its direction is read. */
const DIRECTION_DEPTH = 3;
/** How much a strand's thickness may change over that depth: more is a body widening. */
const THICKNESS_CHANGE = 0.35;
/** How far in from the cut (pixels) the strand's cross-section is read. */
const CROSS_SECTION_DEPTH = 4;
/** The farthest a strand is carried, as a share of the product's longer side. */
const MOST_REACH = 1.5;

/**
 * A product its photo cut off (a cable running out of the shot) ended in mid-air in the ad,
 * sharp and straight where the photo's edge was. Where a thin strand leaves the product through
 * a cut side, it is carried on in its own direction to the edge of the frame, as it runs on
 * past the photo's edge: each column (or row) past the product repeats the strand's cross-section
 * at the cut, moved along the strand's slope. The product is blended at `box` (RGBA at its size);
 * `protect` (the ad's words) stays as it is. Returns the box of the pixels laid, or null.
 */
export function extendCutStrands(options: {
  frame: Raster;
  product: Raster;
  box: Box;
  sides: CutSides;
  protect?: Uint8Array;
}): Box | null {
  const { frame, product, box, sides, protect } = options;
  let laid: Box | null = null;
  const reach = Math.max(product.width, product.height) * MOST_REACH;
  // Not through the bottom: a product the photo cut off there stands below it (a chair's legs),
  // and its legs carried on reached through the floor it is put on.
  for (const side of ['left', 'top', 'right'] as const) {
    if (!sides[side]) continue;
    // u: depth into the product from the cut side, v: position along it.
    const horizontal = side === 'left' || side === 'right';
    const along = horizontal ? product.height : product.width;
    const deep = horizontal ? product.width : product.height;
    const toProduct = (u: number, v: number): [number, number] => {
      if (side === 'left') return [u, v];
      if (side === 'right') return [product.width - 1 - u, v];
      if (side === 'top') return [v, u];
      return [v, product.height - 1 - u];
    };
    const alphaAt = (u: number, v: number) => {
      if (u < 0 || v < 0 || u >= deep || v >= along) return 0;
      const [x, y] = toProduct(u, v);
      return product.data[(y * product.width + x) * 4 + 3]!;
    };
    // How far the frame's edge lies past the cut side.
    const distance =
      side === 'left'
        ? box.x
        : side === 'top'
          ? box.y
          : side === 'right'
            ? frame.width - (box.x + box.width)
            : frame.height - (box.y + box.height);
    if (distance <= 0 || distance > reach) continue;
    for (const run of solidRuns(along, (v) => alphaAt(0, v))) {
      const thickness = run.end - run.start + 1;
      if (thickness < LEAST_STRAND || thickness > along * STRAND_SHARE) continue;
      const traced = traceStrand(
        run,
        Math.min(deep - 1, DIRECTION_DEPTH * thickness),
        alphaAt,
        along,
      );
      if (!traced) continue;
      const strand = layStrand({ frame, product, box, side, ...traced, distance, protect });
      if (strand) laid = laid ? union(laid, strand) : strand;
    }
  }
  return laid;
}

/** The runs of solid pixels along a line of `length` pixels. */
function solidRuns(length: number, alpha: (v: number) => number) {
  const runs: { start: number; end: number }[] = [];
  for (let v = 0; v < length; v += 1) {
    if (alpha(v) < SOLID) continue;
    const start = v;
    while (v + 1 < length && alpha(v + 1) >= SOLID) v += 1;
    runs.push({ start, end: v });
  }
  return runs;
}

/**
 * The strand followed `depth` pixels into the product: how far its middle moves along the cut
 * side per pixel (fitted), and its first cross-section, at least CROSS_SECTION_DEPTH in, that
 * is whole (clear of the other sides: a cable leaving through the photo's corner is cut by both).
 * Null when over that depth it is no strand (it widens into a body, or is lost) or never whole.
 */
function traceStrand(
  run: { start: number; end: number },
  depth: number,
  alphaAt: (u: number, v: number) => number,
  along: number,
): { slope: number; depth: number; run: { start: number; end: number } } | null {
  const thickness = run.end - run.start + 1;
  let window = { start: run.start, end: run.end };
  const points: { u: number; v: number }[] = [];
  let whole: { depth: number; run: { start: number; end: number } } | null = null;
  for (let u = 0; u <= depth; u += 1) {
    // The strand at this depth: the solid pixels of the run that overlaps the last window.
    let start = -1;
    let end = -1;
    for (let v = Math.max(0, window.start - 2); v <= window.end + 2; v += 1) {
      if (alphaAt(u, v) < SOLID) {
        if (start >= 0) break;
        continue;
      }
      if (start < 0) start = v;
      end = v;
    }
    if (start < 0) return null;
    // Grown to both sides past the window: the run goes on along the cut, not into the product.
    while (start > 0 && alphaAt(u, start - 1) >= SOLID) start -= 1;
    while (alphaAt(u, end + 1) >= SOLID) end += 1;
    if (Math.abs(end - start + 1 - thickness) > thickness * THICKNESS_CHANGE) return null;
    points.push({ u, v: (start + end) / 2 });
    window = { start, end };
    if (!whole && u >= CROSS_SECTION_DEPTH) {
      // Whole when its soft edges fade out before the cut side's ends.
      let low = start;
      while (low > 0 && alphaAt(u, low - 1) > 0) low -= 1;
      let high = end;
      while (high < along - 1 && alphaAt(u, high + 1) > 0) high += 1;
      if (low > 0 && high < along - 1) whole = { depth: u, run: { start: low, end: high } };
    }
  }
  if (!whole) return null;
  const n = points.length;
  const meanU = points.reduce((sum, p) => sum + p.u, 0) / n;
  const meanV = points.reduce((sum, p) => sum + p.v, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.u - meanU) * (p.v - meanV);
    variance += (p.u - meanU) ** 2;
  }
  return { slope: variance > 0 ? covariance / variance : 0, ...whole };
}

/** Lays the strand's cross-section at the cut on every line past it, out to the frame's edge. */
function layStrand(options: {
  frame: Raster;
  product: Raster;
  box: Box;
  side: keyof CutSides;
  run: { start: number; end: number };
  slope: number;
  depth: number;
  distance: number;
  protect?: Uint8Array;
}): Box | null {
  const { frame, product, box, side, run, slope, depth, distance, protect } = options;
  const horizontal = side === 'left' || side === 'right';
  const along = horizontal ? product.height : product.width;
  const offset = (v: number) => {
    const w = Math.max(0, Math.min(along - 1, v));
    const x = side === 'left' ? depth : side === 'right' ? product.width - 1 - depth : w;
    const y = side === 'top' ? depth : side === 'bottom' ? product.height - 1 - depth : w;
    return (y * product.width + x) * 4;
  };
  // Premultiplied colour and alpha (0..1) at a fractional place along the cross-section, only
  // within the strand: beside it the cut side holds other parts or nothing.
  const sampled = [0, 0, 0, 0];
  const sample = (v: number) => {
    sampled.fill(0);
    if (v < run.start - 1 || v > run.end + 1) return;
    const low = Math.floor(v);
    for (const [w, weight] of [
      [low, 1 - (v - low)],
      [low + 1, v - low],
    ] as const) {
      const p = offset(w);
      const alpha = (product.data[p + 3]! / 255) * weight;
      for (let k = 0; k < 3; k += 1) sampled[k]! += product.data[p + k]! * alpha;
      sampled[3]! += alpha;
    }
  };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // From the whole cross-section `depth` pixels in, out past the cut to the frame's edge: the
  // last pixels before the photo's edge are fainter (resampled, and softened as an edge) and
  // showed as a seam, so the strand is laid over them too. t is the line's distance past the cut.
  for (let t = 1 - depth; t <= distance; t += 1) {
    // The strand's middle moves along its slope, from where it is at the cross-section.
    const shift = -slope * (t + depth);
    for (let v = Math.floor(run.start - 1 + shift); v <= Math.ceil(run.end + 1 + shift); v += 1) {
      sample(v - shift);
      const alpha = sampled[3]!;
      if (alpha <= 0.01) continue;
      const x =
        side === 'left' ? box.x - t : side === 'right' ? box.x + box.width - 1 + t : box.x + v;
      const y =
        side === 'top' ? box.y - t : side === 'bottom' ? box.y + box.height - 1 + t : box.y + v;
      if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) continue;
      const i = y * frame.width + x;
      if (protect?.[i]) continue;
      for (let k = 0; k < 3; k += 1) {
        const at = i * frame.channels + k;
        frame.data[at] = Math.round(frame.data[at]! * (1 - alpha) + sampled[k]!);
      }
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < minX) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
