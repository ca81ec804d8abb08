import type { EdgeLine } from './support-edge.js';
import { boxMean, cropHoleMasks } from './mask-tools.js';
import { boundingBoxOf, clipBox, dilate, padBox, type Raster } from './raster.js';

/** Least colour step (Euclidean, RGB levels of local means) between the two surfaces. */
const MIN_STEP = 24;
/** Least cosine between the colour steps seen at the two ends of the hole. */
const MIN_SAME_STEP = 0.8;
/** Share of the points near the line whose colour is nearer their own side's mean than the other's. */
const MIN_AGREEMENT = 0.9;
/** Share of the hole's extent (across the line) at each side that a line must keep clear of. */
const CROSSING_MARGIN = 0.15;
/** Each surface holds at least this share of the rim. */
const MIN_SHARE = 0.12;
/** Tilts tried (degrees from level): a shore, a rug's edge or a table's edge seen in perspective. */
const MAX_TILT = 20;
const TILT_STEP = 5;

/**
 * A boundary between two surfaces that runs through the hole (the water's edge on a beach, the
 * edge of a rug on a floor): the straight line along which the rim's local colours part most
 * clearly into two kinds, with a real step across it close to the line, at both ends of the
 * hole. Patches keep to the side of it they fill (see patchFill's `boundaries`): filled without
 * it, the surface that holds most of the rim spreads over the whole hole and the boundary is
 * erased. Null when the rim shows no such step.
 */
export function findSurfaceBoundary(
  raster: Raster,
  hole: Uint8Array,
  exclude?: Uint8Array,
): EdgeLine | null {
  const { width, height } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box) return null;
  const side = Math.max(box.width, box.height);
  const band = Math.max(12, Math.round(side * 0.08));
  const area = clipBox(padBox(box, band + 8), width, height);
  const w = area.width;
  const h = area.height;
  const { localHole, unusable } = cropHoleMasks(hole, exclude, area, width);
  // Local means of usable pixels: the grain of sand or cloth averages away, the surface's colour stays.
  const radius = Math.max(3, Math.round(side * 0.012));
  const means = localMeans(raster, area, unusable, radius);
  const ring = dilate(localHole, w, h, band);
  // Clear of the old object's anti-aliased edge and of its local means.
  const near = dilate(unusable, w, h, radius + 2);
  const step = Math.max(1, Math.round(side / 160));
  const xs: number[] = [];
  const ys: number[] = [];
  const colours: number[] = [];
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const k = y * w + x;
      if (!ring[k] || near[k]) continue;
      xs.push(x + area.x);
      ys.push(y + area.y);
      colours.push(means[k * 3]!, means[k * 3 + 1]!, means[k * 3 + 2]!);
    }
  }
  const n = xs.length;
  if (n < 60) return null;
  let best: { line: EdgeLine; separation: number } | null = null;
  const projections = new Float64Array(n);
  const order = new Uint32Array(n);
  const prefix = new Float64Array((n + 1) * 3);
  const total = [0, 0, 0];
  for (let p = 0; p < n; p += 1) for (let c = 0; c < 3; c += 1) total[c]! += colours[p * 3 + c]!;
  for (let tilt = -MAX_TILT; tilt <= MAX_TILT; tilt += TILT_STEP) {
    const angle = (tilt * Math.PI) / 180;
    const nx = Math.sin(angle);
    const ny = Math.cos(angle);
    for (let p = 0; p < n; p += 1) {
      projections[p] = nx * xs[p]! + ny * ys[p]!;
      order[p] = p;
    }
    order.sort((a, b) => projections[a]! - projections[b]!);
    for (let m = 0; m < n; m += 1) {
      for (let c = 0; c < 3; c += 1)
        prefix[(m + 1) * 3 + c] = prefix[m * 3 + c]! + colours[order[m]! * 3 + c]!;
    }
    // Only lines through the hole's middle part: a step beside the hole (a shade under it)
    // is no boundary the fill has to carry.
    const corners = [
      [box.x, box.y],
      [box.x + box.width, box.y],
      [box.x, box.y + box.height],
      [box.x + box.width, box.y + box.height],
    ].map(([x, y]) => nx * x! + ny * y!);
    const low = Math.min(...corners);
    const high = Math.max(...corners);
    const lowest = low + (high - low) * CROSSING_MARGIN;
    const highest = high - (high - low) * CROSSING_MARGIN;
    // Otsu along the projection: the split with the largest between-class spread of colour.
    const least = Math.ceil(n * MIN_SHARE);
    for (let m = least; m <= n - least; m += 1) {
      const cut = (projections[order[m - 1]!]! + projections[order[m]!]!) / 2;
      if (cut < lowest || cut > highest) continue;
      let between = 0;
      for (let c = 0; c < 3; c += 1) {
        const before = prefix[m * 3 + c]! / m;
        const after = (total[c]! - prefix[m * 3 + c]!) / (n - m);
        between += (before - after) ** 2;
      }
      const separation = (between * m * (n - m)) / (n * n);
      if (!best || separation > best.separation) best = { line: { nx, ny, c: cut }, separation };
    }
  }
  if (!best) return null;
  const { line } = best;
  // The step is measured in a strip along the line: over all of it, and at each end of the hole.
  const reach = Math.max(band, Math.round(side * 0.1));
  const along = (p: number) => -line.ny * xs[p]! + line.nx * ys[p]!;
  const centre = -line.ny * (box.x + box.width / 2) + line.nx * (box.y + box.height / 2);
  // The mean colour after the line less the mean colour before it, over the points kept.
  const stepWhere = (keep: (p: number, distance: number) => boolean): number[] | null => {
    const sums = [
      [0, 0, 0],
      [0, 0, 0],
    ];
    const counts = [0, 0];
    for (let p = 0; p < n; p += 1) {
      const distance = line.nx * xs[p]! + line.ny * ys[p]! - line.c;
      if (!keep(p, distance)) continue;
      const s = distance < 0 ? 0 : 1;
      counts[s]! += 1;
      for (let c = 0; c < 3; c += 1) sums[s]![c]! += colours[p * 3 + c]!;
    }
    if (counts[0]! < 5 || counts[1]! < 5) return null;
    return [0, 1, 2].map((c) => sums[1]![c]! / counts[1]! - sums[0]![c]! / counts[0]!);
  };
  // Close to the line: a gradual shade parts the rim's means too, but steps little there.
  const nearLine = stepWhere((_, distance) => Math.abs(distance) <= reach);
  if (!nearLine) return null;
  const nearSize = Math.hypot(...nearLine);
  if (nearSize < MIN_STEP) return null;
  // Two surfaces, each of one colour: nearly every point near the line is nearer the mean of its
  // own side than the other's. Different things on one side (a lit pencil, a dark shade, the
  // table under them) part the means, but not the points.
  const sideMeans = [-1, 1].map((sign) => {
    const sums = [0, 0, 0];
    let count = 0;
    for (let p = 0; p < n; p += 1) {
      const distance = line.nx * xs[p]! + line.ny * ys[p]! - line.c;
      if (Math.abs(distance) > reach || distance * sign < 0) continue;
      count += 1;
      for (let c = 0; c < 3; c += 1) sums[c]! += colours[p * 3 + c]!;
    }
    return sums.map((v) => v / Math.max(1, count));
  });
  const agreeing = [0, 0];
  const counts = [0, 0];
  for (let p = 0; p < n; p += 1) {
    const distance = line.nx * xs[p]! + line.ny * ys[p]! - line.c;
    if (Math.abs(distance) > reach) continue;
    const own = distance < 0 ? 0 : 1;
    counts[own]! += 1;
    const colour = colours.slice(p * 3, p * 3 + 3);
    if (colourDistance(colour, sideMeans[own]!) < colourDistance(colour, sideMeans[1 - own]!))
      agreeing[own]! += 1;
  }
  const agreement = (agreeing[0]! / counts[0]! + agreeing[1]! / counts[1]!) / 2;
  if (agreement < MIN_AGREEMENT) return null;
  // The same two surfaces meet at both ends of the hole: a step of about the same colour change
  // there (a pencil's light edge at one end and a shadow's dark one at the other are no boundary).
  for (const end of [-1, 1]) {
    const atEnd = stepWhere(
      (p, distance) => Math.abs(distance) <= reach && (along(p) - centre) * end > 0,
    );
    if (!atEnd) return null;
    const cosine =
      (atEnd[0]! * nearLine[0]! + atEnd[1]! * nearLine[1]! + atEnd[2]! * nearLine[2]!) /
      (Math.hypot(...atEnd) * nearSize || 1);
    if (cosine < MIN_SAME_STEP) return null;
  }
  return line;
}

/** Mean colour of the usable pixels in a (2r+1) square window round each pixel of the area. */
function localMeans(
  raster: Raster,
  area: { x: number; y: number; width: number; height: number },
  unusable: Uint8Array,
  radius: number,
): Float32Array {
  const { width, channels, data } = raster;
  const w = area.width;
  const h = area.height;
  // The window's mean of usable colour over its mean of usable pixels: the window sizes cancel.
  const usable = new Float32Array(w * h);
  const channel = [0, 1, 2].map(() => new Float32Array(w * h));
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const k = y * w + x;
      if (unusable[k]) continue;
      usable[k] = 1;
      const i = ((y + area.y) * width + x + area.x) * channels;
      for (let c = 0; c < 3; c += 1) channel[c]![k] = data[i + c]!;
    }
  }
  const share = boxMean(usable, w, h, radius);
  const means = channel.map((values) => boxMean(values, w, h, radius));
  const out = new Float32Array(w * h * 3);
  for (let k = 0; k < w * h; k += 1) {
    if (share[k]! <= 0) continue;
    for (let c = 0; c < 3; c += 1) out[k * 3 + c] = means[c]![k]! / share[k]!;
  }
  return out;
}

function colourDistance(a: number[], b: number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}
