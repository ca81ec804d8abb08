import { pushPull } from './fill-region.js';
import type { Box } from '../types.js';
import { boundingBoxOf, clipBox, dilate, padBox, type Raster } from './raster.js';

/** Pixels left clear between the hole and the strip copied into it (the removed object's rim). */
const GAP = 2;
/** Width of the ring around the hole on which copy and photo are compared, past the rim. */
const RING = 3;
/** The hole's rim, left out of the ring (see ringOf). */
const RIM = GAP;
/** Cost of one visible hole pixel whose source is not clean background: above any seam's. */
const INVALID_COST = 1e6;
/** The same for a pixel the new product will cover: its colour never shows. */
const HIDDEN_INVALID_COST = 1e3;
/** How far the seam may move sideways from one line to the next. */
const SEAM_STEP = 2;
/**
 * Ring differences (summed over channels) above OUTLIER_FACTOR times their median, and above
 * OUTLIER_FLOOR, are outliers left out of the colour correction.
 */
const OUTLIER_FACTOR = 3;
const OUTLIER_FLOOR = 24;
/**
 * The largest share of the visible hole a copy may leave to the smooth fill for want of a clean
 * source (a corner of the hole at the frame's edge); each such share makes the copy count as
 * worse by UNCOVERED_WEIGHT times it. A copy that leaves more would set smooth islands among
 * copied texture.
 */
const MAX_UNCOVERED = 0.02;
const UNCOVERED_WEIGHT = 2;

/**
 * Where a hole pixel copies from: a strip beside the hole, shifted by the hole's width (or height)
 * or mirrored about its edge. One mapping for the whole hole keeps each row (column) consistent,
 * so a straight line running across the hole (a wall-floor edge, a plank, a table's edge) goes on
 * through it instead of breaking into patches.
 */
type Mapping = (x: number, y: number) => number;

export type OffsetFill = {
  /** The filled colours of the hole's pixels, in the order of the hole's indices. */
  values: Map<number, [number, number, number]>;
  /**
   * Luminance levels by which the copy, after its colour correction, still differs from the photo
   * on the ring around the hole (structure that does not line up, seams): lower is better.
   */
  mismatch: number;
  /** The same measure for a smooth fill: the detail on the ring that a smooth fill cannot continue. */
  smoothMismatch: number;
  /** Share of the visible hole left without a clean source (for another fill). */
  uncovered: number;
  /** The mismatch made worse by the uncovered share: what candidates are chosen by. */
  score: number;
  /** Which mappings were joined, for measuring. */
  name: string;
};

/**
 * The "offset fill" of a hole: copies of the background beside it (left and right, or above and
 * below), joined along a minimum-error seam found by dynamic programming (as in Efros and
 * Freeman's image quilting), then corrected by a smooth field that makes the copy meet the photo
 * on the hole's rim (the colour difference on the ring, interpolated inside by push-pull). Most
 * product backgrounds are stationary along at least one direction (a wall, planks, a rug, a table
 * edge), and a copy along it carries their texture and straight lines through the hole, where a
 * smooth fill leaves a blob. Seams are put where the new product will cover them (`keepOut`) when
 * they can be. Returns the best candidate with its mismatch, or null when no pair of sides offers
 * clean background for every visible pixel.
 */
export function offsetFill(
  raster: Raster,
  hole: Uint8Array,
  options: { exclude?: Uint8Array; keepOut?: Uint8Array } = {},
): OffsetFill | null {
  const { width, height } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box) return null;
  const { exclude, keepOut } = options;
  const isClean = (i: number) => i >= 0 && !hole[i] && !exclude?.[i];
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? -1 : y * width + x;
  const x0 = box.x;
  const x1 = box.x + box.width;
  const y0 = box.y;
  const y1 = box.y + box.height;
  const W = box.width;
  const H = box.height;
  // Runs of the hole along rows (columns): start and end (exclusive) of the run through a hole
  // pixel, for the mappings that follow each line's own run (an irregular hole, a hole as wide as
  // the frame in some rows only).
  const runs = (isRows: boolean) => {
    const starts = new Int32Array(width * height).fill(-1);
    const ends = new Int32Array(width * height);
    const lines = isRows ? [y0, y1] : [x0, x1];
    const along = isRows ? [x0, x1] : [y0, y1];
    const index = (line: number, k: number) => (isRows ? line * width + k : k * width + line);
    for (let line = lines[0]!; line < lines[1]!; line += 1) {
      let k = along[0]!;
      while (k < along[1]!) {
        if (!hole[index(line, k)]) {
          k += 1;
          continue;
        }
        const first = k;
        while (k < along[1]! && hole[index(line, k)]) k += 1;
        for (let j = first; j < k; j += 1) {
          starts[index(line, j)] = first;
          ends[index(line, j)] = k;
        }
      }
    }
    // A ring pixel takes the run of the nearest hole pixel on its line, else across it.
    const steps = isRows ? [1, 0, -1, 0, 0, 1, 0, -1] : [0, 1, 0, -1, 1, 0, -1, 0];
    const found: [number, number] = [0, 0];
    const nearest = (x: number, y: number): number => {
      const i = y * width + x;
      if (starts[i]! >= 0) return i;
      for (let d = 1; d <= RIM + RING + 1; d += 1) {
        for (let n = 0; n < 8; n += 2) {
          const j = at(x + steps[n]! * d, y + steps[n + 1]! * d);
          if (j >= 0 && starts[j]! >= 0) return j;
        }
      }
      return -1;
    };
    // The run's start and end, in one reused pair (called for every pixel of every copy).
    return (x: number, y: number): [number, number] | null => {
      const j = nearest(x, y);
      if (j < 0) return null;
      found[0] = starts[j]!;
      found[1] = ends[j]!;
      return found;
    };
  };
  const rowRun = runs(true);
  const columnRun = runs(false);
  const byRun =
    (
      run: typeof rowRun,
      isRows: boolean,
      source: (k: number, a: number, b: number) => number,
    ): Mapping =>
    (x, y) => {
      const found = run(x, y);
      if (!found) return -1;
      const k = source(isRows ? x : y, found[0], found[1]);
      return isRows ? at(k, y) : at(x, k);
    };
  const families: [string, boolean, Mapping][][][] = [
    [
      [
        ['left-shift', true, (x, y) => at(x - W - GAP, y)],
        ['left-mirror', true, (x, y) => at(2 * x0 - 1 - GAP - x, y)],
      ],
      [
        ['right-shift', true, (x, y) => at(x + W + GAP, y)],
        ['right-mirror', true, (x, y) => at(2 * x1 - 1 + GAP - x, y)],
      ],
    ],
    [
      [
        ['row-left-shift', true, byRun(rowRun, true, (k, a, b) => k - (b - a) - GAP)],
        ['row-left-mirror', true, byRun(rowRun, true, (k, a) => 2 * a - 1 - GAP - k)],
      ],
      [
        ['row-right-shift', true, byRun(rowRun, true, (k, a, b) => k + (b - a) + GAP)],
        ['row-right-mirror', true, byRun(rowRun, true, (k, _a, b) => 2 * b - 1 + GAP - k)],
      ],
    ],
    [
      [
        ['top-shift', false, (x, y) => at(x, y - H - GAP)],
        ['top-mirror', false, (x, y) => at(x, 2 * y0 - 1 - GAP - y)],
      ],
      [
        ['bottom-shift', false, (x, y) => at(x, y + H + GAP)],
        ['bottom-mirror', false, (x, y) => at(x, 2 * y1 - 1 + GAP - y)],
      ],
    ],
    [
      [
        ['column-top-shift', false, byRun(columnRun, false, (k, a, b) => k - (b - a) - GAP)],
        ['column-top-mirror', false, byRun(columnRun, false, (k, a) => 2 * a - 1 - GAP - k)],
      ],
      [
        ['column-bottom-shift', false, byRun(columnRun, false, (k, a, b) => k + (b - a) + GAP)],
        ['column-bottom-mirror', false, byRun(columnRun, false, (k, _a, b) => 2 * b - 1 + GAP - k)],
      ],
    ],
  ];
  const ring = ringOf(hole, box, width, height);
  const smoothMismatch = measureSmoothMismatch(raster, ring, hole, exclude);
  const pad = RIM + RING + 1;
  const area = {
    x: Math.max(0, x0 - pad),
    y: Math.max(0, y0 - pad),
    width: Math.min(width, x1 + pad) - Math.max(0, x0 - pad),
    height: Math.min(height, y1 + pad) - Math.max(0, y0 - pad),
  };
  let best: OffsetFill | null = null;
  for (const sides of families) {
    const isRows = sides[0]![0]![1];
    const copies = sides.map((side) =>
      side.map(([name, , map]) => ({
        name,
        copy: correctedCopy(raster, hole, map, ring, area, isClean),
      })),
    );
    for (const a of copies[0]!) {
      for (const b of copies[1]!) {
        const candidate = joinCopies(raster, hole, {
          box,
          isRows,
          a: a.copy,
          b: b.copy,
          keepOut,
          ring,
        });
        if (!candidate) continue;
        const name =
          candidate.used === 'both'
            ? `${a.name}+${b.name}`
            : candidate.used === 'a'
              ? a.name
              : b.name;
        const score = candidate.mismatch * (1 + UNCOVERED_WEIGHT * candidate.uncovered);
        if (!best || score < best.score) {
          best = { ...candidate, score, smoothMismatch, name };
        }
      }
    }
  }
  return best;
}

/** One copy, corrected to meet the photo on the ring: its colour at a pixel of the area. */
type Copy = {
  map: Mapping;
  /** Corrected colour of a hole (or ring) pixel, or null when its source is not clean. */
  colourAt: (i: number) => [number, number, number] | null;
  /** Mean luminance mismatch left after the correction on the ring (where its source is clean). */
  meanResidual: number;
};

type Area = { x: number; y: number; width: number; height: number };

/**
 * The copy along one mapping with its colour correction: photo minus copy on the ring,
 * interpolated over the hole by push-pull and smoothed (texture makes the per-pixel difference
 * noisy; the correction is about light and tint, not detail).
 */
function correctedCopy(
  raster: Raster,
  hole: Uint8Array,
  map: Mapping,
  ring: number[],
  area: Area,
  isClean: (i: number) => boolean,
): Copy {
  const { width, data, channels } = raster;
  const w = area.width;
  const h = area.height;
  const values = new Float32Array(w * h * 3);
  const weights = new Float32Array(w * h);
  const local = (i: number) => {
    const x = i % width;
    const y = (i - x) / width;
    return (y - area.y) * w + x - area.x;
  };
  const sourceOf = (i: number) => {
    const x = i % width;
    return map(x, (i - x) / width);
  };
  const differences = new Map<number, number[]>();
  for (const i of ring) {
    const s = sourceOf(i);
    if (!isClean(s)) continue;
    differences.set(
      i,
      [0, 1, 2].map((c) => data[i * channels + c]! - data[s * channels + c]!),
    );
  }
  // A ring pixel that differs far more than most is an object's edge (a leaf tip the hole missed,
  // another object beside it) on one side or the other: it would tint the whole fill. Such
  // outliers tell nothing about the light and are left out of the correction.
  const sizes = [...differences.values()]
    .map((d) => Math.abs(d[0]!) + Math.abs(d[1]!) + Math.abs(d[2]!))
    .sort((p, q) => p - q);
  const limit = Math.max(OUTLIER_FLOOR, OUTLIER_FACTOR * (sizes[sizes.length >> 1] ?? 0));
  for (const [i, d] of differences) {
    if (Math.abs(d[0]!) + Math.abs(d[1]!) + Math.abs(d[2]!) > limit) continue;
    const k = local(i);
    weights[k] = 1;
    for (let c = 0; c < 3; c += 1) values[k * 3 + c] = d[c]!;
  }
  const correction =
    differences.size === 0
      ? new Float32Array(w * h * 3)
      : blurField(
          pushPull(values, weights, w, h),
          w,
          h,
          Math.max(2, Math.round(Math.max(w, h) * 0.03)),
        );
  const residual = new Map<number, number>();
  for (const [i, d] of differences) {
    const k = local(i);
    residual.set(
      i,
      Math.abs(
        0.299 * (d[0]! - correction[k * 3]!) +
          0.587 * (d[1]! - correction[k * 3 + 1]!) +
          0.114 * (d[2]! - correction[k * 3 + 2]!),
      ),
    );
  }
  // The corrected copy over the area, computed once: NaN where the source is not clean.
  const colours = new Float32Array(w * h * 3).fill(Number.NaN);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      if (!hole[(y + area.y) * width + x + area.x]) continue;
      const s = map(x + area.x, y + area.y);
      if (!isClean(s)) continue;
      const k = y * w + x;
      for (let c = 0; c < 3; c += 1) {
        colours[k * 3 + c] = data[s * channels + c]! + correction[k * 3 + c]!;
      }
    }
  }
  const reused: [number, number, number] = [0, 0, 0];
  let sum = 0;
  for (const value of residual.values()) sum += value;
  return {
    map,
    // A copy with no clean source on the ring cannot be judged: it is not chosen.
    meanResidual: residual.size ? sum / residual.size : Infinity,
    colourAt: (i) => {
      const k = local(i);
      if (Number.isNaN(colours[k * 3])) return null;
      reused[0] = colours[k * 3]!;
      reused[1] = colours[k * 3 + 1]!;
      reused[2] = colours[k * 3 + 2]!;
      return reused;
    },
  };
}

type Join = {
  box: Area;
  /** Seams cut each row (true) or each column. */
  isRows: boolean;
  a: Copy;
  b: Copy;
  keepOut?: Uint8Array;
  ring: number[];
};

/**
 * Copy A before the seam and copy B after it on every line (row or column) of the hole, the seam
 * chosen by dynamic programming to cross few pixels where the corrected copies differ and none
 * whose source is not clean; returns the colours and the mismatch: the ring's residual where
 * each copy meets the photo, and the seam's difference, per pixel.
 */
function joinCopies(
  raster: Raster,
  hole: Uint8Array,
  join: Join,
): {
  values: Map<number, [number, number, number]>;
  mismatch: number;
  uncovered: number;
  used: 'a' | 'b' | 'both';
} | null {
  const { width } = raster;
  const { box, isRows, a, b, keepOut, ring } = join;
  const lines = isRows ? box.height : box.width;
  const length = isRows ? box.width : box.height;
  const start = isRows ? box.x : box.y;
  const lineStart = isRows ? box.y : box.x;
  const pixel = (line: number, k: number) =>
    isRows ? (lineStart + line) * width + start + k : (start + k) * width + lineStart + line;
  // cost[line][s]: the seam of this line before position s (0 = all B, length = all A).
  const positions = length + 1;
  const cost = new Float64Array(lines * positions);
  const seamCosts = new Float64Array(lines * positions);
  const invalidA = new Float64Array(positions);
  const invalidB = new Float64Array(positions);
  for (let line = 0; line < lines; line += 1) {
    for (let k = 0; k < length; k += 1) {
      const i = pixel(line, k);
      let costA = 0;
      let costB = 0;
      if (hole[i]) {
        const penalty = keepOut?.[i] ? HIDDEN_INVALID_COST : INVALID_COST;
        const ca = a.colourAt(i);
        const ar = ca?.[0];
        const ag = ca?.[1];
        const ab = ca?.[2];
        const cb = b.colourAt(i);
        if (!ca) costA = penalty;
        if (!cb) costB = penalty;
        // A seam before this pixel joins A's copy of the pixel before it to B's copy of it.
        if (k > 0 && ca && cb && !keepOut?.[i]) {
          seamCosts[line * positions + k] =
            (ar! - cb[0]) ** 2 + (ag! - cb[1]) ** 2 + (ab! - cb[2]) ** 2;
        }
      }
      invalidA[k + 1] = invalidA[k]! + costA;
      invalidB[k + 1] = invalidB[k]! + costB;
    }
    for (let s = 0; s < positions; s += 1) {
      cost[line * positions + s] =
        invalidA[s]! + (invalidB[length]! - invalidB[s]!) + seamCosts[line * positions + s]!;
    }
  }
  // Dynamic programming along the lines: the seam moves at most SEAM_STEP per line.
  const total = new Float64Array(lines * positions);
  const from = new Int32Array(lines * positions);
  total.set(cost.subarray(0, positions));
  for (let line = 1; line < lines; line += 1) {
    for (let s = 0; s < positions; s += 1) {
      let bestTotal = Infinity;
      let bestFrom = s;
      for (let t = Math.max(0, s - SEAM_STEP); t <= Math.min(length, s + SEAM_STEP); t += 1) {
        const value = total[(line - 1) * positions + t]!;
        if (value < bestTotal) {
          bestTotal = value;
          bestFrom = t;
        }
      }
      total[line * positions + s] = bestTotal + cost[line * positions + s]!;
      from[line * positions + s] = bestFrom;
    }
  }
  let end = 0;
  for (let s = 1; s < positions; s += 1) {
    if (total[(lines - 1) * positions + s]! < total[(lines - 1) * positions + end]!) end = s;
  }
  const seams = new Int32Array(lines);
  for (let line = lines - 1; line >= 0; line -= 1) {
    seams[line] = end;
    end = from[line * positions + end]!;
  }
  const usesA = seams.some((s) => s > 0);
  const usesB = seams.some((s) => s < length);
  const values = new Map<number, [number, number, number]>();
  let visible = 0;
  let uncovered = 0;
  let fromA = 0;
  for (let line = 0; line < lines; line += 1) {
    for (let k = 0; k < length; k += 1) {
      const i = pixel(line, k);
      if (!hole[i]) continue;
      const isA = k < seams[line]!;
      const colour = (isA ? a : b).colourAt(i);
      if (colour) values.set(i, [colour[0], colour[1], colour[2]]);
      if (keepOut?.[i]) continue;
      visible += 1;
      if (isA) fromA += 1;
      if (!colour) uncovered += 1;
    }
  }
  if (visible === 0) return null;
  // Each copy is judged on the whole ring, not only where it is used: a copy that meets the
  // photo on its own side but not across the hole (a slanted line mirrored into a chevron, a
  // texture that changes across the hole) would go wrong inside too.
  const shareA = fromA / visible;
  let residual = (shareA * a.meanResidual + (1 - shareA) * b.meanResidual) * ring.length;
  let count = ring.length;
  for (let line = 0; line < lines; line += 1) {
    const s = seams[line]!;
    if (s <= 0 || s >= length || keepOut?.[pixel(line, s)] || !hole[pixel(line, s)]) continue;
    // A seam through the hole shows as much as a ring pixel that does not match.
    residual += Math.sqrt(seamCosts[line * positions + s]! / 3);
    count += 1;
  }
  // Visible pixels without a clean source take the smooth fill: a few are harmless (a hole
  // reaching the frame's edge in some rows), many make it a smooth fill after all.
  if (uncovered > visible * MAX_UNCOVERED) return null;
  return {
    values,
    mismatch: residual / count,
    uncovered: uncovered / visible,
    used: usesA && usesB ? 'both' : usesA ? 'a' : 'b',
  };
}

/**
 * The known pixels more than RIM and at most RIM + RING pixels (chessboard distance) from the
 * hole, inside the frame: the rim right next to the hole may still hold the removed object's
 * anti-aliased edge, which would tint the correction.
 */
function ringOf(hole: Uint8Array, box: Box, width: number, height: number): number[] {
  const reach = RIM + RING;
  const area = clipBox(padBox(box, reach), width, height);
  const local = new Uint8Array(area.width * area.height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      local[y * area.width + x] = hole[(y + area.y) * width + x + area.x]!;
    }
  }
  const outer = dilate(local, area.width, area.height, reach);
  const inner = dilate(local, area.width, area.height, RIM);
  const ring: number[] = [];
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      const k = y * area.width + x;
      if (outer[k] && !inner[k]) ring.push((y + area.y) * width + x + area.x);
    }
  }
  return ring;
}

/**
 * Mean luminance distance of the ring's pixels from their local mean (known pixels only): the
 * detail a smooth fill leaves out where it meets the photo.
 */
function measureSmoothMismatch(
  raster: Raster,
  ring: number[],
  hole: Uint8Array,
  exclude: Uint8Array | undefined,
): number {
  const { width, height, data, channels } = raster;
  const luminance = (i: number) =>
    0.299 * data[i * channels]! + 0.587 * data[i * channels + 1]! + 0.114 * data[i * channels + 2]!;
  let sum = 0;
  let count = 0;
  for (const i of ring) {
    if (exclude?.[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    let total = 0;
    let n = 0;
    for (let dy = -RING; dy <= RING; dy += 1) {
      for (let dx = -RING; dx <= RING; dx += 1) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (hole[j] || exclude?.[j]) continue;
        total += luminance(j);
        n += 1;
      }
    }
    sum += Math.abs(luminance(i) - total / n);
    count += 1;
  }
  return count ? sum / count : 0;
}

/** Box blur of an RGB float field (separable running sums, edges clamped). */
function blurField(field: Float32Array, w: number, h: number, radius: number): Float32Array {
  const pass = (input: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(input.length);
    const lines = horizontal ? h : w;
    const length = horizontal ? w : h;
    const index = (line: number, k: number) => (horizontal ? line * w + k : k * w + line);
    for (let line = 0; line < lines; line += 1) {
      for (let c = 0; c < 3; c += 1) {
        let sum = 0;
        const value = (k: number) =>
          input[index(line, Math.max(0, Math.min(length - 1, k))) * 3 + c]!;
        for (let k = -radius; k <= radius; k += 1) sum += value(k);
        for (let k = 0; k < length; k += 1) {
          out[index(line, k) * 3 + c] = sum / (2 * radius + 1);
          sum += value(k + radius + 1) - value(k - radius);
        }
      }
    }
    return out;
  };
  return pass(pass(field, true), false);
}
