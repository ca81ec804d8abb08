import { countSet } from './mask-tools.js';
import { loadOpenCv } from './opencv-loader.js';
import { boundingBoxOf, clipBox, dilate, padBox, upsampleCells, type Raster } from './raster.js';

/** Patch radius at the reduced working resolution (7x7 patches), and at coarser levels (5x5). */
const PATCH_RADIUS = 3;
const COARSE_RADIUS = 2;
/** Fewer clean source patches than this and there is nothing to copy from. */
const MIN_SOURCES = 64;
/** The hole's longer side at the working resolution: big enough for structure, small for speed. */
const WORK_SIDE = 100;
/** The coarsest pyramid level keeps at least this many pixels along the hole's longer side. */
const COARSEST_SIDE = 28;
/** Colour error (squared, summed over channels) worth accepting to continue the same copy. */
const COHERENCE_BONUS = 300;
/** The same when copies are chosen by their local mean (see copyAtFullResolution). */
const COHERENCE_BONUS_TRANSFER = 60;
/** How far (working pixels) a straight edge's distance counts in the structure guide. */
const GUIDE_REACH = 4;
/** Cost of one pixel of guide mismatch, in squared colour levels (summed over channels). */
const GUIDE_WEIGHT = 3000;
/**
 * Share of edge pixels (Canny, at the working level) around the hole above which its straight
 * segments are a pattern's, not structure: a few planks' seams or a table's edge keep it near a
 * tenth, a printed cloth or foliage at a fifth and more.
 */
const MAX_EDGE_SHARE = 0.2;

export type PatchFillOptions = {
  /** Pixels never copied into the hole (the ad's words next to it). */
  exclude?: Uint8Array;
  /** Hole pixels the new product will cover: copied along their own offset, without the choice. */
  keepOut?: Uint8Array;
  /** Seed of the random search: the same inputs give the same picture. */
  seed?: number;
  /**
   * Straight edges known to cross the hole (a support's top edge, see findSupportEdge), in frame
   * pixels: added to the guide, so patches keep their side of and distance to each.
   */
  edges?: { nx: number; ny: number; c: number }[];
  /**
   * Lines between two surfaces through the hole (see findSurfaceBoundary), in frame pixels: in
   * the guide like `edges`, but soft (a shore, not a table's sharp top), so the copies keep being
   * brought to the working fill's tone.
   */
  boundaries?: { nx: number; ny: number; c: number }[];
};

/** One level of the image being filled: colour, guide, what is known and where patches may come from. */
type Level = {
  w: number;
  h: number;
  image: Float32Array;
  guide: Float32Array | null;
  hole: Uint8Array;
  /** Known pixels that must not be copied (words). */
  excluded: Uint8Array;
  source: Uint8Array;
};

/**
 * Fills the hole of an RGB raster in place by copying patches of the background around it
 * (PatchMatch with expectation-maximisation over a pyramid, as in Wexler et al. and Barnes et al.),
 * at a reduced resolution, then brought to full resolution by copying full-resolution pixels along
 * the found offsets (each pixel choosing among its own and its neighbours' offsets), so grain and
 * wood texture stay sharp.
 * Straight edges that cross the hole (a wall-floor line, plank seams, a shelf edge) are found with
 * Hough lines and extended through it as a guide channel, so patches are taken from the same place
 * relative to an edge and the edge continues. Returns false, changing nothing, when there is too
 * little clean background to copy from.
 */
export async function patchFill(
  raster: Raster,
  hole: Uint8Array,
  options: PatchFillOptions = {},
): Promise<boolean> {
  const { width, height, channels } = raster;
  const holeBox = boundingBoxOf(hole, width);
  if (!holeBox) return true;
  const side = Math.max(holeBox.width, holeBox.height);
  const margin = Math.max(24, Math.round(side * 0.4));
  const area = clipBox(padBox(holeBox, margin), width, height);
  const factor = Math.max(1, Math.ceil(side / WORK_SIDE));
  const full = cropArea(raster, hole, area, options.exclude);
  const work = downsample(full, factor, PATCH_RADIUS);
  if (countSet(work.source) < MIN_SOURCES) return false;
  // The known edges in working pixels (cell centres): x_full = x_work * factor + (factor - 1) / 2.
  const centre = (factor - 1) / 2;
  const edges = [...(options.edges ?? []), ...(options.boundaries ?? [])].map(({ nx, ny, c }) => ({
    nx,
    ny,
    c: (c - nx * (area.x + centre) - ny * (area.y + centre)) / factor,
  }));
  work.guide = (await findStructureGuide(work, edges)).guide;
  const random = createRandom(options.seed ?? 987654321);

  const pyramid: Level[] = [work];
  while (pyramid.length < 6) {
    const top = pyramid[pyramid.length - 1]!;
    const topBox = boundingBoxOf(top.hole, top.w);
    if (!topBox || Math.max(topBox.width, topBox.height) <= COARSEST_SIDE * 2) break;
    const next = downsample(top, 2, COARSE_RADIUS);
    if (countSet(next.source) < MIN_SOURCES) break;
    pyramid.push(next);
  }

  let offsets: Int32Array | null = null;
  for (let index = pyramid.length - 1; index >= 0; index -= 1) {
    const level = pyramid[index]!;
    const radius = index === 0 ? PATCH_RADIUS : COARSE_RADIUS;
    if (offsets === null) {
      smoothFill(level);
      offsets = randomOffsets(level, random);
    } else {
      offsets = upsampleOffsets(pyramid[index + 1]!, offsets, level, 2, random);
      vote(level, offsets, radius, null);
    }
    const rounds = index === pyramid.length - 1 ? 8 : 3;
    for (let round = 0; round < rounds; round += 1) {
      const costs = searchOffsets(level, offsets, radius, random, round === 0 ? 2 : 1);
      vote(level, offsets, radius, costs);
    }
  }
  // Copies brought to the working fill's tone (see copyAtFullResolution), except across a known
  // straight edge (a support's top): the working level's tone, interpolated between its cells,
  // would blur that edge over a few pixels, and it must go on sharp.
  const transfer = factor >= 2 && !options.edges?.length;
  if (transfer) {
    // The working fill's tone is what the copies are brought to (see copyAtFullResolution): each
    // cell takes its own source's, as the vote's average of many patches reads as a flat blob.
    for (let k = 0; k < work.w * work.h; k += 1) {
      if (!work.hole[k]) continue;
      for (let c = 0; c < 3; c += 1)
        work.image[k * 3 + c] = work.image[(k + offsets![k]!) * 3 + c]!;
    }
  }
  copyAtFullResolution(
    work,
    offsets!,
    full,
    factor,
    keepOutOf(options.keepOut, area, width),
    transfer,
  );

  for (let y = 0; y < full.h; y += 1) {
    for (let x = 0; x < full.w; x += 1) {
      const k = y * full.w + x;
      if (!full.hole[k]) continue;
      const i = ((y + area.y) * width + x + area.x) * channels;
      for (let c = 0; c < 3; c += 1) {
        raster.data[i + c] = Math.max(0, Math.min(255, Math.round(full.image[k * 3 + c]!)));
      }
    }
  }
  return true;
}

/**
 * How many straight edges patchFill would carry through the hole as its guide (see
 * findStructureGuide), none given: for tests and measures.
 */
export async function countGuideLines(raster: Raster, hole: Uint8Array): Promise<number> {
  const holeBox = boundingBoxOf(hole, raster.width);
  if (!holeBox) return 0;
  const side = Math.max(holeBox.width, holeBox.height);
  const margin = Math.max(24, Math.round(side * 0.4));
  const area = clipBox(padBox(holeBox, margin), raster.width, raster.height);
  const factor = Math.max(1, Math.ceil(side / WORK_SIDE));
  const work = downsample(cropArea(raster, hole, area, undefined), factor, PATCH_RADIUS);
  return (await findStructureGuide(work)).lines;
}

/**
 * Share of the hole's surroundings that, when textured, makes the whole fill copy patches: a
 * hole on the line between a smooth wall and a woven seat must not fill the seat with a blur.
 */
const TEXTURED_SHARE = 0.7;

/**
 * Texture energy of the known pixels around the hole: the distance of a pixel's brightness from
 * its local mean that all but the most textured 30 % of the surroundings stay under. Near zero on
 * plain and gradient backgrounds, a few levels on wood, fabric, stone or grainy photos.
 */
export function measureSurroundingTexture(
  raster: Raster,
  hole: Uint8Array,
  exclude?: Uint8Array,
): number {
  const { width, height, channels, data } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box) return 0;
  const band = Math.max(8, Math.round(Math.max(box.width, box.height) * 0.15));
  // Work on the hole's box grown by the band only: the masks of a whole frame are costly.
  const area = clipBox(padBox(box, band), width, height);
  const local = new Uint8Array(area.width * area.height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      local[y * area.width + x] = hole[(y + area.y) * width + x + area.x]!;
    }
  }
  const ring = dilate(local, area.width, area.height, band);
  const near = dilate(local, area.width, area.height, 3);
  // Brightness of the area and the two pixels round it that the 5x5 windows reach, worked out
  // once: every pixel is in 25 windows.
  const lit = clipBox(padBox(area, 2), width, height);
  const brightnessOf = new Float64Array(lit.width * lit.height);
  for (let y = 0; y < lit.height; y += 1) {
    for (let x = 0; x < lit.width; x += 1) {
      const i = (y + lit.y) * width + x + lit.x;
      brightnessOf[y * lit.width + x] =
        (data[i * channels]! + data[i * channels + 1]! + data[i * channels + 2]!) / 3;
    }
  }
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = Math.max(2, area.y); y < Math.min(height - 2, area.y + area.height); y += 1) {
    for (let x = Math.max(2, area.x); x < Math.min(width - 2, area.x + area.width); x += 1) {
      const i = y * width + x;
      const k = (y - area.y) * area.width + x - area.x;
      if (!ring[k] || near[k] || exclude?.[i]) continue;
      const at = (y - lit.y) * lit.width + x - lit.x;
      let sum = 0;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) sum += brightnessOf[at + dy * lit.width + dx]!;
      }
      const detail = Math.abs(brightnessOf[at]! - sum / 25);
      histogram[Math.min(255, Math.round(detail * 4))]! += 1;
      count += 1;
    }
  }
  if (count === 0) return 0;
  let seen = 0;
  for (let bin = 0; bin < 256; bin += 1) {
    seen += histogram[bin]!;
    if (seen >= count * TEXTURED_SHARE) return bin / 4;
  }
  return 255 / 4;
}

function cropArea(
  raster: Raster,
  hole: Uint8Array,
  area: { x: number; y: number; width: number; height: number },
  exclude: Uint8Array | undefined,
): Level {
  const { width, channels, data } = raster;
  const w = area.width;
  const h = area.height;
  const image = new Float32Array(w * h * 3);
  const localHole = new Uint8Array(w * h);
  const excluded = new Uint8Array(w * h);
  const unusable = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y + area.y) * width + x + area.x;
      const k = y * w + x;
      localHole[k] = hole[i] ? 1 : 0;
      excluded[k] = exclude?.[i] ? 1 : 0;
      unusable[k] = hole[i] || exclude?.[i] ? 1 : 0;
      for (let c = 0; c < 3; c += 1) image[k * 3 + c] = hole[i] ? 0 : data[i * channels + c]!;
    }
  }
  // Single pixels are copied at full resolution: only the rim right next to the hole is unsafe.
  const source = sourceCentres(unusable, w, h, 0);
  return { w, h, image, guide: null, hole: localHole, excluded, source };
}

/**
 * Centres of patches that lie wholly on clean background, one pixel clear of the hole, so that
 * the anti-aliased rim of the removed object is never copied (no ghosts).
 */
function sourceCentres(unusable: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const grown = dilate(unusable, w, h, radius + 1);
  const source = new Uint8Array(w * h);
  for (let y = radius; y < h - radius; y += 1) {
    for (let x = radius; x < w - radius; x += 1) source[y * w + x] = grown[y * w + x] ? 0 : 1;
  }
  return source;
}

/**
 * Averages `factor` x `factor` cells; a cell with any hole (or excluded) pixel is hole (or
 * excluded). The patch sources are recomputed at the new scale.
 */
function downsample(level: Level, factor: number, radius: number): Level {
  const w = Math.max(1, Math.ceil(level.w / factor));
  const h = Math.max(1, Math.ceil(level.h / factor));
  const image = new Float32Array(w * h * 3);
  const count = new Float32Array(w * h);
  const hole = new Uint8Array(w * h);
  const excluded = new Uint8Array(w * h);
  const guide = level.guide ? new Float32Array(w * h) : null;
  for (let y = 0; y < level.h; y += 1) {
    for (let x = 0; x < level.w; x += 1) {
      const i = y * level.w + x;
      const k = Math.floor(y / factor) * w + Math.floor(x / factor);
      if (level.hole[i]) hole[k] = 1;
      if (level.excluded[i]) excluded[k] = 1;
      if (guide) guide[k] = guide[k]! + level.guide![i]!;
      count[k] = count[k]! + 1;
      for (let c = 0; c < 3; c += 1) image[k * 3 + c] = image[k * 3 + c]! + level.image[i * 3 + c]!;
    }
  }
  for (let k = 0; k < w * h; k += 1) {
    const n = count[k]! || 1;
    for (let c = 0; c < 3; c += 1) image[k * 3 + c] = image[k * 3 + c]! / n;
    if (guide) guide[k] = guide[k]! / n / factor;
  }
  const unusable = hole.map((v, k) => v | excluded[k]!);
  return { w, h, image, guide, hole, excluded, source: sourceCentres(unusable, w, h, radius) };
}

/** First estimate at the coarsest level: the mean of the nearest known pixels (push-pull). */
function smoothFill(level: Level): void {
  const { w, h, image, hole } = level;
  const weights = new Float32Array(w * h);
  const values = new Float32Array(w * h * 3);
  for (let k = 0; k < w * h; k += 1) {
    if (hole[k]) continue;
    weights[k] = 1;
    for (let c = 0; c < 3; c += 1) values[k * 3 + c] = image[k * 3 + c]!;
  }
  const filled = pushPullMean(values, weights, w, h);
  for (let k = 0; k < w * h; k += 1) {
    if (!hole[k]) continue;
    for (let c = 0; c < 3; c += 1) image[k * 3 + c] = filled[k * 3 + c]!;
  }
}

function pushPullMean(
  values: Float32Array,
  weights: Float32Array,
  w: number,
  h: number,
): Float32Array {
  if (w <= 1 && h <= 1) {
    const out = new Float32Array(3);
    for (let c = 0; c < 3; c += 1) out[c] = weights[0]! > 0 ? values[c]! / weights[0]! : 128;
    return out;
  }
  const cw = Math.ceil(w / 2);
  const ch = Math.ceil(h / 2);
  const coarseValues = new Float32Array(cw * ch * 3);
  const coarseWeights = new Float32Array(cw * ch);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      const k = (y >> 1) * cw + (x >> 1);
      coarseWeights[k] = coarseWeights[k]! + weights[i]!;
      for (let c = 0; c < 3; c += 1)
        coarseValues[k * 3 + c] = coarseValues[k * 3 + c]! + values[i * 3 + c]!;
    }
  }
  const coarse = pushPullMean(coarseValues, coarseWeights, cw, ch);
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      const k = (y >> 1) * cw + (x >> 1);
      for (let c = 0; c < 3; c += 1) {
        out[i * 3 + c] = weights[i]! > 0 ? values[i * 3 + c]! / weights[i]! : coarse[k * 3 + c]!;
      }
    }
  }
  return out;
}

/** Offsets are stored as source index minus target index, for hole pixels only. */
function randomOffsets(level: Level, random: () => number): Int32Array {
  const offsets = new Int32Array(level.w * level.h);
  const sources = listOf(level.source);
  for (let k = 0; k < offsets.length; k += 1) {
    if (!level.hole[k]) continue;
    offsets[k] = sources[Math.floor(random() * sources.length)]! - k;
  }
  return offsets;
}

/** Offsets of a coarser level scaled to a finer one; targets whose source is not clean get a random one nearby. */
function upsampleOffsets(
  coarse: Level,
  coarseOffsets: Int32Array,
  fine: Level,
  factor: number,
  random: () => number,
): Int32Array {
  const offsets = new Int32Array(fine.w * fine.h);
  const sources = listOf(fine.source);
  for (let y = 0; y < fine.h; y += 1) {
    for (let x = 0; x < fine.w; x += 1) {
      const k = y * fine.w + x;
      if (!fine.hole[k]) continue;
      const cx = Math.min(coarse.w - 1, Math.floor(x / factor));
      const cy = Math.min(coarse.h - 1, Math.floor(y / factor));
      const ck = cy * coarse.w + cx;
      const source = ck + coarseOffsets[ck]!;
      const sx = (source % coarse.w) * factor + (x - cx * factor);
      const sy = Math.floor(source / coarse.w) * factor + (y - cy * factor);
      const s = sy * fine.w + sx;
      if (sx >= 0 && sy >= 0 && sx < fine.w && sy < fine.h && fine.source[s]) {
        offsets[k] = s - k;
      } else {
        offsets[k] = nearestSource(fine, sx, sy, random, sources) - k;
      }
    }
  }
  return offsets;
}

function nearestSource(
  level: Level,
  x: number,
  y: number,
  random: () => number,
  sources: number[],
): number {
  for (let radius = 2; radius < Math.max(level.w, level.h); radius *= 2) {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const sx = Math.round(x + (random() * 2 - 1) * radius);
      const sy = Math.round(y + (random() * 2 - 1) * radius);
      if (sx < 0 || sy < 0 || sx >= level.w || sy >= level.h) continue;
      if (level.source[sy * level.w + sx]) return sy * level.w + sx;
    }
  }
  return sources[Math.floor(random() * sources.length)]!;
}

/**
 * PatchMatch: each pass scans the hole (alternately forwards and backwards), trying the offsets
 * of the neighbours already visited and random offsets in a shrinking window around the current
 * one, and keeps whatever patch matches better. Returns each target's patch cost.
 */
function searchOffsets(
  level: Level,
  offsets: Int32Array,
  radius: number,
  random: () => number,
  passes: number,
): Float32Array {
  const { w, h, hole, source } = level;
  const size = w * h;
  const targets = listOf(hole);
  const costs = new Float32Array(size);
  for (const k of targets) costs[k] = patchCost(level, k, k + offsets[k]!, radius, Infinity);
  const candidates = new Int32Array(2 + 2 * Math.ceil(Math.log2(Math.max(w, h)) + 1));
  for (let pass = 0; pass < passes * 2; pass += 1) {
    const forward = pass % 2 === 0;
    const step = forward ? 1 : -1;
    for (let n = 0; n < targets.length; n += 1) {
      const k = targets[forward ? n : targets.length - 1 - n]!;
      const x = k % w;
      const y = (k - x) / w;
      let best = offsets[k]!;
      let bestCost = costs[k]!;
      let count = 0;
      // Propagation from the neighbours on the side already visited.
      if (x - step >= 0 && x - step < w && hole[k - step]) candidates[count++] = offsets[k - step]!;
      if (y - step >= 0 && y - step < h && hole[k - step * w])
        candidates[count++] = offsets[k - step * w]!;
      for (let c = 0; c < count; c += 1) {
        const s = k + candidates[c]!;
        if (candidates[c] === best || s < 0 || s >= size || !source[s]) continue;
        const cost = patchCost(level, k, s, radius, bestCost);
        if (cost < bestCost) {
          best = candidates[c]!;
          bestCost = cost;
        }
      }
      // Random search in a shrinking window around the best so far.
      const bx = ((k + best) % w) - x;
      const by = Math.floor((k + best) / w) - y;
      for (let window = Math.max(w, h); window >= 1; window = Math.floor(window / 2)) {
        const sx = x + bx + Math.round((random() * 2 - 1) * window);
        const sy = y + by + Math.round((random() * 2 - 1) * window);
        if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
        const s = sy * w + sx;
        if (s - k === best || !source[s]) continue;
        const cost = patchCost(level, k, s, radius, bestCost);
        if (cost < bestCost) {
          best = s - k;
          bestCost = cost;
        }
      }
      offsets[k] = best;
      costs[k] = bestCost;
    }
  }
  return costs;
}

/**
 * Sum of squared colour differences (plus the structure guide's) between the patches around
 * target `t` and source `s`; stops early once above `limit`. Hole pixels count half: their value
 * is only an estimate.
 */
function patchCost(level: Level, t: number, s: number, radius: number, limit: number): number {
  const { w, h, image, guide, hole } = level;
  const tx = t % w;
  const ty = (t - tx) / w;
  const sx = s % w;
  const sy = (s - sx) / w;
  let cost = 0;
  for (let dy = -radius; dy <= radius; dy += 1) {
    const ty2 = ty + dy;
    const sy2 = sy + dy;
    if (ty2 < 0 || ty2 >= h || sy2 < 0 || sy2 >= h) continue;
    for (let dx = -radius; dx <= radius; dx += 1) {
      const tx2 = tx + dx;
      const sx2 = sx + dx;
      if (tx2 < 0 || tx2 >= w || sx2 < 0 || sx2 >= w) continue;
      const a = ty2 * w + tx2;
      const b = sy2 * w + sx2;
      const dr = image[a * 3]! - image[b * 3]!;
      const dg = image[a * 3 + 1]! - image[b * 3 + 1]!;
      const db = image[a * 3 + 2]! - image[b * 3 + 2]!;
      let d = dr * dr + dg * dg + db * db;
      if (hole[a]) d *= 0.5;
      if (guide) {
        const dd = guide[a]! - guide[b]!;
        d += GUIDE_WEIGHT * dd * dd;
      }
      cost += d;
    }
    if (cost >= limit) return cost;
  }
  return cost;
}

/**
 * Sets each hole pixel to the mean of the colours the patches covering it bring, each patch
 * weighted by how well it matches (Wexler et al.): a few good patches win over many poor ones, so
 * the result stays sharp instead of averaging to a blur.
 */
function vote(level: Level, offsets: Int32Array, radius: number, costs: Float32Array | null): void {
  const { w, h, image, hole } = level;
  const targets = listOf(hole);
  let scale = 1;
  if (costs) {
    const sorted = Float32Array.from(targets, (k) => costs[k]!).sort();
    scale = Math.max(1, sorted[Math.floor(sorted.length * 0.75)] ?? 1);
  }
  const sums = new Float32Array(w * h * 3);
  const weights = new Float32Array(w * h);
  for (const t of targets) {
    const x = t % w;
    const y = (t - x) / w;
    const s = t + offsets[t]!;
    const weight = costs ? Math.exp(-costs[t]! / scale) : 1;
    for (let dy = -radius; dy <= radius; dy += 1) {
      const ty = y + dy;
      if (ty < 0 || ty >= h) continue;
      for (let dx = -radius; dx <= radius; dx += 1) {
        const tx = x + dx;
        if (tx < 0 || tx >= w) continue;
        const a = ty * w + tx;
        if (!hole[a]) continue;
        const b = s + dy * w + dx;
        weights[a] = weights[a]! + weight;
        sums[a * 3] = sums[a * 3]! + weight * image[b * 3]!;
        sums[a * 3 + 1] = sums[a * 3 + 1]! + weight * image[b * 3 + 1]!;
        sums[a * 3 + 2] = sums[a * 3 + 2]! + weight * image[b * 3 + 2]!;
      }
    }
  }
  for (const k of targets) {
    if (!(weights[k]! > 0)) continue;
    for (let c = 0; c < 3; c += 1) image[k * 3 + c] = sums[k * 3 + c]! / weights[k]!;
  }
}

/**
 * Brings the working offsets to full resolution: each pixel copies the full-resolution pixel its
 * working cell points to, choosing among the offsets of that cell and its neighbours the one whose
 * copy agrees best with the working fill, with a bonus for the offset of the pixel before it, so
 * copies stay in coherent pieces and their seams fall where neighbouring copies agree.
 */
function copyAtFullResolution(
  work: Level,
  workOffsets: Int32Array,
  full: Level,
  factor: number,
  keepOut: Uint8Array | null,
  transfer: boolean,
): void {
  const { w, h, image, hole, source } = full;
  const chosen = new Int32Array(w * h);
  const candidates = new Int32Array(10);
  // With `transfer` (above a factor of one), each copied pixel brings its detail (itself minus its local mean) and
  // the working fill brings the local mean: both are the working level interpolated between cell
  // centres, at the source and at the target. Copies from places of a slightly different shade
  // do not show as a grid of blocks, and the fill's tone follows the rim (the working fill's
  // patches overlap the known pixels round the hole).
  const smooth = transfer ? upsampleCells(work.image, work.w, work.h, factor, w, h) : null;
  const low = new Float32Array(3);
  // The choice is made on local means, whose errors are far smaller than single pixels': a bonus
  // as large as for pixels keeps every copy going down its column, as stripes.
  const bonus = transfer ? COHERENCE_BONUS_TRANSFER : COHERENCE_BONUS;
  const toFull = (cell: number) => {
    const target = cell;
    const sourceCell = cell + workOffsets[cell]!;
    const dx = (sourceCell % work.w) - (target % work.w);
    const dy = Math.floor(sourceCell / work.w) - Math.floor(target / work.w);
    return dy * factor * w + dx * factor;
  };
  for (let y = 0; y < h; y += 1) {
    const cy = Math.min(work.h - 1, Math.floor(y / factor));
    for (let x = 0; x < w; x += 1) {
      const k = y * w + x;
      if (!hole[k]) continue;
      const cx = Math.min(work.w - 1, Math.floor(x / factor));
      const cell = cy * work.w + cx;
      for (let ch = 0; ch < 3; ch += 1) {
        low[ch] = smooth ? smooth[k * 3 + ch]! : work.image[cell * 3 + ch]!;
      }
      let count = 0;
      if (x > 0 && hole[k - 1]) candidates[count++] = chosen[k - 1]!;
      if (y > 0 && hole[k - w]) candidates[count++] = chosen[k - w]!;
      const coherent = count;
      const cheap = keepOut?.[k] ? 1 : 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          if ((cheap && (dx || dy)) || Math.abs(dx) + Math.abs(dy) > 1) continue;
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= work.w || ny >= work.h) continue;
          if (work.hole[ny * work.w + nx]) candidates[count++] = toFull(ny * work.w + nx);
        }
      }
      let best = -1;
      let bestCost = Infinity;
      for (let c = 0; c < count; c += 1) {
        const s = k + candidates[c]!;
        if (s < 0 || s >= w * h || !source[s]) continue;
        let cost = 0;
        const from = smooth ?? image;
        for (let ch = 0; ch < 3; ch += 1) {
          const d = from[s * 3 + ch]! - low[ch]!;
          cost += d * d;
        }
        // Staying with the previous pixel's copy avoids a seam: worth some colour error.
        if (c < coherent) cost -= bonus;
        if (cost < bestCost) {
          bestCost = cost;
          best = candidates[c]!;
        }
      }
      if (best === -1) {
        chosen[k] = 0;
        for (let ch = 0; ch < 3; ch += 1) image[k * 3 + ch] = low[ch]!;
        continue;
      }
      chosen[k] = best;
      const s = k + best;
      for (let ch = 0; ch < 3; ch += 1) {
        image[k * 3 + ch] = smooth
          ? image[s * 3 + ch]! - smooth[s * 3 + ch]! + low[ch]!
          : image[s * 3 + ch]!;
      }
    }
  }
}

/** The keep-out mask cropped to the area. */
function keepOutOf(
  keepOut: Uint8Array | undefined,
  area: { x: number; y: number; width: number; height: number },
  width: number,
): Uint8Array | null {
  if (!keepOut) return null;
  const local = new Uint8Array(area.width * area.height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      local[y * area.width + x] = keepOut[(y + area.y) * width + x + area.x] ? 1 : 0;
    }
  }
  return local;
}

/**
 * Straight edges that cross the hole, seen on both sides of it, as a guide channel: each pixel's
 * signed distance to the nearest such line, capped at GUIDE_REACH, so a patch is taken from the
 * same side of and distance to an edge as its target. Null when there are none.
 */
async function findStructureGuide(
  level: Level,
  known: { nx: number; ny: number; c: number }[] = [],
): Promise<{ guide: Float32Array | null; lines: number }> {
  const { w, h, image, hole } = level;
  const { cv } = await loadOpenCv();
  const grey = new Uint8Array(w * h);
  for (let k = 0; k < w * h; k += 1) {
    grey[k] = Math.round(
      0.299 * image[k * 3]! + 0.587 * image[k * 3 + 1]! + 0.114 * image[k * 3 + 2]!,
    );
  }
  const near = dilate(hole, w, h, 2);
  const mat = new cv.Mat(h, w, cv.CV_8UC1);
  mat.data.set(grey);
  const edges = new cv.Mat();
  const lines = new cv.Mat();
  let segments: [number, number, number, number][] = [];
  try {
    cv.Canny(mat, edges, 40, 110);
    for (let k = 0; k < w * h; k += 1) if (near[k]) edges.data[k] = 0;
    const minLength = Math.max(12, Math.round(Math.min(w, h) * 0.08));
    cv.HoughLinesP(edges, lines, 1, Math.PI / 180, 18, minLength, 2);
    for (let n = 0; n < lines.rows; n += 1) {
      const [x1, y1, x2, y2] = lines.data32S.subarray(n * 4, n * 4 + 4);
      segments.push([x1!, y1!, x2!, y2!]);
    }
  } finally {
    mat.delete();
    lines.delete();
  }
  const edgeData = Uint8Array.from(edges.data as Uint8Array);
  edges.delete();
  // In a busy pattern (a printed cloth, foliage) motifs line up by chance into straight segments
  // that seem to cross the hole; drawn as a guide, they pull patches from wherever the same
  // distance to some line is found and break the pattern into flat blotches. The pattern's own
  // regularity is what the patches carry on there: only the lines given are kept.
  if (edgeShare(edgeData, near) > MAX_EDGE_SHARE) segments = [];
  const touches = dilate(hole, w, h, 5);
  const crossing: { nx: number; ny: number; c: number }[] = [...known];
  segments.sort(
    (a, b) => Math.hypot(b[2] - b[0], b[3] - b[1]) - Math.hypot(a[2] - a[0], a[3] - a[1]),
  );
  segments = segments.slice(0, 60);
  for (const [x1, y1, x2, y2] of segments) {
    const length = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / length;
    const uy = (y2 - y1) / length;
    // The end next to the hole, and the direction into it.
    const atStart = touches[y1 * w + x1];
    const atEnd = touches[y2 * w + x2];
    if (!atStart && !atEnd) continue;
    const [ox, oy, dx, dy] = atEnd ? [x2, y2, ux, uy] : [x1, y1, -ux, -uy];
    if (!continuesAcross(edgeData, hole, w, h, ox, oy, dx, dy)) continue;
    // Normals point the same way for all lines, so that the side of a line means the same.
    const flip = dy > 0 || (dy === 0 && dx < 0) ? -1 : 1;
    const nx = -dy * flip;
    const ny = dx * flip;
    const c = nx * ox + ny * oy;
    const isKnown = crossing.some(
      (line) => line.nx * nx + line.ny * ny > 0.995 && Math.abs(line.c - c) < 2,
    );
    if (!isKnown) crossing.push({ nx, ny, c });
    if (crossing.length >= 16) break;
  }
  if (crossing.length === 0) return { guide: null, lines: 0 };
  const guide = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let nearest = Infinity;
      for (const line of crossing) {
        const distance = line.nx * x + line.ny * y - line.c;
        if (Math.abs(distance) < Math.abs(nearest)) nearest = distance;
      }
      guide[y * w + x] = Math.max(-GUIDE_REACH, Math.min(GUIDE_REACH, nearest));
    }
  }
  return { guide, lines: crossing.length };
}

/** Share of the known pixels (not `near` the hole) that are edges. */
function edgeShare(edges: Uint8Array, near: Uint8Array): number {
  let count = 0;
  let edgeCount = 0;
  for (let k = 0; k < edges.length; k += 1) {
    if (near[k]) continue;
    count += 1;
    if (edges[k]) edgeCount += 1;
  }
  return count ? edgeCount / count : 0;
}

/**
 * Whether the edge leaving (ox, oy) in direction (dx, dy) crosses the hole and is found again
 * on the far side: an edge seen on one side only (the table's rim behind a bottle) is not drawn.
 */
function continuesAcross(
  edges: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
): boolean {
  let t = 1;
  let inside = 0;
  const at = (s: number) => {
    const x = Math.round(ox + dx * s);
    const y = Math.round(oy + dy * s);
    return x < 0 || y < 0 || x >= w || y >= h ? -1 : y * w + x;
  };
  // Walk up to the hole, through it, and just past its far rim.
  for (; t < w + h; t += 1) {
    const k = at(t);
    if (k < 0) return false;
    if (hole[k]) inside += 1;
    else if (inside > 0) break;
  }
  if (inside === 0) return false;
  let found = 0;
  let probed = 0;
  for (let s = t + 3; s < t + 15; s += 1) {
    const k = at(s);
    // A thin strip of background past the hole still counts, as far as it goes.
    if (k < 0 || hole[k]) break;
    probed += 1;
    const x = k % w;
    const y = (k - x) / w;
    let isEdge = false;
    for (let ey = Math.max(0, y - 1); ey <= Math.min(h - 1, y + 1) && !isEdge; ey += 1) {
      for (let ex = Math.max(0, x - 1); ex <= Math.min(w - 1, x + 1); ex += 1) {
        if (edges[ey * w + ex]) {
          isEdge = true;
          break;
        }
      }
    }
    if (isEdge) found += 1;
  }
  return probed >= 3 && found >= probed * 0.5;
}

function listOf(mask: Uint8Array): number[] {
  const list: number[] = [];
  for (let k = 0; k < mask.length; k += 1) if (mask[k]) list.push(k);
  return list;
}

/** A seeded xorshift32 source of uniforms in [0, 1): the same seed gives the same picture. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: small, fast and deterministic.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}
