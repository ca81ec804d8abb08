import sharp from 'sharp';
import type { Box } from '../types.js';
import { boundingBoxOf, clipBox, dilate, meanColour, padBox, type Raster } from './raster.js';
import {
  addGrain,
  matchTone,
  measureCrispness,
  measureGrain,
  measureSceneLight,
} from './scene-light.js';
import type { EdgeLine } from './support-edge.js';
import { layContactShadow, measureLegFeet, transferShadow } from './template-shadow.js';

export type Placement = {
  /** Where the product landed, in output pixels (integer). */
  box: Box;
  /** The product exactly as blended (RGBA at `box` size), for measuring. */
  product: Raster;
  /** The Gaussian blur's sigma that matched the product's sharpness to the scene's; 0 for none. */
  softening: number;
  /** Where a strand its photo cut off was carried on to the frame's edge (see extendCutStrands). */
  strand?: Box;
};

/** Where the old product stood: its area, its contact line and the middle of its foot. */
export type Footprint = {
  /** Pixels of the old product (its mask, not its box). */
  area: number;
  /** The old product's lowest row: the support line the new product stands on. */
  bottom: number;
  /** Middle of the old product's lowest part (its foot), in x. */
  footX: number;
  /** Width of the old product's base (its widest row low down, see measureFoot), when measured. */
  baseWidth?: number;
  box: Box;
  /**
   * The box of the old product's body, without thin parts that reach far from it (a camera's
   * strap, a lamp's cable, a flower's stem, a streak of its shadow), when they make its box
   * larger (see measureBody). Only the size of the new product follows it: it still stands on
   * the whole object's lowest row, its foot under the whole object's foot.
   */
  body?: Box;
  /** The middle in x of the old product's pixels (of its body, when it has one). */
  centreX?: number;
  /**
   * The area of the old product's outline (its convex hull; of its body, when it has one): how
   * large it looks, also when it is see-through (sunglasses) or sparse (a bicycle's frame).
   */
  outlineArea?: number;
};

/** The lowest share of an object's height that is its foot. */
const FOOT_SHARE = 0.08;
/** The lowest share of an object's height that is its base: a pot under a plant, a mug's body. */
const BASE_SHARE = 0.2;

/** The old product's footprint from its mask (frame pixels), or null for an empty mask. */
export function measureFootprint(object: Uint8Array, width: number): Footprint | null {
  const height = object.length / width;
  let area = 0;
  let minX = width;
  let maxX = -1;
  let minY = height;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!object[y * width + x]) continue;
      area += 1;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (area === 0) return null;
  // The foot: the lowest 8% of the object's height.
  const foot = measureFoot(object, width, { minX, maxX, minY, maxY }, (v) => v > 0);
  const box = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  const body = measureBody(object, width, box, area);
  const shape = body
    ? outlineOf(body.mask, body.maskWidth, (v) => v > 0, body.offset)
    : outlineOf(object, width, (v) => v > 0);
  return {
    area,
    bottom: maxY + 1,
    footX: foot.centre,
    baseWidth: foot.baseWidth,
    box,
    ...(body ? { body: body.box } : {}),
    centreX: shape.centreX,
    outlineArea: shape.area,
  };
}

/**
 * The middle in x of a mask's pixels and the area of its convex hull (each row's ends as pixel
 * corners), shifted by `offset` into frame pixels.
 */
function outlineOf(
  mask: ArrayLike<number>,
  width: number,
  isIn: (value: number) => boolean,
  offset: { x: number; y: number } = { x: 0, y: 0 },
): { centreX: number; area: number } {
  const height = mask.length / width;
  const points: [number, number][] = [];
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x += 1) {
      if (!isIn(mask[y * width + x]!)) continue;
      if (left < 0) left = x;
      right = x;
      sum += x;
      count += 1;
    }
    if (left < 0) continue;
    points.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
  }
  return { centreX: count ? sum / count + offset.x : offset.x, area: hullArea(points) };
}

/** The area of the convex hull of points (Andrew's monotone chain, then the shoelace formula). */
function hullArea(points: [number, number][]): number {
  if (points.length < 3) return 0;
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]) => {
    const chain: [number, number][] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain.at(-2)!, chain.at(-1)!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  const hull = [...half(sorted), ...half([...sorted].reverse())];
  let twice = 0;
  for (let i = 0; i < hull.length; i += 1) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twice) / 2;
}

/**
 * Parts of an object thinner than this share of its size (the square root of its area) are thin
 * parts, not its body: a strap, a stem, a cable.
 */
const THIN_SHARE = 0.07;
/** The least share of the object's area its body keeps; less, and the object is all thin parts. */
const BODY_SHARE = 0.7;
/** The body's box is used only when it is at most this share of the whole box. */
const BODY_BOX_SHARE = 0.85;

/**
 * The box of an object's body: its mask opened (eroded, then grown back) by a radius relative to
 * its size, which takes away thin parts (a hanging camera's strap) and keeps the solid body. Null
 * when the thin parts do not make the box much larger, or when most of the object is thin parts
 * (a bicycle's frame and spokes: then the whole object is its body).
 */
function measureBody(
  object: Uint8Array,
  width: number,
  box: Box,
  area: number,
): { box: Box; mask: Uint8Array; maskWidth: number; offset: { x: number; y: number } } | null {
  const radius = Math.round((THIN_SHARE * Math.sqrt(area)) / 2);
  if (radius < 2) return null;
  // The box, padded so that the erosion sees background around the object.
  const pad = radius + 1;
  const cw = box.width + 2 * pad;
  const ch = box.height + 2 * pad;
  const outside = new Uint8Array(cw * ch).fill(1);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      if (object[(y + box.y) * width + x + box.x]) outside[(y + pad) * cw + x + pad] = 0;
    }
  }
  const eroded = dilate(outside, cw, ch, radius).map((v) => (v ? 0 : 1));
  const opened = dilate(eroded, cw, ch, radius);
  const bodyMask = opened.map((v, i) => (v && !outside[i] ? 1 : 0));
  const kept = bodyMask.reduce((sum, v) => sum + v, 0);
  const inPadded = boundingBoxOf(bodyMask, cw);
  if (!inPadded || kept < area * BODY_SHARE) return null;
  const body = { ...inPadded, x: inPadded.x - pad + box.x, y: inPadded.y - pad + box.y };
  if (body.width * body.height > box.width * box.height * BODY_BOX_SHARE) return null;
  return { box: body, mask: bodyMask, maskWidth: cw, offset: { x: box.x - pad, y: box.y - pad } };
}

/**
 * The middle in x of a mask's lowest FOOT_SHARE of rows, and the width of its base: the widest
 * row in its lowest BASE_SHARE (the pot under a plant, not the leaves above it).
 */
function measureFoot(
  mask: ArrayLike<number>,
  width: number,
  bounds: { minX: number; maxX: number; minY: number; maxY: number },
  isIn: (value: number) => boolean,
): { centre: number; baseWidth: number } {
  const { minX, maxX, minY, maxY } = bounds;
  const footTop = maxY - Math.max(1, Math.round((maxY - minY) * FOOT_SHARE));
  const baseTop = maxY - Math.max(1, Math.round((maxY - minY) * BASE_SHARE));
  let sum = 0;
  let count = 0;
  let baseWidth = 0;
  for (let y = baseTop; y <= maxY; y += 1) {
    let left = -1;
    let right = -1;
    for (let x = minX; x <= maxX; x += 1) {
      if (!isIn(mask[y * width + x]!)) continue;
      if (left < 0) left = x;
      right = x;
      if (y < footTop) continue;
      sum += x;
      count += 1;
    }
    if (left >= 0) baseWidth = Math.max(baseWidth, right - left + 1);
  }
  return { centre: sum / count, baseWidth };
}

/**
 * The least share of the old product's outline area the new product's outline takes: a product
 * of a very different aspect (a wide product in a tall slot), which the old box alone would
 * shrink to a sliver, grows toward it, past the old box but within GROW_LIMIT of it.
 */
const MIN_AREA_SHARE = 0.4;
/** How far past the old product's box, in its tighter dimension, the new product may grow. */
const GROW_LIMIT = 1.3;
/**
 * A base further than this share of the old product's width from the old product's middle does
 * not carry it: the object lies or leans there (sunglasses on sand, whose lowest pixels are the
 * streak of one temple's shadow), and the base rule below does not apply.
 */
const BASE_UNDER = 0.25;

/**
 * The largest share of the picture's width and of its height the new product takes, whatever
 * the old one took: a close-up's fruit filling the frame, replaced by a mug at its size, made a
 * mug wider than the picture with its handle; a bottle in the place of a tall, thin object
 * reached from the picture's top to its bottom.
 */
const FRAME_SHARE = 0.7;
/**
 * The share of the picture's area the new product's box covers from which FRAME_SHARE applies:
 * a product that is wide or tall but slight (a cap across a portrait frame) keeps its size.
 */
const FRAME_COVERAGE = 0.35;

/**
 * The largest share of the picture's height a product taller than wide takes, however little of
 * the picture's area it covers: a tall bottle in the place of a plant that filled the picture, or
 * of a rocket with its launch tower, stood from the picture's floor to its top, the largest thing
 * in it. A product standing in a scene keeps some of the scene above it. A wider product (a
 * beanie in the place of a cushion) is held by FRAME_SHARE only.
 */
const TALL_SHARE = 0.6;
/** The margin, as a share of the picture's side, the new product keeps from the frame's edges. */
const EDGE_MARGIN = 0.02;

/** An old product whose base is narrower than this share of its box flares above its base. */
const FLARED_BASE = 0.6;
/** How much wider than the old base the new product's base may be. */
const BASE_ALLOWANCE = 1.15;
/** The least share of its box an old product's mask covers for its base to be measured. */
const SOLID_SHARE = 0.15;
/** The least the base rule keeps of the box fit. */
const MIN_BASE_SCALE = 0.4;

/** The cut-out's size, its opaque share and its foot (in cut-out pixels), for planPlacement. */
export type CutOutShape = {
  width: number;
  height: number;
  opaqueShare: number;
  foot?: { centre: number; baseWidth: number };
  /**
   * Rows down to the lowest solid row (alpha >= 128) of its body: faint rows below it do not
   * stand, nor does a thin part hanging well below it (see bodyBottom).
   */
  solidBottom?: number;
  /** The area of the solid pixels' outline (their convex hull), in cut-out pixels. */
  outlineArea?: number;
  /** The feet of a product on legs (see measureLegFeet), in cut-out pixels. */
  legFeet?: LegFoot[];
};

/** A leg's foot: the columns it spans and its lowest row. */
export type LegFoot = { left: number; right: number; bottom: number };

/**
 * Where the new product goes, in frame pixels. Its size: it looks as large as the old product
 * did, its outline (convex hull) about the old one's area, but never larger than the old
 * product's box in either dimension (the box of its body, without a strap or stem reaching
 * away): a mug where an apple stood is about the apple's size, a bottle where an orange stood
 * as tall as the orange, not taller. A see-through or sparse old product (sunglasses, a
 * bicycle) counts by its outline, not by its few pixels. Only when that would leave the new
 * product under MIN_AREA_SHARE of the old outline (a wide product in a tall slot) does it grow,
 * at most GROW_LIMIT past the old box and never past the slot.
 * It stands on the old product's contact line, its foot on the old product's foot, and in the
 * slot is made smaller rather than sink below that line.
 * An old product that flares above a narrow base under its middle (a plant over its pot) stood
 * on that base, not on its leaves: the new product is then scaled so that its own base is about
 * as wide (down to MIN_BASE_SCALE of the fit), or a mug in its place is as wide as the leaves
 * and hangs over the edge of what the pot stood on. A narrow lowest part far off the middle
 * (BASE_UNDER) is no such base.
 * When that would cover ad copy (`avoid`), it is fitted into the largest part of the slot beside,
 * above or below the copy instead. Given the picture's size (`frame`), a product whose box would
 * cover more than FRAME_COVERAGE of it takes no more than FRAME_SHARE of its width or height.
 */
export function planPlacement(options: {
  source: CutOutShape;
  slot: Box;
  footprint: Footprint | null;
  avoid?: Box[];
  /** The picture's size: a product covering much of it keeps within FRAME_SHARE of it. */
  frame?: { width: number; height: number };
}): Box {
  const { source, footprint } = options;
  const oldBox = footprint?.box ?? options.slot;
  // The new product takes the size of the old one's body, not of a strap or stem reaching away.
  const sizeBox = footprint?.body ?? oldBox;
  const boxFit = Math.min(sizeBox.width / source.width, sizeBox.height / source.height);
  // Without measured outlines, each box stands for its outline.
  const oldOutline = footprint?.outlineArea ?? sizeBox.width * sizeBox.height;
  const newOutline = source.outlineArea ?? source.width * source.height;
  const areaFit = Math.sqrt(oldOutline / newOutline);
  const shareFit = Math.sqrt((MIN_AREA_SHARE * oldOutline) / newOutline);
  let preferred = Math.max(Math.min(areaFit, boxFit), Math.min(shareFit, boxFit * GROW_LIMIT));
  const oldBase = footprint?.baseWidth;
  const oldCentre = footprint?.centreX;
  const baseUnderMiddle =
    !footprint ||
    oldCentre === undefined ||
    Math.abs(footprint.footX - oldCentre) <= sizeBox.width * BASE_UNDER;
  // A mask of a few specks (a black bicycle on a dark floor) has no base to measure.
  const isSolid = footprint && footprint.area >= oldBox.width * oldBox.height * SOLID_SHARE;
  if (
    oldBase &&
    source.foot &&
    isSolid &&
    baseUnderMiddle &&
    oldBase < oldBox.width * FLARED_BASE
  ) {
    const baseFit = (oldBase * BASE_ALLOWANCE) / source.foot.baseWidth;
    preferred = Math.max(preferred * MIN_BASE_SCALE, Math.min(preferred, baseFit));
  }
  const frame = options.frame;
  const coverage = frame
    ? (source.width * source.height * preferred * preferred) / (frame.width * frame.height)
    : 0;
  if (frame && coverage > FRAME_COVERAGE) {
    preferred = Math.min(
      preferred,
      (frame.width * FRAME_SHARE) / source.width,
      (frame.height * FRAME_SHARE) / source.height,
    );
  }
  if (frame && source.height > source.width) {
    preferred = Math.min(preferred, (frame.height * TALL_SHARE) / source.height);
  }
  // The product stays whole inside the picture: the slot (the old product's box, which may reach
  // past the frame) is cut to the frame less a margin, and the product stands no lower than it.
  const inner = frame
    ? {
        x: Math.round(frame.width * EDGE_MARGIN),
        y: Math.round(frame.height * EDGE_MARGIN),
        width: Math.round(frame.width * (1 - 2 * EDGE_MARGIN)),
        height: Math.round(frame.height * (1 - 2 * EDGE_MARGIN)),
      }
    : null;
  const slot = inner ? (intersection(options.slot, inner) ?? inner) : options.slot;
  const lowest = inner ? inner.y + inner.height : Infinity;
  const contact = Math.min(lowest, footprint ? footprint.bottom : slot.y + slot.height);
  // An object that lies rather than stands (its lowest part far off its middle) is replaced
  // where it lay: the new product is centred on its middle, not on that part, and covers its
  // place (sunglasses on sand, whose lowest pixels are one temple's shadow at the left).
  const foot = footprint
    ? baseUnderMiddle
      ? footprint.footX
      : footprint.centreX!
    : slot.x + slot.width / 2;
  // Where the new product's own foot lies across its width (a mug's body, not its handle).
  const footAt = source.foot ? source.foot.centre / source.width : 0.5;
  // The product stands on its lowest solid pixels, not on the faint rows of its cut-out's box.
  const standingRows = source.solidBottom ?? source.height;
  const fit = (region: Box, options: { toContact?: boolean } = {}) => {
    // In the slot itself the product stands where the old one stood, also when the old object
    // reached below the slot (a saucer under a pot that the detection box cut off, removed with
    // it): held at the slot's floor, it would float above that line.
    const floor = options.toContact ? contact : Math.min(contact, region.y + region.height);
    // In the slot it is made smaller rather than sink below the contact line; in a part of the
    // slot beside copy (which may lie below that line) it fits the part.
    const room = options.toContact
      ? Math.max(1, floor - region.y) / standingRows
      : region.height / source.height;
    const scale = Math.min(preferred, region.width / source.width, room);
    const width = Math.max(1, Math.round(source.width * scale));
    const height = Math.max(1, Math.round(source.height * scale));
    const x = Math.round(
      Math.min(region.x + region.width - width, Math.max(region.x, foot - width * footAt)),
    );
    const standing = Math.round(standingRows * scale);
    const y = Math.round(Math.max(region.y, floor - standing));
    return { x, y, width, height };
  };
  const avoid = (options.avoid ?? []).map((box) => {
    const pad = Math.max(3, box.height * 0.3);
    return padBox(box, pad);
  });
  const first = fit(slot, { toContact: true });
  if (!avoid.some((box) => intersects(box, first))) return first;
  // The slot split around each piece of copy: the parts left, right, above and below it.
  let regions: Box[] = [slot];
  for (const box of avoid) {
    regions = regions.flatMap((region) =>
      intersects(region, box) ? splitAround(region, box) : [region],
    );
    if (regions.length > 64) break;
  }
  const candidates = regions
    .filter((region) => region.width >= 4 && region.height >= 4)
    .map((region) => fit(region))
    .filter((box) => !avoid.some((word) => intersects(word, box)));
  if (candidates.length === 0) return first;
  const centreDistance = (box: Box) => Math.abs(box.x + box.width / 2 - foot);
  candidates.sort(
    (a, b) => b.width * b.height - a.width * a.height || centreDistance(a) - centreDistance(b),
  );
  return candidates[0]!;
}

/**
 * Rows below a wall's foot, as a share of the frame's height, at which a product's highest foot
 * stands: on the floor, clear of the skirting board (the line found may be the board's top, and
 * at 1% the bicycle's stool stood its back feet on the board).
 */
const BELOW_WALL_FOOT = 0.03;

/**
 * The planned box of a product on legs, moved down so that every foot stands on the floor in
 * front of the wall the old object stood before. Seen from the front, the back feet stand higher
 * in the picture than the front ones, and with the front feet on the old object's contact line
 * (a bicycle's tyres, close to the wall) the back feet stood on the wall above the skirting board.
 * `wallFoot` is the floor's edge found across the old object's hole; `feet` the product's feet in
 * its cut-out's pixels (see measureLegFeet); `contact` the old object's lowest row. Unchanged when
 * the old object stood above that line (something on a table, whose front edge the line is), when
 * every foot is below it already, or as far as the frame's margin allows.
 */
export function standFeetOnFloor(options: {
  box: Box;
  source: { width: number; height: number };
  feet: LegFoot[];
  wallFoot: EdgeLine;
  contact: number;
  footX: number;
  frame: { width: number; height: number };
}): Box {
  const { box, source, feet, wallFoot, frame } = options;
  const lineAt = (x: number) => (wallFoot.c - wallFoot.nx * x) / wallFoot.ny;
  if (options.contact <= lineAt(options.footX)) return box;
  const scale = box.height / source.height;
  const clearance = frame.height * BELOW_WALL_FOOT;
  let shortfall = 0;
  for (const foot of feet) {
    const x = box.x + ((foot.left + foot.right + 1) / 2) * scale;
    const y = box.y + foot.bottom * scale;
    shortfall = Math.max(shortfall, lineAt(x) + clearance - y);
  }
  const lowest = Math.round(frame.height * (1 - EDGE_MARGIN)) - (box.y + box.height);
  const down = Math.round(Math.min(shortfall, Math.max(0, lowest)));
  return down > 0 ? { ...box, y: box.y + down } : box;
}

function intersection(a: Box, b: Box): Box | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function splitAround(region: Box, box: Box): Box[] {
  const right = region.x + region.width;
  const bottom = region.y + region.height;
  return [
    { x: region.x, y: region.y, width: box.x - region.x, height: region.height },
    { x: box.x + box.width, y: region.y, width: right - box.x - box.width, height: region.height },
    { x: region.x, y: region.y, width: region.width, height: box.y - region.y },
    {
      x: region.x,
      y: box.y + box.height,
      width: region.width,
      height: bottom - box.y - box.height,
    },
  ].filter((part) => part.width > 0 && part.height > 0);
}

/** The cut-out's size, the share of its pixels that are opaque and its foot, for planPlacement. */
export async function measureCutOut(cutOut: Uint8Array): Promise<CutOutShape> {
  const { data, info } = await sharp(cutOut)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  let minY = height;
  let maxY = -1;
  // Solid pixels per row, for the body's lowest row (bodyBottom).
  const solidRows = new Uint32Array(height);
  for (let i = 0; i < data.length; i += 1) {
    sum += data[i]!;
    if (data[i]! < 128) continue;
    const y = Math.floor(i / width);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    solidRows[y] = solidRows[y]! + 1;
  }
  const opaqueShare = sum / 255 / data.length;
  if (maxY < 0) return { width, height, opaqueShare };
  const bounds = { minX: 0, maxX: width - 1, minY, maxY };
  const foot = measureFoot(data, width, bounds, (v) => v >= 128);
  const outlineArea = outlineOf(data, width, (v) => v >= 128).area;
  const legFeet = measureLegFeet({ data, width, height, channels: 1 })?.map((leg) => ({
    left: leg.left,
    right: leg.right,
    bottom: leg.contact[0]! - 1,
  }));
  return {
    width,
    height,
    opaqueShare,
    foot,
    solidBottom: bodyBottom(solidRows, maxY) + 1,
    outlineArea,
    ...(legFeet ? { legFeet } : {}),
  };
}

/** Share of its widest row's solid pixels a row holds to be of the product's body, not a lace. */
const BODY_ROW_SHARE = 0.03;
/** How far (share of the cut-out's height) a thin part hangs below the body before it is one. */
const HANGING_SHARE = 0.05;

/**
 * The lowest row of the product's body, from the solid pixels (alpha 128 and up) of each row of
 * the cut-out: a thin part hanging well below it
 * (a sneaker's untied lace, 18% of its height below the sole) is not what it stands on; stood on
 * its tip, the shoe floated over the floor. A short fringe under the body (a stool's feet, a
 * cut-out's soft last rows) is: then `maxY`, the lowest solid row.
 */
function bodyBottom(solidRows: Uint32Array, maxY: number): number {
  let widest = 0;
  for (const count of solidRows) widest = Math.max(widest, count);
  let body = maxY;
  while (body > 0 && solidRows[body]! < widest * BODY_ROW_SHARE) body -= 1;
  return maxY - body > solidRows.length * HANGING_SHARE ? body : maxY;
}

/** The planned product's opaque pixels in the frame, shrunk by a margin: what it will hide. */
export async function coverOf(
  cutOut: Uint8Array,
  box: Box,
  frame: { width: number; height: number },
): Promise<Uint8Array> {
  const alpha = await sharp(cutOut)
    .ensureAlpha()
    .extractChannel(3)
    .resize(box.width, box.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  // Shrinking the cover is growing what lies outside it, by two pixels: only the box (in the
  // frame) and two pixels round it can matter, so that is worked on in its own coordinates.
  const shrink = 2;
  const area = clipBox(
    padBox(clipBox(box, frame.width, frame.height), shrink),
    frame.width,
    frame.height,
  );
  const outside = new Uint8Array(area.width * area.height).fill(1);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const fx = x + box.x;
      const fy = y + box.y;
      if (fx < 0 || fy < 0 || fx >= frame.width || fy >= frame.height) continue;
      if (alpha[y * box.width + x]! >= 250) outside[(fy - area.y) * area.width + fx - area.x] = 0;
    }
  }
  const margin = dilate(outside, area.width, area.height, shrink);
  const cover = new Uint8Array(frame.width * frame.height);
  for (let k = 0; k < margin.length; k += 1) {
    if (margin[k]) continue;
    const x = k % area.width;
    cover[((k - x) / area.width + area.y) * frame.width + x + area.x] = 1;
  }
  return cover;
}

/**
 * Places the cut-out at `box` (from planPlacement) in the frame, in place, so that it belongs to
 * the scene: the template's own shadow (measured under the old product) laid under it, its tone
 * moved toward the old product's light in Lab, its sharpness and grain matched to the scene.
 * Shadow and product stay inside `limits`; `protect` pixels (ad copy) are never darkened.
 */
export async function placeProduct(options: {
  frame: Raster;
  cutOut: Uint8Array;
  box: Box;
  limits: Box;
  /** What the scene knew about the old product; without it the product is only blended. */
  scene?: {
    /** The framed template before the old product was removed (RGB, frame size). */
    original: Raster;
    /** Pixels removed and filled. */
    hole: Uint8Array;
    /** The old product itself (its mask, not grown). */
    object: Uint8Array;
    /** The old product grown over its edge, as removed: no shadow is measured there. */
    grown: Uint8Array;
    footprint: Footprint;
  };
  protect?: Uint8Array;
}): Promise<Placement> {
  const { frame, box } = options;
  const limits = clipBox(options.limits, frame.width, frame.height);
  const data = await sharp(options.cutOut)
    .ensureAlpha()
    .resize(box.width, box.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let product: Raster = {
    data: new Uint8Array(data),
    width: box.width,
    height: box.height,
    channels: 4,
  };
  const { scene } = options;
  let softening = 0;
  if (scene) {
    const background = ringAround(scene.hole, frame.width, frame.height, limits);
    const backdrop = await backdropOf(options.cutOut);
    if (backdrop) chokeBackdropRim(product, backdrop, meanColour(scene.original, background));
    const light = measureSceneLight(scene.original, scene.object, background);
    if (light) matchTone(product, light);
    ({ product, sigma: softening } = await matchSharpness(product, scene.original));
    const grain = measureGrain(scene.original, background);
    const own = measureGrain(product, opaqueMask(product));
    addGrain(
      product,
      Math.min(6, Math.sqrt(Math.max(0, grain * grain - own * own))),
      box.x * 31 + box.y,
    );
    const unshaded = frame.data.slice();
    transferShadow({
      frame,
      original: scene.original,
      hole: scene.hole,
      object: scene.grown,
      from: scene.footprint,
      to: box,
      limits,
      protect: options.protect,
      solid: scene.object,
      product,
    });
    layContactShadow({
      frame,
      before: unshaded,
      product,
      to: box,
      limits,
      protect: options.protect,
    });
  }
  blendProduct(frame, product, { x: box.x, y: box.y, limits });
  return { box, product, softening };
}

/** Background pixels in a band around the removed area, inside the limits. */
function ringAround(hole: Uint8Array, width: number, height: number, limits: Box): Uint8Array {
  const band = Math.max(4, Math.round(Math.min(limits.width, limits.height) * 0.08));
  const grown = dilate(hole, width, height, band);
  const ring = new Uint8Array(hole.length);
  const area = clipBox(padBox(limits, band), width, height);
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x; x < area.x + area.width; x += 1) {
      const i = y * width + x;
      if (grown[i] && !hole[i]) ring[i] = 1;
    }
  }
  return ring;
}

/**
 * The colour the product was photographed against: the cut-out keeps it under its transparent
 * pixels next to the product. Null when too few such pixels are left to tell.
 */
async function backdropOf(cutOut: Uint8Array): Promise<number[] | null> {
  const { data, info } = await sharp(cutOut)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const solid = new Uint8Array(width * height);
  for (let i = 0; i < solid.length; i += 1) solid[i] = data[i * 4 + 3]! >= 128 ? 1 : 0;
  const near = dilate(solid, width, height, Math.max(3, Math.round(Math.max(width, height) / 80)));
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < solid.length; i += 1) {
    if (!near[i] || data[i * 4 + 3]! !== 0) continue;
    for (let c = 0; c < 3; c += 1) sum[c] = sum[c]! + data[i * 4 + c]!;
    count += 1;
  }
  return count >= 20 ? sum.map((value) => value / count) : null;
}

/** Lightness apart (0..255) beyond which the product's old backdrop would show as a halo. */
const HALO_CONTRAST = 50;
/**
 * Colour distances within which a rim pixel reads as the old backdrop: wholly up to the first
 * (a product's edge shades the backdrop a little), less and less up to the second.
 */
const BACKDROP_LIKE = [30, 90] as const;
/** Rim alpha above which a backdrop-coloured pixel is kept more and more (the product's edge). */
const FIRM_RIM = 0.8;

/**
 * A product cut from a light backdrop and laid in a dark scene (or the reverse) keeps a halo of
 * the backdrop where its rim is soft: where the product itself has the backdrop's colour (white
 * paper on white), decontamination cannot take it out. There, soft rim pixels of the backdrop's
 * colour are made more transparent the softer they are (in place), so the outline sits on the
 * solid product.
 */
export function chokeBackdropRim(
  product: Raster,
  backdrop: number[],
  scene: number[] | null,
): void {
  if (!scene) return;
  const lightness = (rgb: number[]) => 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!;
  if (Math.abs(lightness(backdrop) - lightness(scene)) < HALO_CONTRAST) return;
  const { data } = product;
  for (let p = 0; p < data.length; p += 4) {
    const alpha = data[p + 3]!;
    if (alpha === 0 || alpha === 255) continue;
    const distance = Math.hypot(
      data[p]! - backdrop[0]!,
      data[p + 1]! - backdrop[1]!,
      data[p + 2]! - backdrop[2]!,
    );
    const [near, far] = BACKDROP_LIKE;
    if (distance >= far) continue;
    const likeness = Math.min(1, (far - distance) / (far - near));
    const firmness = Math.min(1, Math.max(0, (alpha / 255 - FIRM_RIM) / (1 - FIRM_RIM)));
    data[p + 3] = Math.round(alpha * (1 - likeness * (1 - firmness)));
  }
}

function opaqueMask(product: Raster): Uint8Array {
  const mask = new Uint8Array(product.width * product.height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = product.data[i * 4 + 3]! >= 250 ? 1 : 0;
  return mask;
}

/** Gaussian blurs tried, weakest first, when the scene is softer than the product. */
const SOFTENING_SIGMAS = [0.4, 0.6];

/**
 * A product pasted crisp into a soft picture (a small template enlarged to the output, a photo
 * out of focus) looks cut out: when the picture's best edges are softer than the product's, the
 * product is blurred just enough to match (colour only; its outline keeps the cut-out's alpha).
 */
async function matchSharpness(
  product: Raster,
  scene: Raster,
): Promise<{ product: Raster; sigma: number }> {
  const target = measureCrispness(scene);
  const mask = opaqueMask(product);
  const own = measureCrispness(product, mask);
  if (target <= 0 || own <= target * 1.15) return { product, sigma: 0 };
  for (const sigma of SOFTENING_SIGMAS) {
    const data = await sharp(product.data, {
      raw: { width: product.width, height: product.height, channels: 4 },
    })
      .blur(sigma)
      .raw()
      .toBuffer();
    const softened: Raster = { ...product, data: new Uint8Array(data) };
    for (let p = 3; p < softened.data.length; p += 4) softened.data[p] = product.data[p]!;
    if (measureCrispness(softened, mask) <= target * 1.1 || sigma === SOFTENING_SIGMAS.at(-1)) {
      return { product: softened, sigma };
    }
  }
  return { product, sigma: 0 };
}

function blendProduct(frame: Raster, product: Raster, at: { x: number; y: number; limits: Box }) {
  const { limits } = at;
  for (let y = 0; y < product.height; y += 1) {
    const fy = y + at.y;
    if (fy < limits.y || fy >= limits.y + limits.height) continue;
    for (let x = 0; x < product.width; x += 1) {
      const fx = x + at.x;
      if (fx < limits.x || fx >= limits.x + limits.width) continue;
      const p = (y * product.width + x) * 4;
      const alpha = product.data[p + 3]! / 255;
      if (alpha === 0) continue;
      const f = (fy * frame.width + fx) * frame.channels;
      for (let c = 0; c < 3; c += 1) {
        frame.data[f + c] = Math.round(
          product.data[p + c]! * alpha + frame.data[f + c]! * (1 - alpha),
        );
      }
    }
  }
}
