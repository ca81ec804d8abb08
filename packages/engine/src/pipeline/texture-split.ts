import { boundingBoxOf, clipBox, dilate, padBox, type Raster } from './raster.js';
import { cropHoleMasks } from './mask-tools.js';

/** Mean detail (levels) under which the background is plain: a backdrop, a painted wall, a blur. */
const PLAIN_DETAIL = 0.6;
/** Mean detail (levels) above which it is textured: tea leaves, a rug, planks. */
const TEXTURED_DETAIL = 0.9;
/** Each kind must hold at least this share of the hole's classified rim for a split. */
const MIN_SHARE = 0.05;
/** A straight line must put at least this share of each kind of rim on its own side. */
const MIN_AGREEMENT = 0.93;
/**
 * Score given up per degree of tilt: a level line wins unless a tilted one parts the rim clearly
 * better (a blurred thing at one end of a rug's edge favours a slightly tilted line that cuts the
 * rug's corner off).
 */
const TILT_COST = 0.002;
/**
 * Tilts of the line tried, every 5 degrees up to 30 from level either way: a plain backdrop meets a
 * textured surface at a horizon (a wall over a floor, a backdrop over a table or a heap). Steeper,
 * the parting of the rim is more often another object beside the product (a plant, a handle).
 */
const TILTS = [-30, -25, -20, -15, -10, -5, 0, 5, 10, 15, 20, 25, 30];

export type PlainSplit = {
  /** The line through the hole: the plain side where nx * x + ny * y < c. */
  line: { nx: number; ny: number; c: number };
  /** Known pixels round the hole that are clearly textured, and clearly plain. */
  texturedKnown: Uint8Array;
  plainKnown: Uint8Array;
};

/**
 * Where the hole's rim is plain on one side and textured on the other (a white backdrop above a
 * heap of tea, a wall above a rug), the straight line that best separates the two kinds of rim,
 * carried through the hole: the hole's part on the plain side is filled smoothly from plain
 * pixels only, the rest with patches. Filled as one, patches of the texture grow up into the
 * plain side as a blocky wall, and a smooth fill pulls the texture's colour up as a haze. A rim
 * that is all of one kind, or whose kinds no straight line parts (a textured wall beside a
 * textured floor, a plain patch all round a rug), gives null and the hole is filled as one.
 */
export function findPlainSide(
  raster: Raster,
  hole: Uint8Array,
  exclude?: Uint8Array,
): PlainSplit | null {
  const { width, height } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box) return null;
  const side = Math.max(box.width, box.height);
  const band = Math.max(12, Math.round(side * 0.05));
  const margin = Math.max(12, Math.round(side * 0.25));
  const area = clipBox(padBox(box, margin), width, height);
  const w = area.width;
  const h = area.height;
  const { localHole, unusable } = cropHoleMasks(hole, exclude, area, width);
  const texture = measureLocalDetail(raster, area, unusable);
  // The rim: known pixels within the band round the hole, clear of its anti-aliased edge, whose
  // windows do not reach into the hole.
  const ring = dilate(localHole, w, h, band);
  const near = dilate(unusable, w, h, 7);
  const step = Math.max(1, Math.round(side / 200));
  const points: { x: number; y: number; plain: boolean }[] = [];
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const k = y * w + x;
      if (!ring[k] || near[k]) continue;
      const detail = texture[k]!;
      if (detail < PLAIN_DETAIL) points.push({ x, y, plain: true });
      else if (detail > TEXTURED_DETAIL) points.push({ x, y, plain: false });
    }
  }
  const plainCount = points.filter((p) => p.plain).length;
  const texturedCount = points.length - plainCount;
  if (
    points.length < 50 ||
    plainCount < points.length * MIN_SHARE ||
    texturedCount < points.length * MIN_SHARE
  )
    return null;
  // For each direction, the offset along it that best parts plain (before) from textured (after):
  // judged by the share of each kind on its own side, so a narrow strip of rug below a wide wall
  // counts as much as the wall.
  let best = { score: 0, rank: 0, nx: 0, ny: 0, c: 0 };
  const projections = new Float32Array(points.length);
  const order = new Uint32Array(points.length);
  // The normal points down (plain above) or up (plain below), tilted.
  for (const [tilt, up] of TILTS.flatMap((t) => [[t, 1] as const, [t, -1] as const])) {
    const angle = (tilt * Math.PI) / 180;
    const nx = Math.sin(angle) * up;
    const ny = Math.cos(angle) * up;
    for (let n = 0; n < points.length; n += 1) {
      projections[n] = nx * points[n]!.x + ny * points[n]!.y;
      order[n] = n;
    }
    order.sort((a, b) => projections[a]! - projections[b]!);
    let plainBefore = 0;
    let texturedBefore = 0;
    for (let n = 0; n < order.length; n += 1) {
      if (points[order[n]!]!.plain) plainBefore += 1;
      else texturedBefore += 1;
      const score = (plainBefore / plainCount + 1 - texturedBefore / texturedCount) / 2;
      const rank = score - TILT_COST * Math.abs(tilt);
      if (rank > best.rank) {
        const next = n + 1 < order.length ? projections[order[n + 1]!]! : projections[order[n]!]!;
        best = { score, rank, nx, ny, c: (projections[order[n]!]! + next) / 2 };
      }
    }
  }
  if (best.score < MIN_AGREEMENT) return null;
  const texturedKnown = new Uint8Array(width * height);
  const plainKnown = new Uint8Array(width * height);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y + area.y) * width + x + area.x;
      if (hole[i] || exclude?.[i]) continue;
      const detail = texture[y * w + x]!;
      if (detail > TEXTURED_DETAIL) texturedKnown[i] = 1;
      else if (detail < PLAIN_DETAIL) plainKnown[i] = 1;
    }
  }
  // The line in frame coordinates: nx * x + ny * y = c, the plain side below c.
  const c = best.c + best.nx * area.x + best.ny * area.y;
  return { line: { nx: best.nx, ny: best.ny, c }, texturedKnown, plainKnown };
}

/**
 * Each pixel's detail (distance of its colour from its 5x5 mean, over the channels) averaged over a 9x9 window,
 * from usable pixels only: near zero on a plain backdrop or a blur, several levels on texture.
 */
function measureLocalDetail(
  raster: Raster,
  area: { x: number; y: number; width: number; height: number },
  unusable: Uint8Array,
): Float32Array {
  const { width, channels, data } = raster;
  const w = area.width;
  const h = area.height;
  const usable = new Float32Array(w * h);
  for (let k = 0; k < w * h; k += 1) usable[k] = unusable[k] ? 0 : 1;
  const count = boxSum(usable, w, h, 2);
  const detail = new Float32Array(w * h);
  // Each channel on its own: a rug's stripes differ in hue more than in brightness.
  for (let c = 0; c < 3; c += 1) {
    const channel = new Float32Array(w * h);
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        const k = y * w + x;
        channel[k] = usable[k]! * data[((y + area.y) * width + x + area.x) * channels + c]!;
      }
    }
    const mean = divide(boxSum(channel, w, h, 2), count);
    for (let k = 0; k < w * h; k += 1) {
      if (usable[k]) detail[k] = detail[k]! + Math.abs(channel[k]! - mean[k]!) / 3;
    }
  }
  return divide(boxSum(detail, w, h, 4), boxSum(usable, w, h, 4));
}

function divide(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length);
  for (let k = 0; k < a.length; k += 1) out[k] = b[k]! > 0 ? a[k]! / b[k]! : 0;
  return out;
}

/** Sum over a (2r+1) square window, cut at the edges (separable running sums). */
function boxSum(values: Float32Array, w: number, h: number, radius: number): Float32Array {
  const rows = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    let acc = 0;
    for (let x = 0; x < Math.min(w, radius); x += 1) acc += values[y * w + x]!;
    for (let x = 0; x < w; x += 1) {
      if (x + radius < w) acc += values[y * w + x + radius]!;
      if (x - radius - 1 >= 0) acc -= values[y * w + x - radius - 1]!;
      rows[y * w + x] = acc;
    }
  }
  const out = new Float32Array(w * h);
  for (let x = 0; x < w; x += 1) {
    let acc = 0;
    for (let y = 0; y < Math.min(h, radius); y += 1) acc += rows[y * w + x]!;
    for (let y = 0; y < h; y += 1) {
      if (y + radius < h) acc += rows[(y + radius) * w + x]!;
      if (y - radius - 1 >= 0) acc -= rows[(y - radius - 1) * w + x]!;
      out[y * w + x] = acc;
    }
  }
  return out;
}
