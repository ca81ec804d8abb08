import type { Box } from '../types.js';
import type { Footprint } from './place-product.js';
import { fillRegion } from './fill-region.js';
import { boundingBoxOf, chamferDistance, clipBox, luminanceAt, type Raster } from './raster.js';

/** Darkening weaker than this is texture or fill noise, not a shadow. */
const NOISE_LEVEL = 0.94;
/** No real shadow darkens a surface below this share of its light. */
const DARKEST_SHADOW = 0.3;
/** How far above the contact line (share of the old product's height) a shadow is taken. */
const SHADOW_REACH = 0.3;
/** Fine detail (see measureDetail) above which a pixel is print or an edge, not shade. */
const DETAIL = 6;
/** A "shadow" bigger than this share of the old product is a misread part of it. */
const MAX_SHADOW_SHARE = 0.6;
/** The widest gap under the old product (share of its width) a shadow is carried across. */
const MAX_BRIDGE = 0.35;
/** Luminance steps per pixel above which an edge is an outline, not a penumbra. */
const SHARP_EDGE = 14;
/** How far from the new product (share of its smaller side) a laid shadow reaches at most. */
const CONTACT_REACH = 0.05;
/** Alpha (0-255) from which a pixel of the new product counts as its body, for distances. */
const SOLID_ALPHA = 128;

/**
 * The template's own shadow, moved under the new product (frame changed in place). Where the
 * old product's shadow was removed, original / filled background is the shadow's darkening; it
 * is measured on blurred pixels (a patch fill's texture differs from the original's grain by
 * grain, not by light) and only where the change is a neutral darkening (same ratio on every
 * channel, as light is). Under the old product itself the darkening is unknown and is
 * interpolated along rows. The map is then laid under the new product: shifted from the old
 * foot to the new one and stretched by the ratio of their widths, so a shadow cast to the right
 * stays cast to the right, and only along the support line under the new product. Given the new
 * product's own pixels (`product`, RGBA at `to` size), the laid shadow also follows its outline: a
 * shadow pixel that lay d pixels from the old product is kept only up to d (in the new scale) from
 * the new one (and never farther than CONTACT_REACH of its size: a shadow lies where a product
 * touches the surface) and fades beyond, so where the new product is narrower or turned, the old
 * shadow (interpolated under the old product's body) does not show on its own beside it. None
 * under a product on legs (see measureLegFeet). Returns the mean darkening laid (0 = none), for
 * measuring.
 */
export function transferShadow(options: {
  frame: Raster;
  original: Raster;
  hole: Uint8Array;
  object: Uint8Array;
  from: Footprint;
  to: Box;
  limits: Box;
  protect?: Uint8Array;
  /** The old product itself (not grown), to measure how far from it each shadow pixel lay. */
  solid?: Uint8Array;
  /** The new product as it will be blended (RGBA at `to` size), to follow its outline. */
  product?: Raster;
}): number {
  const { frame, original, hole, object, from, to, limits, protect, solid, product } = options;
  // A product on legs touches the surface with its feet alone (each gets its contact shadow):
  // the old product's shadow laid under it kept the old shape (two chairs' legs beside a stool's
  // foot, a dark smudge with a hard edge).
  if (product && measureLegFeet(product)) return 0;
  // The removal may reach past the limits (a part of the old product that stuck out): its
  // shadow there is laid back too.
  const holeBox = boundingBoxOf(hole, frame.width);
  const area = holeBox ? unionBox(limits, holeBox) : limits;
  const { width } = frame;
  const w = area.width;
  const h = area.height;
  if (w < 2 || h < 2) return 0;
  const radius = Math.max(2, Math.round(Math.min(from.box.width, from.box.height) * 0.02));
  const before = blurredLuminance(original, area, radius);
  const after = blurredLuminance(frame, area, radius);
  const beforeColour = blurredColour(original, area, radius);
  const afterColour = blurredColour(frame, area, radius);
  const sharp = findSharpEdges(original, area);
  // A shadow keeps the surface's own texture; detail the filled surface does not have is the
  // old product's (a grey label, a print).
  const detail = measureDetail(original, area);
  const surfaceDetail = measureDetail(frame, area);
  // Shadows that matter lie on the support: from a little above the contact line downwards.
  // Higher up, a removed pixel that darkens neutrally is more often part of an object (a grey
  // pot, a stand) that the object mask missed.
  const highest = from.bottom - from.box.height * SHADOW_REACH - area.y;
  // NaN marks unknown darkening.
  const map = new Float32Array(w * h).fill(Number.NaN);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y + area.y) * width + x + area.x;
      const k = y * w + x;
      if (!hole[i] || y < highest) {
        map[k] = 1;
        continue;
      }
      // Shadows have soft edges; a sharp edge among removed pixels is an object's outline.
      if (object[i] || sharp[k] || detail[k]! > Math.max(DETAIL, 1.5 * surfaceDetail[k]!)) continue;
      const ratio = (before[k]! + 1) / (after[k]! + 1);
      let spread = 0;
      for (let c = 0; c < 3; c += 1) {
        const channel = (beforeColour[k * 3 + c]! + 1) / (afterColour[k * 3 + c]! + 1);
        spread = Math.max(spread, Math.abs(channel - ratio));
      }
      // A change of colour is the old product's edge or a different fill, not light.
      if (spread > 0.12 || ratio < DARKEST_SHADOW) continue;
      map[k] = ratio >= NOISE_LEVEL ? 1 : ratio;
    }
  }
  let shaded = 0;
  for (let k = 0; k < map.length; k += 1) if (map[k]! < 1) shaded += 1;
  if (shaded > from.area * MAX_SHADOW_SHARE) return 0;
  interpolateRows(map, w, h, Math.max(4, from.box.width * MAX_BRIDGE));
  // Soft edges: a shadow has no corners.
  const soft = boxBlur(map, w, h, radius * 2);
  // The shadow lies on the support, so it is stretched by the ratio of the widths on both axes
  // (the floor's depth under a product goes with its width, not its height), and laid only along
  // the support line: from a little above the new product's foot downwards. Stretched by the
  // heights, a wide product's shadow became a halo around a tall one.
  const scaleX = from.box.width / Math.max(1, to.width);
  const scaleY = scaleX;
  const toFoot = to.x + to.width / 2;
  const toBottom = to.y + to.height;
  const supportTop = toBottom - Math.min(to.height, to.width) * SHADOW_REACH;
  const bandHeight = Math.max(1, toBottom - supportTop);
  const laid = clipBox(limits, width, frame.height);
  const outline = solid && product ? followOutline(solid, product, to, area, width) : undefined;
  const fadeLength = radius * 2;
  let total = 0;
  for (let y = 0; y < h; y += 1) {
    const fy = y + area.y;
    if (fy < supportTop) continue;
    const oy = Math.round(from.bottom + (fy - toBottom) * scaleY) - area.y;
    if (oy < 0 || oy >= h) continue;
    for (let x = 0; x < w; x += 1) {
      const fx = x + area.x;
      const ox = Math.round(from.footX + (fx - toFoot) * scaleX) - area.x;
      if (ox < 0 || ox >= w) continue;
      const darkening = soft[oy * w + ox]!;
      const i = fy * width + fx;
      // Laid inside the allowed area only: the old shadow measured beyond it (a long cast shadow
      // taken whole) belongs to the old product's height and place, and laid there for a smaller
      // product it floated beside it and was cut off where the old hole ended.
      const edge = Math.min(
        fx - laid.x,
        fy - laid.y,
        laid.x + laid.width - 1 - fx,
        laid.y + laid.height - 1 - fy,
      );
      if (!(darkening < 1) || protect?.[i] || edge < 0) continue;
      // Fade the shadow out over the last pixels of the allowed area: no straight cut edge.
      // And in towards the foot from the top of the support band: cut off there at full
      // strength, an old side shadow laid beside a smaller product's body showed as a grey
      // block with a straight top edge (beside a camera's knob).
      let fade = Math.min(1, edge / (radius * 2)) * Math.min(1, (fy - supportTop) / bandHeight);
      if (outline) {
        // Farther from the new product than it lay from the old one: the old product's shape,
        // not the new one's.
        const allowed =
          Math.min(
            outline.old[oy * w + ox]! / scaleX,
            Math.min(to.width, to.height) * CONTACT_REACH,
          ) + radius;
        const beyond = outline.now[y * w + x]! - allowed;
        if (beyond > 0) fade *= Math.max(0, 1 - beyond / fadeLength);
        if (fade <= 0) continue;
      }
      const factor = 1 - (1 - darkening) * fade;
      for (let c = 0; c < 3; c += 1) {
        const k = i * frame.channels + c;
        frame.data[k] = Math.round(frame.data[k]! * factor);
      }
      total += 1 - factor;
    }
  }
  return total / (w * h);
}

/** Darkening at the middle of a laid contact shadow, right under the product's lowest row. */
const CONTACT_DARKENING = 0.5;
/** The lowest share of the new product's solid height whose extent is its foot, for the shadow. */
const CONTACT_FOOT_SHARE = 0.03;
/**
 * The foot's width, as a share of the product's, up to which the product touches the surface
 * with a point and gets no contact shadow; from twice it, the shadow is laid whole.
 */
const POINT_FOOT = 0.12;
/**
 * How far below the contact line a contact shadow reaches: this share of the foot's width plus
 * the same share of the product's width (a broad product shades more of the surface before it).
 */
const CONTACT_DEPTH = 0.03;
/** A column of the product is part of its body when it is solid over this share of its height. */
const BODY_COLUMN = 0.5;
/**
 * The outline a product rests on keeps within this share of its height (at least 2 px) of a line:
 * its flat base, and the straight edges it stands on (a box seen from above); a round base curves
 * away from it.
 */
const STRAIGHT_EDGE = 0.015;
/**
 * A product's base (the outline within STRAIGHT_EDGE of its lowest point) this share of its
 * width wide or more, its ends at one height, is level: the product stands on it.
 */
const LEVEL_BASE = 0.24;
/**
 * Otherwise the product stands on the corner its lowest point is only when its outline reaches
 * this share of its width past it on each side (a box seen from above: its short side rises
 * steeply on one side). A shoe tilted toe-down in the air has its lowest point at one end.
 */
const CORNER_SIDE = 0.02;

/**
 * A soft contact shadow under the new product's foot (frame changed in place), so that it
 * stands on the surface instead of floating above it where the template had no shadow to carry
 * over (a drone photographed against white, a glass vase on a white block). It follows the
 * product's resting outline, a little wider than it, darkest at the contact line and fading
 * downwards and to the sides. `before` is the frame as it was before any shadow was laid: a
 * pixel the template's own shadow already darkened that much keeps it (the two do not add up).
 * Stays inside `limits`, never on `protect`. Returns the number of pixels darkened.
 */
export function layContactShadow(options: {
  frame: Raster;
  before: Uint8Array;
  product: Raster;
  to: Box;
  limits: Box;
  protect?: Uint8Array;
}): number {
  const { frame, product } = options;
  const limits = clipBox(options.limits, frame.width, frame.height);
  const legs = measureLegFeet(product);
  if (legs) {
    // Each leg stands on its own foot; a leg's foot alone is narrow, but the legs spread under
    // the product hold it up.
    let count = 0;
    for (const foot of legs) count += layFootShadow(options, limits, foot, CONTACT_DARKENING);
    return count;
  }
  const foot = measureProductFoot(product);
  if (!foot) return 0;
  // A product that touches the surface with a corner or a tip (a cable's plug, a tilted bottle)
  // does not stand on it: a shadow under that point alone showed as a smudge beside it.
  const footShare = (foot.right - foot.left + 1) / foot.width;
  const strength =
    CONTACT_DARKENING * Math.min(1, Math.max(0, (footShare - POINT_FOOT) / POINT_FOOT));
  if (strength <= 0) return 0;
  return layFootShadow(options, limits, foot, strength);
}

/** The contact shadow under one foot, darkest by `strength`; the number of pixels darkened. */
function layFootShadow(
  options: { frame: Raster; before: Uint8Array; to: Box; protect?: Uint8Array },
  limits: Box,
  foot: ProductFoot,
  strength: number,
): number {
  const { frame, before, to, protect } = options;
  const halfWidth = (foot.right - foot.left + 1) / 2;
  const centreX = to.x + (foot.left + foot.right + 1) / 2;
  const reachX = halfWidth * 1.3 + 2;
  const depth = Math.max(2, (halfWidth * 2 + foot.width) * CONTACT_DEPTH);
  // The contact line under each column of the frame: the foot's own, held level past its ends.
  const contactAt = (fx: number) =>
    to.y + foot.contact[Math.min(foot.right, Math.max(foot.left, fx - to.x))]!;
  let count = 0;
  const x0 = Math.max(limits.x, Math.floor(centreX - reachX));
  const x1 = Math.min(limits.x + limits.width, Math.ceil(centreX + reachX));
  for (let fx = x0; fx < x1; fx += 1) {
    const contactY = contactAt(fx);
    const y0 = Math.max(limits.y, Math.floor(contactY - depth));
    const y1 = Math.min(limits.y + limits.height, Math.ceil(contactY + depth * 2));
    // Flat along the foot, down to nothing at the shadow's ends: no edge shows on white. Past the
    // ends of an outline it follows, within the depth: held at a rounded base's end, it stood
    // out beside the product as an ear above its lowest row.
    const past = Math.max(foot.left - (fx - to.x), fx - to.x - foot.right, 0);
    const sideways = foot.followsOutline ? Math.max(0, 1 - past / depth) : 1;
    const dx = Math.min(1, Math.abs(fx + 0.5 - centreX) / reachX);
    for (let fy = y0; fy < y1; fy += 1) {
      // Darkest on the contact line, fading out below it, and quickly above it: the product
      // hides it there, except beside a rounded or narrower foot.
      const dy = fy >= contactY ? (fy - contactY) / depth : (contactY - fy) / (depth / 2);
      const i = fy * frame.width + fx;
      if (protect?.[i]) continue;
      // And over the last pixels of the limits: no straight cut edge.
      const edge = Math.min(
        fx - limits.x,
        fy - limits.y,
        limits.x + limits.width - 1 - fx,
        limits.y + limits.height - 1 - fy,
      );
      const fade = Math.min(1, edge / Math.max(2, depth / 2));
      const falloff = fade * sideways * (1 - dx ** 4) ** 2 * Math.exp(-3 * dy * dy);
      const target = 1 - strength * falloff;
      if (target >= 0.995) continue;
      const p = i * frame.channels;
      // What the template's shadow already darkened here counts toward the contact shadow.
      const already = (luminanceAt(frame.data, p) + 1) / (luminanceAt(before, p) + 1);
      const factor = Math.min(1, target / Math.min(1, already));
      if (factor >= 0.995) continue;
      for (let c = 0; c < 3; c += 1) frame.data[p + c] = Math.round(frame.data[p + c]! * factor);
      count += 1;
    }
  }
  return count;
}

interface ProductFoot {
  /** The first and last columns the product rests on. */
  left: number;
  right: number;
  /** Per column of the product, the row just under its contact line (from left to right). */
  contact: Float64Array;
  /** The width of all the product's solid pixels. */
  width: number;
  /**
   * The contact line follows the outline (see restingOutline): past its ends it lies beside the
   * product's sides, not under it, and fades within the shadow's depth there.
   */
  followsOutline: boolean;
}

/**
 * A product's solid pixels (RGBA at its box size, or its alpha alone) column by column: each
 * column's lowest solid row (-1 for none) and count, their extent and their mean column. Null
 * when none is solid.
 */
function measureSolidColumns(product: Raster) {
  const { width, height, data, channels } = product;
  const alpha = channels - 1;
  const lowest = new Int32Array(width).fill(-1);
  const solidCount = new Int32Array(width);
  let top = -1;
  let bottom = -1;
  let solidLeft = width;
  let solidRight = -1;
  let columnSum = 0;
  let solidTotal = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * channels + alpha]! < SOLID_ALPHA) continue;
      if (top < 0) top = y;
      bottom = y;
      lowest[x] = y;
      solidCount[x]! += 1;
      solidLeft = Math.min(solidLeft, x);
      solidRight = Math.max(solidRight, x);
      columnSum += x;
      solidTotal += 1;
    }
  }
  if (bottom < 0) return null;
  return {
    width,
    lowest,
    solidCount,
    bottom,
    solidLeft,
    solidRight,
    solidHeight: bottom - top + 1,
    solidWidth: solidRight - solidLeft + 1,
    meanColumn: columnSum / solidTotal,
  };
}

/** The lowest share of a product's solid height in which its legs' feet are looked for. */
const LEG_BAND = 0.2;
/** The widest a leg may be within that band, as a share of the product's width. */
const LEG_WIDTH = 0.25;
/** The least share of a leg's width (within the band) its level foot spans: no pointed tip. */
const LEVEL_FOOT = 0.4;
/** The narrowest a foot may be, as a share of the product's width: thinner is a cord or a lace. */
const LEAST_FOOT = 0.025;
/** The least share of the product's width its outermost feet span. */
const LEG_SPREAD = 0.4;

/**
 * The feet of a product that stands on legs (a stool, a chair, a table, a drone's landing gear),
 * seen at an angle: the back feet stand higher in the picture than the front ones. Within the
 * lowest LEG_BAND of its height the product is two or more separate legs, each narrow, ending
 * in a level foot (within STRAIGHT_EDGE of its lowest point, not a pointed tip such as a tilted
 * bottle's corner) no thinner than a cord or a lace hanging from a shoe, spread under the product
 * and holding its mean column.
 * Null when it does not stand so.
 */
export function measureLegFeet(product: Raster): ProductFoot[] | null {
  const solid = measureSolidColumns(product);
  if (!solid) return null;
  const { width, lowest, bottom, solidLeft, solidRight, solidHeight, solidWidth } = solid;
  const bandTop = bottom - solidHeight * LEG_BAND;
  const tolerance = Math.max(2, solidHeight * STRAIGHT_EDGE);
  const feet: ProductFoot[] = [];
  for (let x = solidLeft; x <= solidRight; x += 1) {
    if (lowest[x]! < bandTop) continue;
    let end = x;
    while (end + 1 <= solidRight && lowest[end + 1]! >= bandTop) end += 1;
    const runWidth = end - x + 1;
    if (runWidth > solidWidth * LEG_WIDTH) return null;
    let footLowest = 0;
    for (let k = x; k <= end; k += 1) footLowest = Math.max(footLowest, lowest[k]!);
    let left = -1;
    let right = -1;
    for (let k = x; k <= end; k += 1) {
      if (lowest[k]! < footLowest - tolerance) continue;
      if (left < 0) left = k;
      right = k;
    }
    if (right - left + 1 < Math.max(runWidth * LEVEL_FOOT, solidWidth * LEAST_FOOT)) return null;
    feet.push({
      left,
      right,
      contact: new Float64Array(width).fill(footLowest + 1),
      width: solidWidth,
      followsOutline: false,
    });
    x = end;
  }
  if (feet.length < 2) return null;
  const spanLeft = feet[0]!.left;
  const spanRight = feet.at(-1)!.right;
  if (spanRight - spanLeft + 1 < solidWidth * LEG_SPREAD) return null;
  if (solid.meanColumn < spanLeft || solid.meanColumn > spanRight + 1) return null;
  return feet;
}

/**
 * Where a product (RGBA at its box size) touches the surface it stands on: along the outline
 * it rests on when it rests on one (see restingOutline: a level base, a box's corner and its two
 * edges; a knob below a camera's base at one side is no part of it). Otherwise its foot is the
 * extent of its lowest CONTACT_FOOT_SHARE of solid rows, level with its lowest row. Null when it
 * has no solid pixel.
 */
function measureProductFoot(product: Raster): ProductFoot | null {
  const solid = measureSolidColumns(product);
  if (!solid) return null;
  const { width, lowest, solidCount, bottom, solidHeight, solidWidth } = solid;
  const resting = restingOutline(lowest, solidCount, {
    height: solidHeight,
    width: solidWidth,
    meanColumn: solid.meanColumn,
  });
  if (resting) return { ...resting, width: solidWidth, followsOutline: true };
  const from = bottom - Math.max(1, Math.round(solidHeight * CONTACT_FOOT_SHARE));
  let left = width;
  let right = -1;
  for (let x = 0; x < width; x += 1) {
    if (lowest[x]! < from) continue;
    left = Math.min(left, x);
    right = Math.max(right, x);
  }
  return {
    left,
    right,
    contact: new Float64Array(width).fill(bottom + 1),
    width: solidWidth,
    followsOutline: false,
  };
}

/**
 * The stretch of a product's outline its body rests on, and the lower hull of its body columns'
 * lowest pixels under it: its base (the hull within STRAIGHT_EDGE of its lowest point) and the
 * straight edges that run on from the base's ends. Null when it does not rest on that stretch:
 * the base is a corner at one end of the outline (a shoe tilted toe-down, a bottle on its tip), or
 * the stretch does not hold the product's mean column (the product would tip over).
 */
function restingOutline(
  lowest: Int32Array,
  solidCount: Int32Array,
  solid: { height: number; width: number; meanColumn: number },
): { left: number; right: number; contact: Float64Array } | null {
  const body: Array<{ x: number; y: number }> = [];
  for (let x = 0; x < lowest.length; x += 1) {
    if (solidCount[x]! >= solid.height * BODY_COLUMN) body.push({ x, y: lowest[x]! + 1 });
  }
  if (body.length === 0) return null;
  const hull = lowerHull(body);
  const contact = new Float64Array(lowest.length);
  let lowestY = 0;
  for (let k = 0; k < hull.length; k += 1) {
    const a = hull[k]!;
    const b = hull[k + 1] ?? a;
    lowestY = Math.max(lowestY, a.y);
    for (let x = a.x; x <= b.x; x += 1) {
      contact[x] = b.x === a.x ? a.y : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
    }
  }
  const tolerance = Math.max(2, solid.height * STRAIGHT_EDGE);
  let baseLeft = -1;
  let baseRight = -1;
  for (let x = hull[0]!.x; x <= hull.at(-1)!.x; x += 1) {
    if (contact[x]! < lowestY - tolerance) continue;
    if (baseLeft < 0) baseLeft = x;
    baseRight = x;
  }
  // From an end of the base outward along the hull, as far as the outline stays on one line.
  const straightTo = (step: 1 | -1) => {
    const fromX = step > 0 ? baseRight : baseLeft;
    const fromY = contact[fromX]!;
    let reach = fromX;
    for (const to of step > 0 ? hull : [...hull].reverse()) {
      if ((to.x - fromX) * step <= 0) continue;
      const slope = (to.y - fromY) / (to.x - fromX);
      const straight = body.every(
        (point) =>
          (point.x - fromX) * (point.x - to.x) > 0 ||
          Math.abs(point.y - (fromY + slope * (point.x - fromX))) <= tolerance,
      );
      if (!straight) break;
      reach = to.x;
    }
    return reach;
  };
  const left = straightTo(-1);
  const right = straightTo(1);
  const isLevel =
    baseRight - baseLeft + 1 >= solid.width * LEVEL_BASE &&
    Math.abs(contact[baseLeft]! - contact[baseRight]!) <= tolerance / 2;
  const lowestPoints = hull.filter((point) => point.y === lowestY);
  const side = solid.width * CORNER_SIDE;
  const isCorner = lowestPoints[0]!.x - left >= side && right - lowestPoints.at(-1)!.x >= side;
  if (!isLevel && !isCorner) return null;
  if (solid.meanColumn < left || solid.meanColumn > right + 1) return null;
  return { left, right, contact };
}

/**
 * The lower hull of points in increasing x (image rows grow downwards): a point on or above the
 * line between its neighbours is not where the outline would touch a flat surface.
 */
function lowerHull(points: Array<{ x: number; y: number }>): Array<{ x: number; y: number }> {
  const hull: Array<{ x: number; y: number }> = [];
  for (const point of points) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2]!;
      const b = hull[hull.length - 1]!;
      if ((b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x) < 0) break;
      hull.pop();
    }
    hull.push(point);
  }
  return hull;
}

/**
 * Distances (in pixels of the area) to the old product's own pixels and to the new product's
 * body as it will be placed at `to`.
 */
function followOutline(
  solid: Uint8Array,
  product: Raster,
  to: Box,
  area: Box,
  width: number,
): { old: Float32Array; now: Float32Array } {
  const w = area.width;
  const h = area.height;
  const oldMask = new Uint8Array(w * h);
  const newMask = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      oldMask[y * w + x] = solid[(y + area.y) * width + x + area.x]! ? 1 : 0;
      const px = x + area.x - to.x;
      const py = y + area.y - to.y;
      if (px < 0 || py < 0 || px >= product.width || py >= product.height) continue;
      const alpha = product.data[(py * product.width + px) * product.channels + 3]!;
      if (alpha >= SOLID_ALPHA) newMask[y * w + x] = 1;
    }
  }
  return { old: chamferDistance(oldMask, w, h), now: chamferDistance(newMask, w, h) };
}

/**
 * The old product without its shadow. Segmentation often takes a cast shadow for part of the
 * object; near the contact line, object pixels that are a neutral darkening of the background
 * predicted around the hole (and have no sharp edge) are shadow. Returns the object left.
 */
export function separateShadow(original: Raster, hole: Uint8Array, object: Uint8Array): Uint8Array {
  const { width, height } = original;
  let top = height;
  let bottom = -1;
  for (let i = 0; i < object.length; i += 1) {
    if (!object[i]) continue;
    const y = Math.floor(i / width);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (bottom < 0) return object;
  const predicted: Raster = { ...original, data: original.data.slice() };
  fillRegion(predicted, hole, { grain: 0, isRough: true });
  const from = Math.max(0, Math.floor(bottom - (bottom - top) * SHADOW_REACH));
  const band = { x: 0, y: from, width, height: bottom - from + 1 };
  const sharp = findSharpEdges(original, band);
  const detail = measureDetail(original, band);
  const grain = measureGrainDetail(detail, band, hole, width);
  const solid = object.slice();
  for (let y = from; y <= bottom; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const k = (y - from) * width + x;
      if (!object[i] || sharp[k] || detail[k]! > Math.max(2 * DETAIL, 1.5 * grain)) continue;
      const p = i * original.channels;
      const red = (original.data[p]! + 1) / (predicted.data[p]! + 1);
      const green = (original.data[p + 1]! + 1) / (predicted.data[p + 1]! + 1);
      const blue = (original.data[p + 2]! + 1) / (predicted.data[p + 2]! + 1);
      const ratio = (red + green + blue) / 3;
      const spread = Math.max(red, green, blue) - Math.min(red, green, blue);
      // Pixels like the background (ratio near 1) are not the object either: a penumbra's end.
      if (spread <= 0.12 && ratio >= DARKEST_SHADOW && ratio < 2 - NOISE_LEVEL) solid[i] = 0;
    }
  }
  return solid;
}

/**
 * Fine detail around each pixel of the area: |Laplacian| of luminance averaged over 5x5. A
 * shadow's soft ramp has almost none; print, edges and texture have plenty.
 */
function measureDetail(raster: Raster, area: Box): Float32Array {
  const { width: w, height: h } = area;
  const l = blurredLuminance(raster, area, 0);
  const laplacian = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const k = y * w + x;
      laplacian[k] = Math.abs(l[k - 1]! + l[k + 1]! + l[k - w]! + l[k + w]! - 4 * l[k]!);
    }
  }
  return boxBlur(laplacian, w, h, 2);
}

/** The median detail of the area's pixels outside the mask: the picture's own grain there. */
function measureGrainDetail(detail: Float32Array, area: Box, mask: Uint8Array, width: number) {
  const values: number[] = [];
  for (let y = 0; y < area.height; y += 2) {
    for (let x = 0; x < area.width; x += 2) {
      if (!mask[(y + area.y) * width + x + area.x]) values.push(detail[y * area.width + x]!);
    }
  }
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 0;
}

/** Pixels of the area next to a luminance step sharper than SHARP_EDGE (grown by a pixel). */
function findSharpEdges(raster: Raster, area: Box): Uint8Array {
  const { width: w, height: h } = area;
  const l = blurredLuminance(raster, area, 0);
  const out = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const k = y * w + x;
      const gx = (l[k + 1]! - l[k - 1]!) / 2;
      const gy = (l[k + w]! - l[k - w]!) / 2;
      if (gx * gx + gy * gy <= SHARP_EDGE * SHARP_EDGE) continue;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) out[k + dy * w + dx] = 1;
    }
  }
  return out;
}

function blurredLuminance(raster: Raster, area: Box, radius: number): Float32Array {
  const values = new Float32Array(area.width * area.height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      const i = ((y + area.y) * raster.width + x + area.x) * raster.channels;
      values[y * area.width + x] = luminanceAt(raster.data, i);
    }
  }
  return boxBlur(values, area.width, area.height, radius);
}

function blurredColour(raster: Raster, area: Box, radius: number): Float32Array {
  const out = new Float32Array(area.width * area.height * 3);
  for (let c = 0; c < 3; c += 1) {
    const values = new Float32Array(area.width * area.height);
    for (let y = 0; y < area.height; y += 1) {
      for (let x = 0; x < area.width; x += 1) {
        values[y * area.width + x] =
          raster.data[((y + area.y) * raster.width + x + area.x) * raster.channels + c]!;
      }
    }
    const blurred = boxBlur(values, area.width, area.height, radius);
    for (let i = 0; i < blurred.length; i += 1) out[i * 3 + c] = blurred[i]!;
  }
  return out;
}

/**
 * Separable box blur with clamped edges: the mean over the part of the window inside the picture,
 * kept as running sums along each row, then each column.
 */
function boxBlur(
  values: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  if (radius < 1) return values.slice();
  const rows = new Float32Array(values.length);
  for (let row = 0; row < values.length; row += width)
    blurLine(values, rows, row, 1, width, radius);
  const out = new Float32Array(values.length);
  for (let x = 0; x < width; x += 1) blurLine(rows, out, x, width, height, radius);
  return out;
}

/** One line of boxBlur: `length` values from `start`, `step` apart. */
function blurLine(
  from: Float32Array,
  to: Float32Array,
  start: number,
  step: number,
  length: number,
  radius: number,
): void {
  let sum = 0;
  for (let d = 0; d <= Math.min(radius, length - 1); d += 1) sum += from[start + d * step]!;
  for (let t = 0; t < length; t += 1) {
    const count = Math.min(length - 1, t + radius) - Math.max(0, t - radius) + 1;
    to[start + t * step] = sum / count;
    if (t + radius + 1 < length) sum += from[start + (t + radius + 1) * step]!;
    if (t - radius >= 0) sum -= from[start + (t - radius) * step]!;
  }
}

/**
 * Unknown (NaN) values take the linear interpolation of the nearest known ones in their row,
 * across gaps up to maxGap; wider gaps (the middle of a big object) stay unshaded.
 */
function interpolateRows(map: Float32Array, width: number, height: number, maxGap: number): void {
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let last = -1;
    for (let x = 0; x <= width; x += 1) {
      const known = x < width && !Number.isNaN(map[row + x]!);
      if (x < width && !known) continue;
      const left = last >= 0 ? map[row + last]! : undefined;
      const right = x < width ? map[row + x]! : undefined;
      for (let g = last + 1; g < x; g += 1) {
        const t = (g - last) / (x - last);
        // Known on one side only (the row leaves the area under the object): no shadow, else
        // one value carried across the object would draw a hard-edged block.
        map[row + g] =
          left !== undefined && right !== undefined && x - last <= maxGap
            ? left * (1 - t) + right * t
            : 1;
      }
      last = x;
    }
  }
}

export function unionBox(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
