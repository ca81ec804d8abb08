import { inpaintWithMigan } from '../ml/migan-model.js';
import type { Box } from '../types.js';
import { measureSurroundingTexture, patchFill } from './patch-fill.js';
import { findOffEdgePixels, findSupportEdge, type EdgeLine } from './support-edge.js';
import { findPlainSide } from './texture-split.js';
import { findSurfaceBoundary } from './surface-boundary.js';
import {
  boundingBoxOf,
  chamferDistance,
  clipBox,
  cropRaster,
  dilate,
  padBox,
  luminanceAt,
  meanColour,
  upsampleCells,
  type Raster,
} from './raster.js';
import { boxMean, countSet, cropHoleMasks, labelComponents, maskOfParts } from './mask-tools.js';

/**
 * Detail (levels, see measureSurroundingTexture) around a hole above which its background counts as textured and is
 * filled by copying patches; below it the background is plain or a gradient and push-pull fills
 * it seamlessly.
 */
export const TEXTURE_THRESHOLD = 2;

/** Luminance step (levels) a line between two surfaces must have on both sides of the hole. */
const HORIZON_STEP = 18;
/** Luminance step (levels) below which a side of the hole shows no edge at all. */
const FLAT_STEP = 2;

/**
 * Colour step (RGB levels) a straight edge through a smooth background must show beside the hole
 * (findSupportEdge): a table top a shade off its backdrop. Grain averages away along the edge.
 */
const SMOOTH_EDGE_STEP = 12;
/** Pixels either side of an edge's line that are part of both sides (its anti-aliasing). */
const EDGE_BLUR = 1.5;

/**
 * The row where a wall meets a floor (or a backdrop a table) behind the hole: a horizontal edge
 * seen at the same height in the known pixels just left and just right of the hole (or on the one
 * side the frame leaves). Null when there is none.
 */
function findHorizon(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): number | null {
  const { width, channels, data } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box || box.height < 24) return null;
  const strip = Math.max(8, Math.round(box.width * 0.05));
  // Mean luminance per row of a strip of known pixels beside the hole on one side.
  const sideMeans = (left: boolean): Float32Array => {
    const means = new Float32Array(box.height).fill(Number.NaN);
    for (let y = box.y; y < box.y + box.height; y += 1) {
      let sum = 0;
      let count = 0;
      const step = left ? -1 : 1;
      let x = left ? box.x - 1 : box.x + box.width;
      for (; x >= 0 && x < width && count < strip; x += step) {
        const i = y * width + x;
        if (hole[i] || exclude?.[i]) continue;
        const k = i * channels;
        sum += 0.299 * data[k]! + 0.587 * data[k + 1]! + 0.114 * data[k + 2]!;
        count += 1;
      }
      if (count >= strip / 2) means[y - box.y] = sum / count;
    }
    return means;
  };
  const left = sideMeans(true);
  const right = sideMeans(false);
  const reach = 4;
  const stepAt = (means: Float32Array, r: number) => {
    let above = 0;
    let below = 0;
    for (let d = 1; d <= reach; d += 1) {
      above += means[r - d]!;
      below += means[r + d - 1]!;
    }
    return (below - above) / reach;
  };
  let best = -1;
  let bestStep = 0;
  for (let r = reach; r <= box.height - reach; r += 1) {
    // A hole that reaches the frame's edge has one side only (a wheel cut by the frame).
    const a = Number.isNaN(stepAt(left, r)) ? stepAt(right, r) : stepAt(left, r);
    const b = Number.isNaN(stepAt(right, r)) ? a : stepAt(right, r);
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    // A surface that ends behind the object (a crate narrower than the plant on it) shows its
    // edge on one side only: a strong edge there and none at all on the other side counts.
    const isOneSided =
      Math.max(Math.abs(a), Math.abs(b)) >= 2 * HORIZON_STEP &&
      Math.min(Math.abs(a), Math.abs(b)) < FLAT_STEP;
    // Otherwise the same edge on both sides: the same sign, and the weaker side strong enough.
    if (!isOneSided && Math.sign(a) !== Math.sign(b)) continue;
    const strength = isOneSided
      ? Math.max(Math.abs(a), Math.abs(b)) / 2
      : Math.min(Math.abs(a), Math.abs(b));
    if (strength > bestStep) {
      bestStep = strength;
      best = r;
    }
  }
  if (best < 0 || bestStep < HORIZON_STEP) return null;
  return box.y + best;
}

/**
 * Spread (standard deviation of luminance, levels) of the pixels just round a hole from which the
 * model fills a plain-looking one: a studio's wall meeting its floor, shading across a backdrop
 * (20-50). Below it the backdrop is even (white or grey, 0-10), where the smooth fill is exact and
 * the model's shows as a faint patch, or dark and glossy (a leather sofa's sheen, 16), where the
 * model made up a dark figure.
 */
const MODEL_RIM_SPREAD = 20;

/**
 * Largest share of the picture the model fills: past it (a close-up's apple, a vase that fills the
 * frame) too little of the scene is left round the hole, and it invents shapes and figures.
 */
const MODEL_MAX_HOLE = 0.6;

/**
 * The same round a rim textured all round (see isTexturedAllRound): past half the picture the
 * model, working at 512, smears a printed cloth into a mottled wash, where copies of the print
 * carry it on (an aloe's leaves spread over a patterned backdrop). Where only part of the rim is
 * textured (a room's wooden floor under a plain wall and shelves), copies of the floor were laid
 * over the wall: the model keeps that hole.
 */
const MODEL_MAX_TEXTURED_HOLE = 0.5;

/**
 * Pieces of the scene the hole encloses all round (between a pair of sunglasses' arm and lens,
 * between a chair's legs) under this share of the hole's area are filled with it by the model.
 * They hold the old object's thin parts and shadows, and the network grows what it is given as
 * known back into the hole: a sunglasses' arm came back as a grey slab on the sand.
 */
const ENCLOSED_PIECE_SHARE = 0.1;

/**
 * The hole with the pieces of scene it encloses (see ENCLOSED_PIECE_SHARE); protected pixels stay
 * out. Only the hole's bounding box is labelled: a piece that reaches its edge joins the scene
 * outside it, so it is not enclosed.
 */
function withEnclosedPieces(hole: Uint8Array, width: number, protect?: Uint8Array): Uint8Array {
  const box = boundingBoxOf(hole, width);
  if (!box) return hole;
  const holeInBox = cropRaster(
    { data: hole, width, height: hole.length / width, channels: 1 },
    box,
  );
  const known = holeInBox.data.map((v) => (v ? 0 : 1));
  const { labels, components } = labelComponents(known, box.width, box.height);
  const limit = countSet(hole) * ENCLOSED_PIECE_SHARE;
  const enclosed = new Uint8Array(components.length + 1);
  for (const piece of components) {
    if (!piece.touchesBorder && piece.area < limit) enclosed[piece.label] = 1;
  }
  const withPieces = hole.slice();
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const i = (y + box.y) * width + x + box.x;
      if (enclosed[labels[y * box.width + x]!] && !protect?.[i]) withPieces[i] = 1;
    }
  }
  return withPieces;
}

/** Width (px) of the band round a hole that measureRimLuminance reads. */
const RIM_BAND = 6;

/** Mean and spread (standard deviation) of the luminance in the band round a hole. */
function measureRimLuminance(
  raster: Raster,
  hole: Uint8Array,
  exclude?: Uint8Array,
): { mean: number; spread: number } {
  const band = dilate(hole, raster.width, raster.height, RIM_BAND);
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!band[i] || hole[i] || exclude?.[i]) continue;
    const luminance = luminanceAt(raster.data, i * raster.channels);
    sum += luminance;
    sumOfSquares += luminance * luminance;
    count += 1;
  }
  if (count === 0) return { mean: 0, spread: 0 };
  const mean = sum / count;
  return { mean, spread: Math.sqrt(Math.max(0, sumOfSquares / count - mean * mean)) };
}

export type FillOptions = {
  exclude?: Uint8Array;
  protect?: Uint8Array;
  keepOut?: Uint8Array;
  seed?: number;
  /** Whether the inpainting model may fill the hole (where it does: see fillHole). */
  model?: boolean;
  /** Only the model fills: where it would not, nothing is painted (fillHole gives 'none'). */
  modelOnly?: boolean;
};

/**
 * Fills the hole left by a removed object (in place). With `model`, where its surroundings are
 * textured or uneven (wood, fabric, a floor meeting a wall, a landscape) and the hole leaves enough
 * of the scene round it, the inpainting model (MI-GAN, `ml/migan-model.ts`) makes up the scene
 * behind the object, where copied patches leave blotches, seams and streaks and a smooth fill a
 * blur; a colour it made up is filled again (replaceInventedColours), and its tone is brought to
 * the rim's (matchRimTone). Otherwise, and when the model cannot
 * run: on an even backdrop the smooth push-pull fill, which is exact there (the model's fill shows
 * as a faint patch); on textured surroundings patches copied from them.
 * `protect` pixels are never painted nor copied; `exclude` pixels are never copied; `keepOut`
 * pixels will be covered by something else, so they get a cheaper fill. A smooth fill across a
 * wall meeting a floor fills each side from itself (see findHorizon); patches keep to their side
 * of a boundary between two textured surfaces (see findSurfaceBoundary).
 */
export async function fillHole(
  raster: Raster,
  hole: Uint8Array,
  options: FillOptions = {},
): Promise<'model' | 'patches' | 'smooth' | 'none'> {
  const { protect, keepOut, seed } = options;
  const target = protect ? hole.map((v, i) => (v && !protect[i] ? 1 : 0)) : hole;
  const exclude = protect
    ? protect.map((v, i) => (v || options.exclude?.[i] ? 1 : 0))
    : options.exclude;
  const plainSplit = findPlainSide(raster, target, exclude);
  const isTextured =
    plainSplit !== null ||
    isTexturedAround(raster, target, exclude) ||
    isBusyAround(raster, target, exclude);
  const holeShare = countSet(target) / target.length;
  const isTooLargeForModel = holeShare > MODEL_MAX_HOLE;
  if (
    options.model &&
    !isTooLargeForModel &&
    (isTextured
      ? holeShare <= MODEL_MAX_TEXTURED_HOLE || !isTexturedAllRound(raster, target, exclude)
      : isUnevenAround(raster, target, exclude))
  ) {
    const wall = findPlainWallPart(raster, target, exclude);
    const modelTarget = withEnclosedPieces(target, raster.width, protect);
    if (await inpaintWithMigan(raster, modelTarget, { feather: true, keep: exclude })) {
      await replaceInventedColours(raster, modelTarget, { exclude, seed });
      matchRimTone(raster, modelTarget, exclude);
      addMissingGrain(raster, modelTarget, exclude);
      if (wall) fillSmooth(raster, wall.part, { exclude: wall.sideExclude, seed });
      return 'model';
    }
  }
  if (options.modelOnly) return 'none';
  if (plainSplit) {
    const { texturedKnown, plainKnown } = plainSplit;
    const { width } = raster;
    const reach = plainSplitReach(target, width);
    // The line parts the rim's kinds only as well as its texture windows allow (a few pixels
    // off): the surface's own edge near it, found to the pixel, is where the fill splits, and
    // the patches keep to their side of it, so the edge goes on straight and sharp.
    const edge = findSupportEdge(raster, target, exclude, {
      line: pointingDown(plainSplit.line),
      reach,
    });
    const line = !edge
      ? plainSplit.line
      : plainSplit.line.ny >= 0
        ? edge.line
        : flipLine(edge.line);
    const offEdge = edge ? findOffEdgePixels(raster, target, exclude, edge, reach) : null;
    // Signed distance from the line, negative on the plain side.
    const distance = (i: number) => signedDistance(line, i, width);
    const plainPart = target.map((v, i) => (v && distance(i) < 0 ? 1 : 0));
    const texturedPart = target.map((v, i) => (v && distance(i) >= 0 ? 1 : 0));
    // The plain part from plain pixels alone: nothing of the texture's colour pulled into it.
    const plainExclude = target.map((_, i) =>
      distance(i) >= 0 || texturedKnown[i] || exclude?.[i] ? 1 : 0,
    );
    fillSmooth(raster, plainPart, { exclude: plainExclude, seed });
    // The textured part copies patches of the texture and of its edge along the line only: the
    // texture's own rim against the plain side, never plain blocks (nor a blurred thing beside).
    // Plain pixels round the texture's edge elsewhere are no source either: with them, whatever
    // small object lies on the backdrop there (a handle, a leaf) is copied along the line. Nor
    // is what lies along a support's edge past the support's end (the wall beside a crate's end):
    // copied along the edge, it breaks the edge.
    const texturedExclude = target.map((_, i) =>
      distance(i) < -reach || (plainKnown[i] && distance(i) > reach) || offEdge?.[i] || exclude?.[i]
        ? 1
        : 0,
    );
    const edges = edge ? [edge.line] : undefined;
    if (
      !(await patchFill(raster, texturedPart, { exclude: texturedExclude, keepOut, seed, edges }))
    ) {
      fillRegion(raster, texturedPart, { exclude, seed });
    }
    return 'patches';
  }
  // Among many unlike things (fruit, toys) patches too: smooth, they would blend into a blob.
  if (isTextured) {
    // A boundary between two textured surfaces through the hole (a shore) is carried through it.
    const boundary = findSurfaceBoundary(raster, target, exclude);
    const boundaries = boundary ? [boundary] : undefined;
    if (await patchFill(raster, target, { exclude, keepOut, seed, boundaries })) {
      matchRimTone(raster, target, exclude);
      return 'patches';
    }
  }
  // Round a hole too large for the model whose rim is unevenly lit, push-pull (see fillSmooth).
  const surface = !isTooLargeForModel || !isUnevenAround(raster, target, exclude);
  // Across a wall meeting a floor, each side is filled from itself alone: filled as one, the
  // floor's colour is pulled up into the wall as a blur and the line between them is lost. On a
  // smooth background even a faint table edge is seen (grain averages away along it), found to
  // the pixel and at its tilt, and carried straight and sharp through the hole.
  const edge = findSupportEdge(raster, target, exclude, undefined, SMOOTH_EDGE_STEP);
  if (edge) {
    for (const above of [true, false]) {
      const { part, sideExclude } = sideOfEdge(target, edge.line, raster.width, above, exclude);
      fillSmooth(raster, part, { exclude: sideExclude, seed, surface });
    }
    return 'smooth';
  }
  const horizon = findHorizon(raster, target, exclude);
  if (horizon === null) {
    fillSmooth(raster, target, { exclude, seed, surface });
    return 'smooth';
  }
  const split = horizon * raster.width;
  for (const above of [true, false]) {
    const part = target.map((v, i) => (v && i < split === above ? 1 : 0));
    const sideExclude = target.map((_, i) => (i < split === above ? (exclude?.[i] ?? 0) : 1));
    fillSmooth(raster, part, { exclude: sideExclude, seed, surface });
  }
  return 'smooth';
}

/** Share of the picture from which a hole is large: the model, working at 512, paints panels. */
const LARGE_HOLE = 0.25;
/** Least share of such a hole on the wall's side of the line for the line to part it. */
const WALL_SHARE = 0.15;
/**
 * Least share of it on the floor's side: the bicycle against a white wall leaves 8% of its hole
 * below the skirting board (its tyres and their shadows), and the model drew boxes on the wall.
 */
const FLOOR_SHARE = 0.05;

/**
 * The part of a large hole above a wall's meeting with the floor (or a backdrop's with a table),
 * with the wall it closes in against the floor, when the wall round it is smooth: there the
 * inpainting model, made to fill at 512 a hole of half the picture, paints a lighter or darker
 * panel with straight sides on the studio wall, where the smooth surface fit carries the wall's
 * own light through. The floor keeps the model:
 * it holds the old object's contact shadows at the rim, which a smooth fill spreads into blotches.
 * Null when the hole is not large, no edge parts it (WALL_SHARE, FLOOR_SHARE), or the wall's rim
 * is textured or busy.
 */
function findPlainWallPart(
  raster: Raster,
  hole: Uint8Array,
  exclude?: Uint8Array,
): { part: Uint8Array; sideExclude: Uint8Array } | null {
  const holeArea = countSet(hole);
  if (holeArea < LARGE_HOLE * hole.length) return null;
  const edge = findSupportEdge(raster, hole, exclude, undefined, SMOOTH_EDGE_STEP);
  if (!edge) return null;
  const { width } = raster;
  const { part, sideExclude } = sideOfEdge(hole, edge.line, width, true, exclude);
  // The line parts the hole: a floor's edge near the hole's foot (the bottom of a cloth) leaves
  // the cloth itself on the wall's side, and an edge near its top (across a keyboard filling the
  // frame) takes a strip of the scene for a wall.
  const wallShare = countSet(part) / holeArea;
  if (wallShare < WALL_SHARE || wallShare > 1 - FLOOR_SHARE) return null;
  if (isTexturedAround(raster, part, sideExclude) || isBusyAround(raster, part, sideExclude)) {
    return null;
  }
  // The wall the old object closes in against the floor (between a chair's legs) holds its
  // shadows at the wall's foot: left as the fill's row ends, they spread into dark blobs.
  const isAbove = (i: number) => signedDistance(edge.line, i, width) < 0;
  const open = hole.map((v, i) => (v || !isAbove(i) ? 0 : 1));
  const { labels, components } = labelComponents(open, width, raster.height);
  const closedIn = new Uint8Array(components.length + 1);
  for (const piece of components) closedIn[piece.label] = piece.touchesBorder ? 0 : 1;
  for (let i = 0; i < part.length; i += 1) {
    if (closedIn[labels[i]!] && !exclude?.[i]) part[i] = 1;
  }
  return { part, sideExclude };
}

/**
 * Distance of pixel `i` from a line, negative on the side its normal points away from (above a
 * support's edge, whose normal points down).
 */
function signedDistance(line: EdgeLine, i: number, width: number): number {
  return line.nx * (i % width) + line.ny * Math.floor(i / width) - line.c;
}

/**
 * The hole's pixels on one side of an edge's line, and what that side's fill may not read: the
 * other side, and the edge's own anti-aliased pixels, which belong to neither.
 */
function sideOfEdge(
  hole: Uint8Array,
  line: EdgeLine,
  width: number,
  above: boolean,
  exclude?: Uint8Array,
): { part: Uint8Array; sideExclude: Uint8Array } {
  const isOnSide = (i: number) => signedDistance(line, i, width) < 0 === above;
  return {
    part: hole.map((v, i) => (v && isOnSide(i) ? 1 : 0)),
    sideExclude: hole.map((_, i) =>
      !isOnSide(i) || Math.abs(signedDistance(line, i, width)) < EDGE_BLUR || exclude?.[i] ? 1 : 0,
    ),
  };
}

/**
 * A smooth background's fill: the surface it is when it is one, else push-pull. `surface: false`
 * is push-pull alone: round a hole too large for the inpainting model whose rim is unevenly lit
 * (a close-up's blurred room, a lit computer case), what each row's ends show differs from row
 * to row, and carried across it drew coloured streaks where push-pull gives a soft blur.
 */
function fillSmooth(
  raster: Raster,
  hole: Uint8Array,
  options: { exclude?: Uint8Array; seed?: number; surface?: boolean },
): void {
  const { surface = true, ...fill } = options;
  // The pieces of scene the hole encloses (the shade between two vases) go with it: kept, they
  // are a remnant of the old object's outline standing in the smooth surface.
  const whole = surface ? withEnclosedPieces(hole, raster.width, fill.exclude) : hole;
  if (!surface || !fillSmoothSurface(raster, whole, fill)) fillRegion(raster, hole, fill);
}

/** Pixels right round a hole left out of its rim's tone (the old product's soft edge). */
const RIM_SKIP = 2;

/** Width (px) of the band round a hole whose grain the model's fill is given. */
const GRAIN_BAND = 24;

/**
 * Gives the model's fill the grain of the photo round it (in place). The model works at 512 px:
 * a hole in a large picture comes back enlarged and smoother than the sand, cloth or film grain
 * round it, and its outline shows as a soft patch with straight seams. Noise makes up the
 * difference between the rim's pixel-to-neighbour spread and the fill's; a fill as grainy as its
 * rim is left as it is.
 */
function addMissingGrain(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): void {
  const { width, height, channels, data } = raster;
  const band = dilate(hole, width, height, GRAIN_BAND);
  const area = boundingBoxOf(band, width);
  if (!area) return;
  const rimGrain = measureGrain(raster, area, (i) => band[i] === 1 && !hole[i] && !exclude?.[i]);
  const fillGrain = measureGrain(raster, area, (i) => hole[i] !== 0);
  const missing = Math.sqrt(Math.max(0, rimGrain ** 2 - fillGrain ** 2));
  if (missing < 0.5) return;
  const nextNoise = createGrainNoise(7654321);
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i]) continue;
    const noise = nextNoise() * missing;
    for (let c = 0; c < 3; c += 1) {
      const at = i * channels + c;
      data[at] = Math.max(0, Math.min(255, Math.round(data[at]! + noise)));
    }
  }
}

/** Largest tone correction (levels) the rim may ask of a patch fill. */
const MAX_RIM_SHIFT = 32;

/**
 * Brings a patch fill's tone to its rim (in place): copies from elsewhere in the picture carry
 * that place's light, and a large hole filled from a lighter part of a cloth shows its outline as
 * a rim. Worked on cells of a few pixels: in each cell the hole's rim crosses, the mean of its
 * known pixels less the mean of its filled ones; those differences are spread smoothly over the
 * hole (push-pull), fading with the distance from the rim, and added. The texture stays, the
 * outline goes, and the middle of a large hole keeps the light of its copies (a shadow on the
 * rim is not spread over it).
 */
export function matchRimTone(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): void {
  const { width, height, channels, data } = raster;
  const holeBox = boundingBoxOf(hole, width);
  if (!holeBox) return;
  const side = Math.max(holeBox.width, holeBox.height);
  const cell = Math.max(4, Math.round(side * 0.015));
  const area = clipBox(padBox(holeBox, cell), width, height);
  // The ring right round the hole is no measure of the background: the old product's
  // anti-aliased edge lies there, and it must not tint the fill.
  const rim = dilate(hole, width, height, RIM_SKIP);
  const w = Math.ceil(area.width / cell);
  const h = Math.ceil(area.height / cell);
  // Per cell: colour sums and counts of its known and of its hole pixels.
  const knownSums = new Float32Array(w * h * 3);
  const holeSums = new Float32Array(w * h * 3);
  const knownCount = new Float32Array(w * h);
  const holeCount = new Float32Array(w * h);
  for (let y = area.y; y < area.y + area.height; y += 1) {
    const row = Math.floor((y - area.y) / cell) * w;
    for (let x = area.x; x < area.x + area.width; x += 1) {
      const i = y * width + x;
      if (!hole[i] && (exclude?.[i] || rim[i])) continue;
      const k = row + Math.floor((x - area.x) / cell);
      const sums = hole[i] ? holeSums : knownSums;
      if (hole[i]) holeCount[k] = holeCount[k]! + 1;
      else knownCount[k] = knownCount[k]! + 1;
      for (let c = 0; c < 3; c += 1) sums[k * 3 + c] = sums[k * 3 + c]! + data[i * channels + c]!;
    }
  }
  const differences = new Float32Array(w * h * 3);
  const weights = new Float32Array(w * h);
  const known = new Uint8Array(w * h);
  const minimum = (cell * cell) / 8;
  for (let k = 0; k < w * h; k += 1) {
    if (holeCount[k] === 0) known[k] = 1;
    if (knownCount[k]! < minimum || holeCount[k]! < minimum) continue;
    weights[k] = 1;
    known[k] = 1;
    for (let c = 0; c < 3; c += 1) {
      const d = knownSums[k * 3 + c]! / knownCount[k]! - holeSums[k * 3 + c]! / holeCount[k]!;
      differences[k * 3 + c] = Math.max(-MAX_RIM_SHIFT, Math.min(MAX_RIM_SHIFT, d));
    }
  }
  if (!weights.some((v) => v > 0)) return;
  const shift = pushPull(differences, weights, w, h);
  const distance = chamferDistance(known, w, h);
  const reach = Math.max(16, Math.round(side * 0.06)) / cell;
  for (let k = 0; k < w * h; k += 1) {
    const fade = Math.exp(-distance[k]! / reach);
    for (let c = 0; c < 3; c += 1) shift[k * 3 + c] = shift[k * 3 + c]! * fade;
  }
  const full = upsampleCells(shift, w, h, cell, area.width, area.height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      const i = (y + area.y) * width + x + area.x;
      if (!hole[i]) continue;
      const k = (y * area.width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        const j = i * channels + c;
        data[j] = Math.max(0, Math.min(255, Math.round(data[j]! + full[k + c]!)));
      }
    }
  }
}

/** The same line with its normal pointing down (ny >= 0). */
function pointingDown(line: EdgeLine): EdgeLine {
  return line.ny >= 0 ? line : flipLine(line);
}

function flipLine(line: EdgeLine): EdgeLine {
  return { nx: -line.nx, ny: -line.ny, c: -line.c };
}

/** How far into the plain side (pixels) patches for the textured part may reach: a few patches. */
function plainSplitReach(hole: Uint8Array, width: number): number {
  const box = boundingBoxOf(hole, width);
  return box ? Math.max(6, Math.round(Math.max(box.width, box.height) * 0.04)) : 6;
}

/**
 * Whether the background around the hole is textured (wood, fabric, stone): patches copied from
 * it fill the hole, where a plain or gradient one takes the smooth fill. Textured at both scales
 * (see measureCoarseTexture): detail that averages away at half the size is grain (a dark, noisy
 * backdrop), and patches of grain on a smooth gradient show as blocks of slightly different shade.
 */
export function isTexturedAround(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): boolean {
  return (
    measureSurroundingTexture(raster, hole, exclude) >= TEXTURE_THRESHOLD &&
    measureCoarseTexture(raster, hole, exclude) >= TEXTURE_THRESHOLD
  );
}

/**
 * Whether the rim is textured on every side of the hole: above, below, left and right of its
 * box's centre, each half of the rim on its own (see isTexturedAround).
 */
function isTexturedAllRound(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): boolean {
  const box = boundingBoxOf(hole, raster.width);
  if (!box) return false;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const halves: ((x: number, y: number) => boolean)[] = [
    (_, y) => y < cy,
    (_, y) => y >= cy,
    (x) => x < cx,
    (x) => x >= cx,
  ];
  return halves.every((inHalf) => {
    const outside = hole.map((_, i) =>
      exclude?.[i] || !inHalf(i % raster.width, Math.floor(i / raster.width)) ? 1 : 0,
    );
    return isTexturedAround(raster, hole, outside);
  });
}

/**
 * Whether what a hole hides is scene the inpainting model should make up: its rim is textured,
 * among many things, or uneven (see isUnevenAround), not an even backdrop.
 */
export function isSceneAround(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): boolean {
  return (
    isTexturedAround(raster, hole, exclude) ||
    isBusyAround(raster, hole, exclude) ||
    isUnevenAround(raster, hole, exclude)
  );
}

/**
 * Step (levels) between the windows either side of a pixel that puts it on a faint line of a
 * pattern: a marble's veins, a print's lines, too fine and sparse for the texture measures.
 */
const VEIN_STEP = 8;
/**
 * Share of the rim on such lines from which the rim is patterned (marble: a fifth); an even
 * backdrop, its shading and a studio's soft wall meeting its floor: none.
 */
const VEIN_SHARE = 0.15;
/**
 * Mean rim luminance from which such lines count: a light surface (marble, 199). A near-black
 * one's seams and sheen count as lines too (a leather sofa, 11, more than a quarter of its rim),
 * and there the model makes up a dark figure where the smooth fill is a plausible shade.
 */
const VEIN_MIN_LUMINANCE = 128;

/**
 * Whether the hole's rim is uneven: shaded or lit unevenly (see MODEL_RIM_SPREAD), or a light
 * surface crossed by faint lines (see VEIN_SHARE). The smooth fill blurs either into a smear: a
 * marble's veins end at the hole and it is a grey cloud.
 */
function isUnevenAround(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): boolean {
  const { mean, spread } = measureRimLuminance(raster, hole, exclude);
  return (
    spread >= MODEL_RIM_SPREAD ||
    (mean >= VEIN_MIN_LUMINANCE &&
      measureRimContrast(raster, hole, exclude, VEIN_STEP) >= VEIN_SHARE)
  );
}

/** Step (levels) between the windows either side of a pixel that puts it on an edge between regions. */
const BUSY_STEP = 16;
/**
 * Share of the rim on such edges above which the hole lies among many things (see
 * measureRimContrast): plain backdrops, gradients and soft shadows stay under a tenth.
 */
const BUSY_SHARE = 0.15;

/**
 * Whether the hole lies among many unlike things (fruit in a heap, toys, a wheel on foam beside
 * cork): each may be smooth, but a smooth fill mixes their colours into one blurred blob, where
 * patches copied from them go on with their edges and their grain.
 */
export function isBusyAround(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): boolean {
  return measureRimContrast(raster, hole, exclude, BUSY_STEP) >= BUSY_SHARE;
}

/** Window radius (pixels) of the rim's contrast: regions, not grain. */
const CONTRAST_RADIUS = 4;

/**
 * Share of the hole's surroundings that lies on an edge between unlike regions: a pixel counts
 * when the mean luminance of the window on one side of it differs from the window on the other
 * side (left-right or above-below, windows of 2 CONTRAST_RADIUS + 1) by more than `step` levels.
 * Near zero on a plain backdrop, a gradient or a soft shadow; a fifth or more among things of
 * different colours (fruit, toys, a wheel on foam): there a smooth fill mixes them into a blur.
 */
export function measureRimContrast(
  raster: Raster,
  hole: Uint8Array,
  exclude: Uint8Array | undefined,
  step: number,
): number {
  const { width, height, channels, data } = raster;
  const box = boundingBoxOf(hole, width);
  if (!box) return 0;
  const band = Math.max(8, Math.round(Math.max(box.width, box.height) * 0.15));
  const r = CONTRAST_RADIUS;
  const area = clipBox(padBox(box, band + 2 * r + 1), width, height);
  const w = area.width;
  const h = area.height;
  const local = new Uint8Array(w * h);
  const lum = new Float32Array(w * h);
  const usable = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y + area.y) * width + x + area.x;
      const k = y * w + x;
      local[k] = hole[i] ? 1 : 0;
      if (hole[i] || exclude?.[i]) continue;
      usable[k] = 1;
      lum[k] = luminanceAt(data, i * channels);
    }
  }
  // Mean of usable pixels per window: usable luminance over usable share.
  const sums = boxMean(lum, w, h, r);
  const shares = boxMean(usable, w, h, r);
  const mean = (k: number) => (shares[k]! > 0.5 ? sums[k]! / shares[k]! : Number.NaN);
  const ring = dilate(local, w, h, band);
  const near = dilate(local, w, h, 3);
  const reach = r + 1;
  let count = 0;
  let edges = 0;
  for (let y = reach; y < h - reach; y += 1) {
    for (let x = reach; x < w - reach; x += 1) {
      const k = y * w + x;
      if (!ring[k] || near[k] || !usable[k]) continue;
      const across = Math.abs(mean(k - reach) - mean(k + reach));
      const down = Math.abs(mean(k - reach * w) - mean(k + reach * w));
      count += 1;
      // NaN (a window mostly in the hole) compares false: no edge seen there.
      if (across > step || down > step) edges += 1;
    }
  }
  return count ? edges / count : 0;
}

/**
 * The surroundings' texture (see measureSurroundingTexture) measured at half the size: each
 * pixel the mean of two by two. A photo's grain is independent from pixel to pixel and mostly
 * averages away there; wood, fabric or stone have structure larger than a pixel and keep it.
 */
function measureCoarseTexture(raster: Raster, hole: Uint8Array, exclude?: Uint8Array): number {
  const { width, height, channels, data } = raster;
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  if (w < 8 || h < 8) return measureSurroundingTexture(raster, hole, exclude);
  const small = new Uint8Array(w * h * 3);
  const smallHole = new Uint8Array(w * h);
  const smallExclude = exclude ? new Uint8Array(w * h) : undefined;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const k = y * w + x;
      const corners = [
        2 * y * width + 2 * x,
        2 * y * width + 2 * x + 1,
        (2 * y + 1) * width + 2 * x,
        (2 * y + 1) * width + 2 * x + 1,
      ];
      for (let c = 0; c < 3; c += 1) {
        let sum = 0;
        for (const i of corners) sum += data[i * channels + c]!;
        small[k * 3 + c] = Math.round(sum / 4);
      }
      for (const i of corners) {
        if (hole[i]) smallHole[k] = 1;
        if (smallExclude && exclude?.[i]) smallExclude[k] = 1;
      }
    }
  }
  return measureSurroundingTexture(
    { data: small, width: w, height: h, channels: 3 },
    smallHole,
    smallExclude,
  );
}

/**
 * Fills the masked pixels of an RGB raster in place from the good pixels around them: a push-pull
 * pyramid (each hole pixel takes the weighted mean of known pixels at the coarsest scale that has
 * any, blended smoothly into finer scales). Plain and gradient backgrounds come out seamless and,
 * unlike Telea/NS inpainting, nothing is smeared into streaks. The photo's grain is added back so
 * the fill does not read as a smooth blot.
 */
export function fillRegion(
  raster: Raster,
  hole: Uint8Array,
  options: {
    seed?: number;
    grain?: number;
    ignoreColors?: [number, number, number][];
    /** Pixels that must not be copied into the hole (words of the ad next to it). */
    exclude?: Uint8Array;
    /** Pixels never painted, even inside the hole, nor copied (words that must stay). */
    protect?: Uint8Array;
    /** Only the smooth estimate (no bands, rim relaxation or texture): for predictions. */
    isRough?: boolean;
  } = {},
): void {
  const { width, height, channels } = raster;
  const { protect } = options;
  if (protect) {
    hole = hole.map((v, i) => (v && !protect[i] ? 1 : 0));
    const exclude = options.exclude;
    options = { ...options, exclude: protect.map((v, i) => (v || exclude?.[i] ? 1 : 0)) };
  }
  const holeBox = boundingBoxOf(hole, width);
  if (!holeBox) return;
  const margin = Math.max(12, Math.round(Math.max(holeBox.width, holeBox.height) * 0.25));
  const area = clipBox(padBox(holeBox, margin), width, height);
  const w = area.width;
  const h = area.height;
  const values = new Float32Array(w * h * 3);
  const weights = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const src = (y + area.y) * width + x + area.x;
      const dst = y * w + x;
      const known =
        hole[src] || options.exclude?.[src] || isIgnored(raster, src, options.ignoreColors) ? 0 : 1;
      weights[dst] = known;
      for (let c = 0; c < 3; c += 1) values[dst * 3 + c] = raster.data[src * channels + c]! * known;
    }
  }
  const direction = options.isRough ? 'none' : measureBanding(values, weights, w, h);
  const filled =
    direction === 'none'
      ? pushPull(values, weights, w, h)
      : fillAlong(direction, values, weights, w, h);
  if (direction === 'none' && !options.isRough) relaxEdges(filled, weights, w, h);
  const hasDetail =
    direction === 'none' &&
    options.grain === undefined &&
    transferDetail(filled, weights, w, h, values);
  const grain = hasDetail ? 0 : (options.grain ?? measureGrain(raster, area, (i) => hole[i] === 0));
  const nextNoise = createGrainNoise(options.seed ?? 1234567);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const src = (y + area.y) * width + x + area.x;
      if (!hole[src]) continue;
      const noise = nextNoise() * grain;
      for (let c = 0; c < 3; c += 1) {
        const value = filled[(y * w + x) * 3 + c]! + noise;
        raster.data[src * channels + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
}

/**
 * Gives a smooth fill the texture of its surroundings (in place): the fine detail (image minus its
 * local mean) of known pixels is mirrored into the hole across the hole's nearest side, so wood,
 * fabric or paper keep their structure instead of reading as a soft blot. Returns false when the
 * surroundings have no texture worth copying.
 */
function transferDetail(
  filled: Float32Array,
  weights: Float32Array,
  w: number,
  h: number,
  values: Float32Array,
): boolean {
  const radius = 3;
  const known = new Uint8Array(w * h);
  for (let i = 0; i < known.length; i += 1) known[i] = weights[i]! > 0 ? 1 : 0;
  const hole = known.map((k) => 1 - k);
  // Pixels this close to the hole carry some of the old product in their local mean.
  const tainted = dilate(hole, w, h, radius + 1);
  const mean = boxBlur(values, known, w, h, radius);
  const box = boundingBoxOf(hole, w);
  if (!box) return false;
  // Texture is detail almost everywhere; a smooth or gradient background with a few sharp things
  // on it (a headline, a price) has a small median detail. Judging by the median, and copying no
  // pixel far above it, keeps such edges from being mirrored into the hole as ghosts.
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < known.length; i += 1) {
    if (tainted[i] || !known[i]) continue;
    histogram[Math.min(255, Math.round(Math.abs(values[i * 3 + 1]! - mean[i * 3 + 1]!)))]! += 1;
    count += 1;
  }
  if (count === 0) return false;
  let median = 0;
  for (let seen = 0; median < 255; median += 1) {
    seen += histogram[median]!;
    if (seen * 2 >= count) break;
  }
  if (median < 1) return false;
  const maxDetail = 6 * median + 4;
  const gap = radius + 2;
  const sourceAt = (sx: number, sy: number) => {
    if (sx < 0 || sy < 0 || sx >= w || sy >= h) return -1;
    const j = sy * w + sx;
    return tainted[j] || !known[j] ? -1 : j;
  };
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const i = y * w + x;
      if (known[i]) continue;
      // Mirror across the nearest side of the hole's box; the next nearest when that fails.
      const toLeft = x - box.x;
      const toRight = box.x + box.width - x;
      const toTop = y - box.y;
      const toBottom = box.y + box.height - y;
      const horizontalFirst = Math.min(toLeft, toRight) <= Math.min(toTop, toBottom);
      const sx = toLeft <= toRight ? 2 * box.x - x - gap : 2 * (box.x + box.width) - x + gap;
      const sy = toTop <= toBottom ? 2 * box.y - y - gap : 2 * (box.y + box.height) - y + gap;
      const first = horizontalFirst ? sourceAt(sx, y) : sourceAt(x, sy);
      const j = first >= 0 ? first : horizontalFirst ? sourceAt(x, sy) : sourceAt(sx, y);
      if (j < 0 || Math.abs(values[j * 3 + 1]! - mean[j * 3 + 1]!) > maxDetail) continue;
      for (let c = 0; c < 3; c += 1) {
        filled[i * 3 + c] = filled[i * 3 + c]! + (values[j * 3 + c]! - mean[j * 3 + c]!);
      }
    }
  }
  return true;
}

/** Mean of the known pixels in a square window (separable running sums). */
function boxBlur(
  values: Float32Array,
  known: Uint8Array,
  w: number,
  h: number,
  radius: number,
): Float32Array {
  // Channels 0-2 hold colour sums of known pixels, channel 3 their count. At step t the window
  // takes in t + radius and lets go of t - radius - 1; from t = 0 on it is stored.
  const rows = new Float32Array(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    let red = 0;
    let green = 0;
    let blue = 0;
    let count = 0;
    for (let t = -radius; t < w; t += 1) {
      const enter = y * w + t + radius;
      if (t + radius < w && known[enter]) {
        red += values[enter * 3]!;
        green += values[enter * 3 + 1]!;
        blue += values[enter * 3 + 2]!;
        count += 1;
      }
      const leave = y * w + t - radius - 1;
      if (t - radius - 1 >= 0 && known[leave]) {
        red -= values[leave * 3]!;
        green -= values[leave * 3 + 1]!;
        blue -= values[leave * 3 + 2]!;
        count -= 1;
      }
      if (t < 0) continue;
      const k = (y * w + t) * 4;
      rows[k] = red;
      rows[k + 1] = green;
      rows[k + 2] = blue;
      rows[k + 3] = count;
    }
  }
  const out = new Float32Array(w * h * 3);
  for (let x = 0; x < w; x += 1) {
    let red = 0;
    let green = 0;
    let blue = 0;
    let count = 0;
    for (let t = -radius; t < h; t += 1) {
      if (t + radius < h) {
        const enter = ((t + radius) * w + x) * 4;
        red += rows[enter]!;
        green += rows[enter + 1]!;
        blue += rows[enter + 2]!;
        count += rows[enter + 3]!;
      }
      if (t - radius - 1 >= 0) {
        const leave = ((t - radius - 1) * w + x) * 4;
        red -= rows[leave]!;
        green -= rows[leave + 1]!;
        blue -= rows[leave + 2]!;
        count -= rows[leave + 3]!;
      }
      if (t < 0) continue;
      const n = count || 1;
      const i = (t * w + x) * 3;
      out[i] = red / n;
      out[i + 1] = green / n;
      out[i + 2] = blue / n;
    }
  }
  return out;
}

/**
 * Backgrounds of bands (planks, shelves, stripes) change across the bands and hardly along them.
 * Returns the direction to interpolate along when the known pixels show such bands clearly.
 */
function measureBanding(
  values: Float32Array,
  weights: Float32Array,
  w: number,
  h: number,
): 'rows' | 'columns' | 'none' {
  let alongX = 0;
  let alongY = 0;
  for (let y = 0; y < h - 1; y += 1) {
    for (let x = 0; x < w - 1; x += 1) {
      const i = y * w + x;
      if (!weights[i] || !weights[i + 1] || !weights[i + w]) continue;
      // Only clear edges count: grain is the same in every direction and would hide the bands.
      for (let c = 0; c < 3; c += 1) {
        const dx = Math.abs(values[(i + 1) * 3 + c]! - values[i * 3 + c]!);
        const dy = Math.abs(values[(i + w) * 3 + c]! - values[i * 3 + c]!);
        if (dx > 10) alongX += dx;
        if (dy > 10) alongY += dy;
      }
    }
  }
  if (alongY > alongX * 1.7) return 'rows';
  if (alongX > alongY * 1.7) return 'columns';
  return 'none';
}

/** The least share of the hole in runs whose ends agree for the hole to be filled along bands. */
const MIN_BAND_SHARE = 0.7;

/** Linear interpolation across each run of hole pixels along rows (or columns). */
function fillAlong(
  direction: 'rows' | 'columns',
  values: Float32Array,
  weights: Float32Array,
  w: number,
  h: number,
): Float32Array {
  // Runs that reach the edge of the area, or join very different ends, are not a band: they
  // take the smooth fill, or one dark object at the edge would be drawn across as a stripe.
  const smooth = pushPull(values, weights, w, h);
  const lines = direction === 'rows' ? h : w;
  const length = direction === 'rows' ? w : h;
  const index = (line: number, k: number) => (direction === 'rows' ? line * w + k : k * w + line);
  const sideMedian = (line: number, from: number, step: number): number[] | null => {
    const samples: number[][] = [[], [], []];
    // A few lines across too: one line's ends carry its own noise, and neighbouring lines drawn
    // from different ends show as streaks.
    for (let across = Math.max(0, line - 2); across <= Math.min(lines - 1, line + 2); across += 1) {
      for (let k = from; k >= 0 && k < length && Math.abs(k - from) < 32; k += step) {
        const i = index(across, k);
        if (!weights[i]) continue;
        for (let c = 0; c < 3; c += 1) samples[c]!.push(values[i * 3 + c]!);
      }
    }
    if (samples[0]!.length === 0) return null;
    return samples.map((list) => list.sort((a, b) => a - b)[list.length >> 1]!);
  };
  const runs: { line: number; start: number; end: number; before: number[]; after: number[] }[] =
    [];
  let holePixels = 0;
  let bandPixels = 0;
  for (let line = 0; line < lines; line += 1) {
    let k = 0;
    while (k < length) {
      if (weights[index(line, k)]) {
        k += 1;
        continue;
      }
      const start = k;
      while (k < length && !weights[index(line, k)]) k += 1;
      holePixels += k - start;
      // Medians over a stretch of each side: a thin object beside the hole (a pencil, a cable)
      // must not be drawn across it as a streak.
      const before = sideMedian(line, start - 1, -1);
      const after = sideMedian(line, k, 1);
      const isBand =
        before !== null &&
        after !== null &&
        Math.abs(before[0]! - after[0]!) +
          Math.abs(before[1]! - after[1]!) +
          Math.abs(before[2]! - after[2]!) <
          60;
      if (!isBand) continue;
      bandPixels += k - start;
      runs.push({ line, start, end: k, before, after });
    }
  }
  // Where most runs do not join like ends, the background is no set of bands (a blurred scene
  // whose few sharp edges happen to run one way): runs interpolated among runs filled smoothly
  // show as streaks, so the whole hole takes the smooth fill.
  if (bandPixels < holePixels * MIN_BAND_SHARE) return smooth;
  const out = smooth.slice();
  for (const { line, start, end, before, after } of runs) {
    for (let j = start; j < end; j += 1) {
      const t = (j - start + 1) / (end - start + 1);
      const i = index(line, j);
      for (let c = 0; c < 3; c += 1) out[i * 3 + c] = before[c]! * (1 - t) + after[c]! * t;
    }
  }
  return out;
}

/**
 * A few Gauss-Seidel sweeps of the Laplace equation over the hole: push-pull leaves small steps
 * where the background has a gradient at the hole's rim (a soft old shadow); this smooths them.
 */
function relaxEdges(image: Float32Array, weights: Float32Array, w: number, h: number): void {
  const known = new Uint8Array(w * h);
  for (let i = 0; i < known.length; i += 1) known[i] = weights[i]! > 0 ? 1 : 0;
  // Only the rim matters, and sweeps converge there first: deeper pixels are left alone.
  const nearRim = dilate(known, w, h, 10);
  const holes: number[] = [];
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      if (!known[i] && nearRim[i]) holes.push(i);
    }
  }
  for (let sweep = 0; sweep < 30; sweep += 1) {
    for (const i of holes) {
      for (let c = 0; c < 3; c += 1) {
        image[i * 3 + c] =
          (image[(i - 1) * 3 + c]! +
            image[(i + 1) * 3 + c]! +
            image[(i - w) * 3 + c]! +
            image[(i + w) * 3 + c]!) /
          4;
      }
    }
  }
}

function isIgnored(
  raster: Raster,
  index: number,
  colors: [number, number, number][] | undefined,
): boolean {
  if (!colors?.length) return false;
  const i = index * raster.channels;
  return colors.some(
    ([r, g, b]) =>
      Math.abs(raster.data[i]! - r) +
        Math.abs(raster.data[i + 1]! - g) +
        Math.abs(raster.data[i + 2]! - b) <
      90,
  );
}

function pushPull(values: Float32Array, weights: Float32Array, w: number, h: number): Float32Array {
  if (w <= 1 && h <= 1) return normalize(values, weights);
  const cw = Math.max(1, Math.ceil(w / 2));
  const ch = Math.max(1, Math.ceil(h / 2));
  const coarseValues = new Float32Array(cw * ch * 3);
  const coarseWeights = new Float32Array(cw * ch);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const fine = y * w + x;
      const coarse = (y >> 1) * cw + (x >> 1);
      coarseWeights[coarse] = coarseWeights[coarse]! + weights[fine]!;
      for (let c = 0; c < 3; c += 1)
        coarseValues[coarse * 3 + c] = coarseValues[coarse * 3 + c]! + values[fine * 3 + c]!;
    }
  }
  // Keep premultiplied sums but cap the weight at 1, so confident coarse pixels do not dominate.
  for (let i = 0; i < coarseWeights.length; i += 1) {
    const weight = coarseWeights[i]!;
    if (weight > 1) {
      for (let c = 0; c < 3; c += 1) coarseValues[i * 3 + c] = coarseValues[i * 3 + c]! / weight;
      coarseWeights[i] = 1;
    }
  }
  const coarse = pushPull(coarseValues, coarseWeights, cw, ch);
  const out = new Float32Array(w * h * 3);
  // The coarse level sampled bilinearly at each pixel (clamped at the edges): where a column or
  // row falls between the coarse ones depends on it alone, so it is worked out once per line.
  const columns = bilinearSteps(w, cw);
  const rows = bilinearSteps(h, ch);
  for (let y = 0; y < h; y += 1) {
    const top = rows.low[y]! * cw;
    const bottom = rows.high[y]! * cw;
    const ay = rows.share[y]!;
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      const weight = Math.min(1, weights[i]!);
      const left = columns.low[x]!;
      const right = columns.high[x]!;
      const ax = columns.share[x]!;
      for (let c = 0; c < 3; c += 1) {
        const above =
          coarse[(top + left) * 3 + c]! * (1 - ax) + coarse[(top + right) * 3 + c]! * ax;
        const below =
          coarse[(bottom + left) * 3 + c]! * (1 - ax) + coarse[(bottom + right) * 3 + c]! * ax;
        const up = above * (1 - ay) + below * ay;
        const own = weights[i]! > 0 ? values[i * 3 + c]! / weights[i]! : 0;
        out[i * 3 + c] = own * weight + up * (1 - weight);
      }
    }
  }
  return out;
}

/**
 * For each of `size` fine positions, the two coarse positions (of `coarseSize`, half as many)
 * it lies between (clamped at the edges) and its share of the way to the second.
 */
function bilinearSteps(
  size: number,
  coarseSize: number,
): { low: Int32Array; high: Int32Array; share: Float64Array } {
  const low = new Int32Array(size);
  const high = new Int32Array(size);
  const share = new Float64Array(size);
  for (let p = 0; p < size; p += 1) {
    const f = Math.max(0, Math.min(coarseSize - 1, (p - 0.5) / 2));
    low[p] = Math.floor(f);
    high[p] = Math.min(coarseSize - 1, low[p]! + 1);
    share[p] = f - low[p]!;
  }
  return { low, high, share };
}

function normalize(values: Float32Array, weights: Float32Array): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < weights.length; i += 1) {
    const weight = weights[i]! || 1;
    for (let c = 0; c < 3; c += 1) out[i * 3 + c] = values[i * 3 + c]! / weight;
  }
  return out;
}

/**
 * The photo's grain: the standard deviation of the differences between horizontal neighbours in
 * `area` that both count (`counts`), leaving out edges (structure, not grain).
 */
function measureGrain(raster: Raster, area: Box, counts: (i: number) => boolean): number {
  const { width, channels } = raster;
  let sum = 0;
  let count = 0;
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x + 1; x < area.x + area.width; x += 1) {
      const i = y * width + x;
      if (!counts(i) || !counts(i - 1)) continue;
      const d = raster.data[i * channels + 1]! - raster.data[(i - 1) * channels + 1]!;
      if (Math.abs(d) > 12) continue;
      sum += d * d;
      count += 1;
    }
  }
  return count ? Math.min(6, Math.sqrt(sum / count / 2)) : 0;
}

/**
 * A seeded source of grain: the sum of three uniforms less its mean, scaled to a standard
 * deviation of 1. The same seed gives the same picture.
 */
function createGrainNoise(seed: number): () => number {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  return () => (random() + random() + random() - 1.5) * 2;
}

/** Levels per bin of the colour histogram a fill's colours are looked up in (each channel). */
const COLOUR_BIN = 16;
/** Share of the colours round a hole a bin (with its neighbours) must hold for its colour to be there. */
const SEEN_SHARE = 0.0005;
/** Share of the frame a piece of the fill in an unseen colour must cover to be filled again. */
const INVENTED_SHARE = 0.002;
/** Least size (pixels) of a piece still unseen after the model's second go. */
const INVENTED_LEFTOVER = 30;

/**
 * Fills again (in place) the pieces of the model's fill whose colour is nowhere round the hole: a
 * colour the scene round it does not hold is one the model made up. Where a living room's orange
 * armchair stood, MI-GAN painted a bright yellow blob on the grey rug (the same with the
 * armchair's pixels greyed out). Such a piece is greyed to the mean of the rest of the fill (the
 * model heeds what lies under its hole) and given to the model again, which then carries the rug
 * on; what is still unseen after that (a few spots) is filled smoothly from round it. Returns
 * whether anything was filled again.
 */
export async function replaceInventedColours(
  raster: Raster,
  hole: Uint8Array,
  options: { exclude?: Uint8Array; seed?: number } = {},
): Promise<boolean> {
  const { exclude, seed } = options;
  const invented = findUnseenColours(raster, hole, exclude, INVENTED_SHARE * hole.length);
  if (!invented) return false;
  paintMeanOfRest(raster, invented, hole);
  await inpaintWithMigan(raster, invented, { feather: true, keep: exclude });
  const leftover = findUnseenColours(raster, invented, exclude, INVENTED_LEFTOVER);
  if (leftover) fillRegion(raster, leftover, { exclude, seed });
  return true;
}

/**
 * The pieces of the hole, at least `minPiece` pixels each and grown by a few pixels (within the
 * hole), whose colour the known pixels round the hole (as far as half the hole's side) do not
 * hold: no bin of the colour histogram next to theirs holds SEEN_SHARE of them. Null when none.
 */
function findUnseenColours(
  raster: Raster,
  hole: Uint8Array,
  exclude: Uint8Array | undefined,
  minPiece: number,
): Uint8Array | null {
  const { width, height, channels, data } = raster;
  const holeCount = countSet(hole);
  if (holeCount === 0) return null;
  const around = dilate(hole, width, height, Math.max(16, Math.round(Math.sqrt(holeCount) / 2)));
  const bins = 256 / COLOUR_BIN;
  const binOf = (i: number, c: number) => Math.floor(data[i * channels + c]! / COLOUR_BIN);
  const counts = new Uint32Array(bins * bins * bins);
  let seen = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!around[i] || hole[i] || exclude?.[i]) continue;
    const bin = (binOf(i, 0) * bins + binOf(i, 1)) * bins + binOf(i, 2);
    counts[bin] = counts[bin]! + 1;
    seen += 1;
  }
  if (seen === 0) return null;
  const enough = Math.max(3, seen * SEEN_SHARE);
  const isSeen = (r: number, g: number, b: number) => {
    let support = 0;
    for (let rr = Math.max(0, r - 1); rr <= Math.min(bins - 1, r + 1); rr += 1) {
      for (let gg = Math.max(0, g - 1); gg <= Math.min(bins - 1, g + 1); gg += 1) {
        for (let bb = Math.max(0, b - 1); bb <= Math.min(bins - 1, b + 1); bb += 1) {
          support += counts[(rr * bins + gg) * bins + bb]!;
          if (support >= enough) return true;
        }
      }
    }
    return false;
  };
  const unseen = new Uint8Array(hole.length);
  let unseenCount = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i] || isSeen(binOf(i, 0), binOf(i, 1), binOf(i, 2))) continue;
    unseen[i] = 1;
    unseenCount += 1;
  }
  if (unseenCount < minPiece) return null;
  const { labels, components } = labelComponents(unseen, width, height);
  const kept = new Set(components.filter((part) => part.area >= minPiece).map((p) => p.label));
  if (kept.size === 0) return null;
  const grown = dilate(maskOfParts(labels, kept).parts, width, height, 4);
  return grown.map((v, i) => (v && hole[i] ? 1 : 0));
}

/** Paints the pixels of `mask` the mean colour of the other pixels of `within`. */
function paintMeanOfRest(raster: Raster, mask: Uint8Array, within: Uint8Array): void {
  const { channels, data } = raster;
  const mean = meanColour(
    raster,
    within.map((v, i) => (v && !mask[i] ? 1 : 0)),
  );
  if (!mean) return;
  for (let i = 0; i < mask.length; i += 1) {
    if (mask[i]) for (let c = 0; c < 3; c += 1) data[i * channels + c] = Math.round(mean[c]!);
  }
}

/**
 * Largest share of the rim's cells off the fitted surface by more than SURFACE_TOLERANCE for the
 * background to count as one smooth surface (a backdrop, a wall, a table top in soft light).
 */
const MAX_OFF_SURFACE = 0.8;
/** Levels a rim cell's mean may differ from the fitted surface and still lie on it. */
const SURFACE_TOLERANCE = 5;

/**
 * Fills the hole (in place) as the smooth surface the background is: a low-order polynomial in x
 * and y fitted to the known pixels round it (each colour), the rim's own small departures from it
 * (a soft shadow reaching the hole) carried a little way in (matchRimTone), and the photo's grain
 * added. A plain backdrop, a wall's gradient or a table top in soft light continue as they are;
 * push-pull's weighted means of the rim would carry every unevenness of the rim (the old product's
 * soft edge, a bit of shadow) into the hole as blotches and a haze. Returns false, leaving the
 * raster as it was, when the rim is no such surface (a shaded cloth, things beside the hole).
 */
export function fillSmoothSurface(
  raster: Raster,
  hole: Uint8Array,
  options: { exclude?: Uint8Array; seed?: number } = {},
): boolean {
  const { width, height, channels, data } = raster;
  const { exclude } = options;
  const box = boundingBoxOf(hole, width);
  if (!box) return true;
  const side = Math.max(box.width, box.height);
  const band = Math.max(8, Math.round(side * 0.12));
  const area = clipBox(padBox(box, band + RIM_SKIP + 1), width, height);
  const w = area.width;
  const h = area.height;
  const { localHole, unusable } = cropHoleMasks(hole, exclude, area, width);
  // The rim: known pixels within the band, clear of the old product's anti-aliased edge and of
  // whatever may not be used (the other side of a horizon).
  const ring = dilate(localHole, w, h, band);
  const near = dilate(unusable, w, h, RIM_SKIP);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  let count = 0;
  for (let k = 0; k < w * h; k += 1) if (ring[k] && !near[k]) count += 1;
  const points: RimPoints = {
    u: new Float64Array(count),
    v: new Float64Array(count),
    colour: new Uint8Array(count * 3),
  };
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let p = 0;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const k = y * w + x;
      if (!ring[k] || near[k]) continue;
      const i = ((y + area.y) * width + x + area.x) * channels;
      points.u[p] = (x + area.x - cx) / side;
      points.v[p] = (y + area.y - cy) / side;
      for (let c = 0; c < 3; c += 1) points.colour[p * 3 + c] = data[i + c]!;
      p += 1;
      minX = Math.min(minX, x + area.x);
      maxX = Math.max(maxX, x + area.x);
      minY = Math.min(minY, y + area.y);
      maxY = Math.max(maxY, y + area.y);
    }
  }
  if (count < 64) return false;
  // Curved only where the rim spans the hole both ways: a quadratic bends wildly past the
  // pixels it was fitted to (a hole at the frame's edge, a rim on one side only). Never curved
  // across: a contact shadow along the hole's foot would bend it into a dark bowl, and what
  // changes across a row is taken from the row's ends (interpolateRowsOffSurface).
  const reach = side * 0.1;
  const isSpanned =
    minX <= box.x + reach &&
    maxX >= box.x + box.width - reach &&
    minY <= box.y + reach &&
    maxY >= box.y + box.height - reach;
  const surface = fitSurface(points, isSpanned ? 5 : 3);
  if (!surface) return false;
  // Judged on cells of the rim, not pixels: grain is no departure from the surface.
  const cell = Math.max(4, Math.round(side * 0.03));
  const cells = new Map<number, { sum: number; count: number }>();
  const predicted = new Float64Array(3);
  for (let q = 0; q < count; q += 1) {
    const x = Math.floor((points.u[q]! * side + cx) / cell);
    const y = Math.floor((points.v[q]! * side + cy) / cell);
    const key = y * 100000 + x;
    surface(points.u[q]!, points.v[q]!, predicted);
    const off =
      0.299 * (points.colour[q * 3]! - predicted[0]!) +
      0.587 * (points.colour[q * 3 + 1]! - predicted[1]!) +
      0.114 * (points.colour[q * 3 + 2]! - predicted[2]!);
    const entry = cells.get(key) ?? { sum: 0, count: 0 };
    entry.sum += off;
    entry.count += 1;
    cells.set(key, entry);
  }
  let judged = 0;
  let off = 0;
  for (const { sum, count } of cells.values()) {
    if (count < (cell * cell) / 4) continue;
    judged += 1;
    if (Math.abs(sum / count) > SURFACE_TOLERANCE) off += 1;
  }
  if (judged < 8 || off > judged * MAX_OFF_SURFACE) return false;
  const offSurface = interpolateRowsOffSurface(
    raster,
    hole,
    box,
    (x, y, out) => surface((x - cx) / side, (y - cy) / side, out),
    { exclude, skip: RIM_SKIP + 1 },
  );
  if (!offSurface) return false;
  const grain = measureGrain(raster, area, (i) => hole[i] === 0);
  const nextNoise = createGrainNoise(options.seed ?? 1234567);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const i = y * width + x;
      if (!hole[i]) continue;
      const colour = surface((x - cx) / side, (y - cy) / side, predicted);
      const k = ((y - box.y) * box.width + x - box.x) * 3;
      const noise = nextNoise() * grain;
      for (let c = 0; c < 3; c += 1) {
        const value = colour[c]! + offSurface[k + c]! + noise;
        data[i * channels + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  matchRimTone(raster, hole, exclude);
  return true;
}

/** The known pixels round a hole a surface is fitted to: offsets from its centre, RGB. */
type RimPoints = { u: Float64Array; v: Float64Array; colour: Uint8Array };

/** A fitted surface: writes the colour it predicts at (u, v) into `out`, and returns it. */
type Surface = (u: number, v: number, out: Float64Array) => Float64Array;

/** The fit's terms at (u, v): 1, u, v, and with five terms u·v and v². */
function writeTerms(u: number, v: number, count: number, out: Float64Array): void {
  out[0] = 1;
  out[1] = u;
  out[2] = v;
  if (count > 3) {
    out[3] = u * v;
    out[4] = v * v;
  }
}

/** Rounds of the fit, each leaving out the points far off the last one (another thing nearby). */
const FIT_ROUNDS = 3;

/**
 * Least-squares fit of each colour as a sum of the first `termCount` terms (writeTerms) over the
 * points; after each round the points more than three typical deviations off are left out. Null
 * when the fit is singular. Typed arrays throughout: a large hole's rim has some 10^5 points.
 */
function fitSurface(points: RimPoints, termCount: number): Surface | null {
  const n = termCount;
  const count = points.u.length;
  const terms = new Float64Array(n);
  const used = new Uint8Array(count).fill(1);
  const residuals = new Float64Array(count);
  let coefficients: Float64Array[] = [];
  for (let round = 0; round < FIT_ROUNDS; round += 1) {
    // Flat sums (row-major): the inner loop runs some 10^6 times.
    const normal = new Float64Array(n * n);
    const right = new Float64Array(3 * n);
    for (let p = 0; p < count; p += 1) {
      if (!used[p]) continue;
      writeTerms(points.u[p]!, points.v[p]!, n, terms);
      const r = points.colour[p * 3]!;
      const g = points.colour[p * 3 + 1]!;
      const b = points.colour[p * 3 + 2]!;
      for (let a = 0; a < n; a += 1) {
        const term = terms[a]!;
        for (let k = 0; k < n; k += 1) normal[a * n + k] = normal[a * n + k]! + term * terms[k]!;
        right[a] = right[a]! + term * r;
        right[n + a] = right[n + a]! + term * g;
        right[2 * n + a] = right[2 * n + a]! + term * b;
      }
    }
    const rows = Array.from({ length: n }, (_, a) => normal.subarray(a * n, a * n + n));
    const solved = [0, 1, 2].map((c) => solveLinear(rows, right.subarray(c * n, c * n + n)));
    if (solved.some((s) => s === null)) return null;
    coefficients = solved.map((s) => Float64Array.from(s!));
    let usedCount = 0;
    for (let p = 0; p < count; p += 1) {
      writeTerms(points.u[p]!, points.v[p]!, n, terms);
      let off = 0;
      for (let c = 0; c < 3; c += 1) {
        let predicted = 0;
        for (let a = 0; a < n; a += 1) predicted += terms[a]! * coefficients[c]![a]!;
        off += Math.abs(points.colour[p * 3 + c]! - predicted);
      }
      residuals[p] = off;
      if (used[p]) usedCount += 1;
    }
    const sorted = new Float64Array(usedCount);
    for (let p = 0, q = 0; p < count; p += 1) if (used[p]) sorted[q++] = residuals[p]!;
    sorted.sort();
    const typical = sorted[sorted.length >> 1] ?? 0;
    for (let p = 0; p < count; p += 1) used[p] = residuals[p]! <= 3 * typical + 6 ? 1 : 0;
  }
  const fitted = coefficients;
  const at = new Float64Array(n);
  return (u, v, out) => {
    writeTerms(u, v, n, at);
    for (let c = 0; c < 3; c += 1) {
      let value = 0;
      for (let a = 0; a < n; a += 1) value += at[a]! * fitted[c]![a]!;
      out[c] = value;
    }
    return out;
  };
}

/** Solves A x = b by Gaussian elimination with partial pivoting; null when A is singular. */
function solveLinear(matrix: Float64Array[], vector: Float64Array): number[] | null {
  const n = vector.length;
  const a = matrix.map((row, r) => [...row, vector[r]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1)
      if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-9) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const factor = a[r]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k += 1) a[r]![k] = a[r]![k]! - factor * a[col]![k]!;
    }
  }
  return a.map((row, r) => row[n]! / row[r]!);
}

/** Known pixels (per side, across five rows) whose median gives a hole row's end. */
const ROW_END_PIXELS = 40;
/** How far (share of the row's run) what only one end of a row shows reaches into the hole. */
const ONE_END_REACH = 0.1;
/** Summed RGB difference (levels, off the surface) between a row's ends that are unlike things. */
const UNLIKE_ENDS = 45;
/** Largest share of rows with unlike ends for the hole to lie on one surface. */
const MAX_UNLIKE_SHARE = 0.25;
/** How far past a row's other end (share of the hole's width) its departure is looked at again. */
const FARTHER_OUT = 0.25;
/** The least distance (px) past a row's other end at which it is looked at again. */
const MIN_FARTHER = 16;
/** Rows either side over which the interpolated departures are averaged: no streaks of grain. */
const ROW_SMOOTHING = 6;

/**
 * How far the background departs from the fitted surface inside the hole, per pixel of the hole's
 * box (RGB): along each row, from the departure just left of the hole's run to the one just right
 * of it (medians of a few rows), averaged over a few rows. A studio's light changes mostly with
 * the height (a wall's gradient, a table top toward the camera, a contact shadow under the old
 * product wider than it), so what the rim shows beside the hole at a row holds across it there;
 * the surface alone, pulled by a shadow along the hole's foot, would lay it over the whole hole.
 * Null when many rows end on unlike things at their two ends.
 */
function interpolateRowsOffSurface(
  raster: Raster,
  hole: Uint8Array,
  box: Box,
  surfaceAt: (x: number, y: number, out: Float64Array) => Float64Array,
  options: { exclude?: Uint8Array; skip: number },
): Float32Array | null {
  const { width, height, channels, data } = raster;
  const { exclude, skip } = options;
  const usable = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = y * width + x;
    return !hole[i] && !exclude?.[i];
  };
  // The median departure of the known pixels beside a run's end, walking outward from it.
  const expected = new Float64Array(3);
  const endOf = (y: number, from: number, step: number): number[] | null => {
    const samples: number[][] = [[], [], []];
    for (let dy = -2; dy <= 2; dy += 1) {
      const row = y + dy;
      let taken = 0;
      // Clear of the hole's rim (the old product's soft edge) on this row.
      let x = from;
      while (x >= 0 && x < width && !usable(x, row) && Math.abs(x - from) < 3 * skip) x += step;
      x += step * skip;
      for (let walked = 0; walked < 2 * ROW_END_PIXELS && taken < ROW_END_PIXELS / 5; walked += 1) {
        if (x < 0 || x >= width) break;
        if (usable(x, row) && usable(x - step * skip, row)) {
          const k = (row * width + x) * channels;
          surfaceAt(x, row, expected);
          for (let c = 0; c < 3; c += 1) samples[c]!.push(data[k + c]! - expected[c]!);
          taken += 1;
        }
        x += step;
      }
    }
    if (samples[0]!.length < 4) return null;
    return samples.map((list) => list.sort((a, b) => a - b)[list.length >> 1]!);
  };
  const rows = new Float32Array(box.width * box.height * 3);
  const filled = new Uint8Array(box.width * box.height);
  let runs = 0;
  let unlikeRuns = 0;
  // Per row: the span from its first hole pixel to its last, and the departures at its ends.
  // Known pixels the hole encloses on the row (the floor through a wheel's spokes, the wall inside
  // a headband) are no row ends: each such gap would start and end runs of its own, and their
  // ends, a few pixels of the old object's rim, were drawn across as streaks.
  type Span = { start: number; end: number; before: number[] | null; after: number[] | null };
  const spans: (Span | null)[] = [];
  for (let y = box.y; y < box.y + box.height; y += 1) {
    let start = box.x;
    while (start < box.x + box.width && !hole[y * width + start]) start += 1;
    if (start === box.x + box.width) {
      spans.push(null);
      continue;
    }
    let end = box.x + box.width;
    while (!hole[y * width + end - 1]) end -= 1;
    spans.push({ start, end, before: endOf(y, start - 1, -1), after: endOf(y, end, 1) });
  }
  // Where the hole runs to the frame's edge a row has no end there. What the row's other end
  // shows runs on across it where the row shows it farther out too (a wall meeting a floor, a
  // table's edge); what the other end shows only beside the hole (the old product's shade at its
  // far side) does not: there the row takes the end of the nearest row that has one, however
  // far. Carried across alone, such a shade lay over the whole row (a dark band with a hard top
  // where a mouse's hole ran off the frame's lower left); the surface alone is linear across and
  // misses a vignette, and a few such rows stood out as a line along the frame's edge.
  const farther = Math.max(MIN_FARTHER, Math.round(box.width * FARTHER_OUT));
  // Past a row's other end, room for the samples an end is the median of.
  const room = skip + ROW_END_PIXELS / 5;
  const nearestEnd = (r: number, side: 'before' | 'after') => {
    for (let d = 1; d < spans.length; d += 1) {
      const up = spans[r - d]?.[side];
      if (up) return up;
      const down = spans[r + d]?.[side];
      if (down) return down;
    }
    return null;
  };
  const missingEnd = (r: number, side: 'before' | 'after') => {
    const span = spans[r]!;
    const level = nearestEnd(r, side);
    const other = side === 'before' ? span.after : span.before;
    if (!other) return level;
    // As far out as `farther`, or as the frame allows with room for the samples.
    const from = side === 'before' ? span.end : span.start - 1;
    const step = side === 'before' ? 1 : -1;
    const farFrom = Math.min(width - 1 - room, Math.max(room, from + step * farther));
    const out = Math.abs(farFrom - from) >= MIN_FARTHER ? endOf(r + box.y, farFrom, step) : null;
    return other.map((near, c) => {
      const far = out?.[c] ?? 0;
      // The share of the other end's departure the row shows farther out as well.
      const seen = Math.sign(far) === Math.sign(near) && near !== 0 ? Math.min(1, far / near) : 0;
      return seen * near + (1 - seen) * (level?.[c] ?? 0);
    });
  };
  const ends = spans.map(
    (span, r) =>
      span && {
        before: span.before ?? (span.start === 0 ? missingEnd(r, 'before') : null),
        after: span.after ?? (span.end === width ? missingEnd(r, 'after') : null),
      },
  );
  for (let y = box.y; y < box.y + box.height; y += 1) {
    const span = spans[y - box.y];
    if (!span) continue;
    const { start, end } = span;
    const { before, after } = ends[y - box.y]!;
    if (!before && !after) continue;
    // Only rows with both ends of their own say whether the hole lies on one surface.
    if (span.before && span.after) {
      runs += 1;
      const apart = [0, 1, 2].reduce(
        (sum, c) => sum + Math.abs(span.before![c]! - span.after![c]!),
        0,
      );
      if (apart > UNLIKE_ENDS) unlikeRuns += 1;
    }
    const left = before ?? after!;
    const right = after ?? before!;
    // What both ends show (a shadow wider than the product) goes on across; what one end shows
    // alone (a remnant of the old product's shade, a crumb) fades within a few pixels of it, or
    // it is drawn across the hole as a streak.
    const shared = [0, 1, 2].map((c) =>
      Math.sign(left[c]!) === Math.sign(right[c]!)
        ? Math.sign(left[c]!) * Math.min(Math.abs(left[c]!), Math.abs(right[c]!))
        : 0,
    );
    const fade = Math.max(6, (end - start) * ONE_END_REACH);
    for (let j = start; j < end; j += 1) {
      if (!hole[y * width + j]) continue;
      const fromLeft = before ? Math.exp(-(j - start + 1) / fade) : 0;
      const fromRight = after ? Math.exp(-(end - j) / fade) : 0;
      const k = (y - box.y) * box.width + j - box.x;
      filled[k] = 1;
      for (let c = 0; c < 3; c += 1) {
        rows[k * 3 + c] =
          shared[c]! + (left[c]! - shared[c]!) * fromLeft + (right[c]! - shared[c]!) * fromRight;
      }
    }
  }
  // Rows whose ends lie on different things (a wall on one side, a pot on the other) hold no one
  // surface: drawn across, they would be smears.
  if (unlikeRuns > runs * MAX_UNLIKE_SHARE) return null;
  // Averaged down each column over the hole's own pixels: each row's ends carry their grain. The
  // window stays centred (narrower near the run's ends), or the light of rows further in is
  // pulled to the hole's top and foot (a shade under a table's edge).
  const out = new Float32Array(rows.length);
  for (let x = 0; x < box.width; x += 1) {
    for (let y = 0; y < box.height; y += 1) {
      const k = y * box.width + x;
      if (!filled[k]) continue;
      const sum = [0, 0, 0];
      let count = 0;
      let reach = 0;
      while (
        reach < ROW_SMOOTHING &&
        y - reach - 1 >= 0 &&
        y + reach + 1 < box.height &&
        filled[k - (reach + 1) * box.width] &&
        filled[k + (reach + 1) * box.width]
      ) {
        reach += 1;
      }
      for (let dy = -reach; dy <= reach; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= box.height) continue;
        const kk = yy * box.width + x;
        if (!filled[kk]) continue;
        for (let c = 0; c < 3; c += 1) sum[c] = sum[c]! + rows[kk * 3 + c]!;
        count += 1;
      }
      for (let c = 0; c < 3; c += 1) out[k * 3 + c] = sum[c]! / count;
    }
  }
  return out;
}
