import { boundingBoxOf, type Raster } from './raster.js';

/** A line nx * x + ny * y = c with a unit normal pointing down (ny > 0). */
export type EdgeLine = { nx: number; ny: number; c: number };

/** A support's edge: its line, and the mean colour step across it (below minus above). */
export type SupportEdge = { line: EdgeLine; step: number[] };

/** Colour step (Euclidean, RGB levels) a support's edge must show across the line. */
const EDGE_STEP = 24;
/** Colour step below which a side of the hole shows no edge at all (a surface that ends there). */
const FLAT_STEP = 8;
/** Rows on each side of the line whose mean colours are compared: the edge's immediate sides. */
const EDGE_ROWS = 3;
/** Share of a side's samples that must step the same way: one leaf across the line is no edge. */
const MIN_CONSISTENCY = 0.6;
/**
 * The same share for an edge seen on one side only, which nothing on the other side confirms: a
 * wall's meeting with a skirting board steps the same way at every sample (0.99-1), a plant's
 * leaves on the wall at most samples (0.6-0.72) and took the place of the bicycle's floor line.
 */
const ONE_SIDED_CONSISTENCY = 0.9;
/** Least cosine between the steps seen left and right: the same two surfaces meet on both. */
const MIN_SAME_STEP = 0.6;
/** Tilts tried (degrees from level): a support's top edge seen from the front is near level. */
const MAX_TILT = 10;
/** Strength given up per degree of tilt, as a share: a level edge wins a near tie. */
const TILT_COST = 0.01;

/**
 * The top edge of a support (a table top, a runner on a desk, a crate's edge, a shelf) crossing
 * the hole: a near-level line along which the colour steps sharply in the known pixels just left
 * and just right of the hole, the same way on both sides (or strongly on one side, and not at all
 * on the other: a surface that ends behind the object). Found to the pixel, so the fill can carry
 * it straight through the hole and fill each side of it from that side alone. `near` limits the
 * search to lines within `reach` pixels of a line found otherwise (see findPlainSide). Null when
 * there is no such edge, or the hole does not reach across it. `edgeStep` is the colour step the
 * edge must show (lower on a smooth background, where even a faint edge is no grain).
 */
export function findSupportEdge(
  raster: Raster,
  hole: Uint8Array,
  exclude?: Uint8Array,
  near?: { line: EdgeLine; reach: number },
  edgeStep = EDGE_STEP,
): SupportEdge | null {
  const { width, height, channels, data } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box || box.height < 4 * EDGE_ROWS || box.width < 8) return null;
  const samples = Math.max(12, Math.round(box.width * 0.08));
  const usable = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = y * width + x;
    return !hole[i] && !exclude?.[i];
  };
  const centreX = box.x + box.width / 2;
  // The step across the line on one side of the hole: walk outward from the hole's rim along
  // the line and compare the mean colour of the rows just below with the rows just above.
  // One buffer for a side's steps (RGB per sample): some 10^4 lines are tried, each on two sides.
  const steps = new Float64Array(2 * samples * 3);
  const sideStep = (rowAt: (x: number) => number, from: number, step: number) => {
    let sumR = 0;
    let sumG = 0;
    let sumB = 0;
    let count = 0;
    for (let x = from, walked = 0; walked < 2 * samples && count < samples; x += step) {
      walked += 1;
      if (x < 0 || x >= width) break;
      const y = rowAt(x);
      if (y - EDGE_ROWS < 0 || y + EDGE_ROWS > height) break;
      let isClean = true;
      for (let r = -EDGE_ROWS; r < EDGE_ROWS && isClean; r += 1) isClean = usable(x, y + r);
      if (!isClean) continue;
      let dR = 0;
      let dG = 0;
      let dB = 0;
      for (let r = 0; r < EDGE_ROWS; r += 1) {
        const below = ((y + r) * width + x) * channels;
        const above = ((y - 1 - r) * width + x) * channels;
        dR += data[below]! - data[above]!;
        dG += data[below + 1]! - data[above + 1]!;
        dB += data[below + 2]! - data[above + 2]!;
      }
      dR /= EDGE_ROWS;
      dG /= EDGE_ROWS;
      dB /= EDGE_ROWS;
      sumR += dR;
      sumG += dG;
      sumB += dB;
      steps[count * 3] = dR;
      steps[count * 3 + 1] = dG;
      steps[count * 3 + 2] = dB;
      count += 1;
    }
    if (count < samples / 3) return null;
    const mean = [sumR / count, sumG / count, sumB / count];
    const size = Math.hypot(mean[0]!, mean[1]!, mean[2]!);
    // How many samples step the same way: a single dark thing beside the line is no edge.
    let alike = 0;
    for (let k = 0; k < count; k += 1) {
      const along =
        (steps[k * 3]! * mean[0]! + steps[k * 3 + 1]! * mean[1]! + steps[k * 3 + 2]! * mean[2]!) /
        (size || 1);
      if (along >= size / 2) alike += 1;
    }
    return { mean, size, consistency: alike / count };
  };
  let best: (EdgeLine & { rank: number; step: number[] }) | null = null;
  const centreY = near
    ? (near.line.c - near.line.nx * centreX) / near.line.ny
    : box.y + box.height / 2;
  const span = near ? near.reach : box.height / 2;
  for (let tilt = -MAX_TILT; tilt <= MAX_TILT; tilt += 1) {
    const slope = Math.tan((tilt * Math.PI) / 180);
    for (let offset = -Math.floor(span); offset <= span; offset += 1) {
      // The line through (centreX, centreY + offset) with this slope; row of its pixel at x.
      // Rows from y0 down are below the line: it runs between rows y0 - 1 and y0.
      const y0 = Math.round(centreY) + offset;
      if (y0 < box.y + EDGE_ROWS || y0 > box.y + box.height - EDGE_ROWS) continue;
      const rowAt = (x: number) => Math.round(y0 + slope * (x - centreX));
      // The hole's first and last pixels along the line's band.
      const inBand = (x: number) => {
        const y = rowAt(x);
        for (let r = -EDGE_ROWS; r < EDGE_ROWS; r += 1) {
          const yy = y + r;
          if (yy >= 0 && yy < height && hole[yy * width + x] === 1) return true;
        }
        return false;
      };
      let first = box.x;
      while (first < box.x + box.width && !inBand(first)) first += 1;
      if (first === box.x + box.width) continue;
      let last = box.x + box.width - 1;
      while (!inBand(last)) last -= 1;
      // Clear of the hole's anti-aliased rim.
      const left = sideStep(rowAt, first - 3, -1);
      const right = sideStep(rowAt, last + 3, 1);
      // An edge seen on one side only does not tell its tilt: it is taken level.
      const strength = edgeStrength(left, right, tilt === 0, edgeStep);
      if (strength === 0) continue;
      const rank = strength * (1 - TILT_COST * Math.abs(tilt));
      if (!best || rank > best.rank) {
        const seen = [left, right].filter((side) => side && side.size >= edgeStep);
        const step = [0, 1, 2].map(
          (c) => seen.reduce((sum, side) => sum + side!.mean[c]!, 0) / (seen.length || 1),
        );
        // In normal form: -sin * x + cos * y = c, the normal pointing down.
        const angle = Math.atan(slope);
        const nx = -Math.sin(angle);
        const ny = Math.cos(angle);
        best = { nx, ny, c: nx * centreX + ny * (y0 - 0.5), rank, step };
      }
    }
  }
  if (!best) return null;
  // The hole must reach across the line: some of it lies on each side.
  let above = 0;
  let below = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      if (!hole[y * width + x]) continue;
      const distance = best.nx * x + best.ny * y - best.c;
      if (distance < -EDGE_ROWS) above += 1;
      else if (distance > EDGE_ROWS) below += 1;
    }
  }
  if (above === 0 || below === 0) return null;
  return { line: { nx: best.nx, ny: best.ny, c: best.c }, step: best.step };
}

/**
 * Known pixels within `reach` of the edge's line where the edge is not seen: past the end of the
 * support (the wall beside a crate's end, the desk beyond a runner's end). Copied along the line,
 * they would carry the wall into the support's edge; patches for the edge must come from where
 * it is.
 */
export function findOffEdgePixels(
  raster: Raster,
  hole: Uint8Array,
  exclude: Uint8Array | undefined,
  edge: SupportEdge,
  reach: number,
): Uint8Array {
  const { width, height, channels, data } = raster;
  const { line, step } = edge;
  const size = Math.hypot(step[0]!, step[1]!, step[2]!) || 1;
  const off = new Uint8Array(width * height);
  // The first row below the line at x (the line runs half a pixel above it).
  const rowAt = (x: number) => Math.round((line.c - line.nx * x) / line.ny + 0.5);
  // Per column, whether the edge's step is seen there (null where the band is not all known).
  const seen = new Int8Array(width);
  for (let x = 0; x < width; x += 1) {
    const y = rowAt(x);
    if (y - EDGE_ROWS < 0 || y + EDGE_ROWS > height) continue;
    let along = 0;
    let isClean = true;
    for (let r = 0; r < EDGE_ROWS && isClean; r += 1) {
      const below = (y + r) * width + x;
      const above = (y - 1 - r) * width + x;
      if (hole[below] || hole[above] || exclude?.[below] || exclude?.[above]) isClean = false;
      for (let c = 0; c < 3; c += 1) {
        along += (data[below * channels + c]! - data[above * channels + c]!) * step[c]!;
      }
    }
    seen[x] = !isClean ? 0 : along / EDGE_ROWS / size >= size / 2 ? 1 : -1;
  }
  // A few columns either way: a weave's single pale thread at the edge is no end of the support.
  const span = 3;
  for (let x = 0; x < width; x += 1) {
    let missing = 0;
    let present = 0;
    for (let dx = -span; dx <= span; dx += 1) {
      const v = seen[Math.min(width - 1, Math.max(0, x + dx))]!;
      if (v < 0) missing += 1;
      else if (v > 0) present += 1;
    }
    if (missing <= present || missing === 0) continue;
    const y = rowAt(x);
    for (let yy = Math.max(0, y - reach); yy < Math.min(height, y + reach); yy += 1) {
      off[yy * width + x] = 1;
    }
  }
  return off;
}

/** A side's mean step, its size, and the share of its samples that step that way. */
type SideStep = { mean: number[]; size: number; consistency: number } | null;

/**
 * How strongly a line is a support's edge, from the steps seen left and right of the hole: the
 * sum of both when they agree, the one side's when the other is flat or hidden (the frame's edge,
 * another object), zero when it is no edge.
 */
function edgeStrength(
  left: SideStep,
  right: SideStep,
  mayBeOneSided: boolean,
  edgeStep: number,
): number {
  const strong = (side: SideStep) =>
    side !== null && side.consistency >= ONE_SIDED_CONSISTENCY && side.size >= edgeStep;
  const flat = (side: SideStep) => side === null || side.size < FLAT_STEP;
  if (
    left &&
    right &&
    left.consistency >= MIN_CONSISTENCY &&
    right.consistency >= MIN_CONSISTENCY
  ) {
    const dot =
      left.mean[0]! * right.mean[0]! +
      left.mean[1]! * right.mean[1]! +
      left.mean[2]! * right.mean[2]!;
    const cosine = dot / (left.size * right.size || 1);
    const weaker = Math.min(left.size, right.size);
    if (
      cosine >= MIN_SAME_STEP &&
      weaker >= edgeStep / 2 &&
      left.size + right.size >= 2 * edgeStep
    ) {
      return left.size + right.size;
    }
  }
  if (!mayBeOneSided) return 0;
  if (strong(left) && flat(right) && left!.size >= 2 * edgeStep) return left!.size;
  if (strong(right) && flat(left) && right!.size >= 2 * edgeStep) return right!.size;
  return 0;
}
