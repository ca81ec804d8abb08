import type { Box } from '../types.js';
import { fillHole, fillRegion, isTexturedAround } from './fill-region.js';
import { predictSaliency, probabilityToRaster, type SaliencySource } from '../ml/isnet-model.js';
import { renderFrame, type Frame } from './frame-template.js';
import {
  boxMean,
  labelComponents,
  largestComponent,
  maskOfParts,
  type Component,
} from './mask-tools.js';
import {
  boundingBoxOf,
  clipBox,
  cropRaster,
  dilate,
  growBox,
  luminanceAt,
  measureTransparency,
  padBox,
  rankFilter,
  resizeMask,
  resizeRaster,
  type Raster,
} from './raster.js';
import { segmentForeground } from './segment-foreground.js';

const WORK_SIDE = 256;
/** Changes stay inside the product box grown by this much (room for shadows). */
export const SHADOW_ALLOWANCE = 0.05;

/**
 * Removes the template's product and its shadow from the framed template (in place): GrabCut
 * inside the box finds the object, the mask is grown to swallow its edge and the shadow at its
 * foot, and the hole is filled from the background around it. Nothing outside the box grown by
 * SHADOW_ALLOWANCE changes, except parts of the object the box cut off (see findRemovalHole) and
 * the frame's made-up margin where the hole reaches it (see marginBesideHole).
 */
export async function removeProduct(
  frame: Raster,
  box: Box,
  recordedMask?: Uint8Array,
  /** The ad's words (in frame pixels): never erased unless on the product, never copied. */
  wordBoxes: Box[] = [],
  options: RemovalOptions = {},
): Promise<Uint8Array> {
  const { width, height } = frame;
  const limits = clipBox(growBox(box, SHADOW_ALLOWANCE), width, height);
  const { hole, object: grown } =
    options.found ?? (await findRemovalHole(frame, box, recordedMask, wordBoxes));
  const words = maskOfBoxes(wordBoxes, width, height);
  closeOnFrameEdges(hole, width, height, options.protect ?? words);
  const original = frame.data.slice();
  const fill = {
    model: options.model ?? true,
    exclude: words,
    protect: options.protect,
    keepOut: options.keepOut,
  };
  const margin = options.margin;
  // The made-up margin beside the hole is made again from the template's edge outside the hole
  // (the old product's colours left out) before the hole is filled from round it.
  const stale = options.madeUpMargin
    ? marginBesideHole(options.madeUpMargin, hole, width, height)
    : null;
  if (stale) fillRegion(frame, stale, { exclude: hole });
  // The margin with the hole, in one go when the model takes them together; else the hole as
  // always, then the margin the same way: by the model alone (the smooth band stays where it
  // would not), or with copies of the scene where the hole was (a printed cloth the model smears).
  const withMargin = margin ? hole.map((v, i) => v | margin[i]!) : null;
  const together =
    withMargin && (await fillHole(frame, withMargin, { ...fill, modelOnly: true })) === 'model';
  let marginFilled = together;
  if (!together) {
    // The margin's smooth band is made up: copied into the hole, it shows as flat blots.
    const exclude = margin ? words.map((v, i) => v | margin[i]!) : words;
    const marginByModel = (await fillHole(frame, hole, { ...fill, exclude })) !== 'patches';
    if (margin) {
      const how = { ...fill, model: marginByModel, modelOnly: marginByModel };
      marginFilled = (await fillHole(frame, margin, how)) !== 'none';
    }
  }
  // Shadow pixels at the edge of the allowed area fade back into the original, so the clipped
  // edge of an old soft shadow does not show as a straight line. Not at the frame's own edges:
  // nothing lies past them to fade into, and the fade brought the old tone back there as a strip
  // beside the fill.
  const feather = Math.max(4, Math.round(Math.min(box.width, box.height) * 0.04));
  const unlessFrameEdge = (distance: number, isFrameEdge: boolean) =>
    isFrameEdge ? Infinity : distance;
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const i = y * width + x;
      if (!hole[i] || grown[i]) continue;
      const toSides = [
        unlessFrameEdge(x - limits.x, limits.x === 0),
        unlessFrameEdge(limits.x + limits.width - 1 - x, limits.x + limits.width === width),
        unlessFrameEdge(y - limits.y, limits.y === 0),
        unlessFrameEdge(limits.y + limits.height - 1 - y, limits.y + limits.height === height),
      ];
      const edge = Math.min(...toSides);
      if (edge >= feather) continue;
      // Where the hole goes on past the allowed area (a cast shadow taken whole), there is no
      // edge to fade into.
      const side = toSides.indexOf(edge);
      const beyondX = side === 0 ? limits.x - 1 : side === 1 ? limits.x + limits.width : x;
      const beyondY = side === 2 ? limits.y - 1 : side === 3 ? limits.y + limits.height : y;
      if (
        beyondX >= 0 &&
        beyondY >= 0 &&
        beyondX < width &&
        beyondY < height &&
        hole[beyondY * width + beyondX]
      )
        continue;
      const t = edge / feather;
      for (let c = 0; c < 3; c += 1) {
        const k = i * frame.channels + c;
        frame.data[k] = Math.round(frame.data[k]! * t + original[k]! * (1 - t));
      }
    }
  }
  // Made again from the template's edge as it is now, so that it meets the fill without a seam.
  if (stale && !marginFilled) fillRegion(frame, stale);
  return hole;
}

/**
 * The pieces of the frame's made-up margin (frameMargin) that the hole reaches, or null:
 * renderFrame made them from the template's edge with the old product in it, so a product the
 * template's side cuts (a vase's dried leaves) goes on into the margin as a smear of its colours
 * down the picture's side; and the hole's fill, which takes its colours from round the hole, then
 * carries that smear back into the picture.
 */
export function marginBesideHole(
  madeUp: Uint8Array,
  hole: Uint8Array,
  width: number,
  height: number,
): Uint8Array | null {
  const reach = dilate(hole, width, height, 2);
  const { labels, components } = labelComponents(madeUp, width, height);
  const touched = new Uint8Array(components.length + 1);
  for (let i = 0; i < madeUp.length; i += 1) if (madeUp[i] && reach[i]) touched[labels[i]!] = 1;
  const pieces = madeUp.map((v, i) => (v && touched[labels[i]!] ? 1 : 0));
  return pieces.includes(1) ? pieces : null;
}

/** The widest strip of scene between a hole and the frame's edge that joins the hole (share of the side). */
const FRAME_SLIVER = 0.008;

/** The largest piece of scene closed in by the hole and the frame's edge that joins the hole (share of the frame). */
const FRAME_POCKET = 0.005;

/**
 * Adds to the hole (in place) the thin strips of scene left between it and the frame's edges: a
 * fill reaching the frame's side on every row but a few met the photo's own pixels there in a
 * seam of another tone a few pixels from the edge (a table's edge stepped at the frame's side);
 * and the small pockets of scene it closes in against the frame's edge. Protected pixels (the
 * ad's words) stay.
 */
export function closeOnFrameEdges(
  hole: Uint8Array,
  width: number,
  height: number,
  protect?: Uint8Array,
): void {
  const reach = Math.max(3, Math.round(Math.max(width, height) * FRAME_SLIVER));
  // Walks in from one edge along a line of pixels (`at(k)` is the k-th from the edge): when the
  // hole starts within reach, the pixels before it join it.
  const close = (at: (k: number) => number, length: number) => {
    for (let k = 0; k <= Math.min(reach, length - 1); k += 1) {
      if (!hole[at(k)]) continue;
      for (let j = 0; j < k; j += 1) if (!protect?.[at(j)]) hole[at(j)] = 1;
      return;
    }
  };
  for (let y = 0; y < height; y += 1) {
    close((k) => y * width + k, width);
    close((k) => y * width + width - 1 - k, width);
  }
  for (let x = 0; x < width; x += 1) {
    close((k) => k * width + x, height);
    close((k) => (height - 1 - k) * width + x, height);
  }
  // Pockets: small pieces of scene that the hole and the frame's edge close in, cut off from the
  // rest of the picture (a grey patch with the mask's steps left at the side of a white desk).
  const scene = hole.map((v) => (v ? 0 : 1));
  const { labels, components } = labelComponents(scene, width, height);
  if (components.length < 2) return;
  const largest = largestComponent(components);
  const pocket = new Uint8Array(components.length + 1);
  for (const part of components) {
    const isPocket = part.touchesBorder && part.area < width * height * FRAME_POCKET;
    if (part !== largest && isPocket) pocket[part.label] = 1;
  }
  for (let i = 0; i < hole.length; i += 1) if (pocket[labels[i]!] && !protect?.[i]) hole[i] = 1;
}

export type RemovalOptions = {
  /** Pixels the new product will cover: their fill need not be good. */
  keepOut?: Uint8Array;
  /** Pixels never painted (word boxes that must stay as they are). */
  protect?: Uint8Array;
  /** The removal hole already found by findRemovalHole for this frame and box. */
  found?: { hole: Uint8Array; object: Uint8Array };
  /** Whether the inpainting model may fill the hole (see fillHole); yes unless said. */
  model?: boolean;
  /**
   * Where the frame reaches past a textured template (sceneMargin): filled again together with
   * the hole, so the scene (a valley, a room) goes on into it rather than as the smooth band
   * renderFrame left, and the old product, gone by then, is not carried on into it.
   */
  margin?: Uint8Array | null;
  /**
   * Where the frame reaches past the template at all (frameMargin), filled smoothly by
   * renderFrame from the template's edge: the pieces the hole reaches are made again without the
   * old product (see marginBesideHole), unless `margin` was filled again with or after the hole.
   */
  madeUpMargin?: Uint8Array | null;
};

/**
 * The pixels to remove: the object (GrabCut inside the box, or the recorded mask) grown over its
 * edge, whatever inside the allowed area stands out from the background predicted around it, and
 * the band at its foot. Parts of the object that stick out of the allowed area (a bottle cap, a
 * handle the detection box cut off) are taken too, up to PART_REACH: they are the pixels that
 * stand out from a plain background and touch the hole, as long as they are small and end before
 * PART_REACH and the frame's edge (what goes on beyond is the scene: a table edge, another object),
 * and a thin strap or cord of the object that runs on to the frame's edge (findStrandsToFrame).
 * Also returns the grown object with the protruding parts (not the strands: they play no part in
 * placing the new product), which are never faded back.
 */
export async function findRemovalHole(
  frame: Raster,
  box: Box,
  recordedMask: Uint8Array | undefined,
  wordBoxes: Box[],
  /** The saliency model's map of the frame (see predictFrameSaliency); GrabCut without it. */
  saliency?: Raster,
): Promise<{ hole: Uint8Array; object: Uint8Array }> {
  const { width, height } = frame;
  const limits = clipBox(growBox(box, SHADOW_ALLOWANCE), width, height);
  const words = maskOfBoxes(wordBoxes, width, height);
  const salientAll = recordedMask || !saliency ? null : findSalientObject(saliency, box, words);
  // Inside the allowed area the salient outline is the object; past it, only its small parts
  // that end near the box are (see findProtrudingParts).
  const salient = salientAll && maskInside(salientAll, limits, width);
  const object = recordedMask ?? salient ?? (await findObjectMask(frame, box));
  const radius = edgeRadius(box);
  const differs = dilate(findDifferentPixels(frame, limits, words), width, height, 3);
  // The saliency model's outline already holds the rims: only its anti-aliased edge is added.
  const grown = dilate(object, width, height, salient ? salientEdgeRadius(box) : radius);
  // The saliency model outlines the object with its rims, so what else stands out is only taken
  // close to it (its soft shadow, a thin part): farther off it is the floor through a wheel, a
  // rug or a shaded wall, and taking it leaves the fill nothing clean to copy. GrabCut's blob is
  // rougher: there everything that stands out in the allowed area goes.
  const near = salient ? dilate(object, width, height, radius * NEAR_REACH) : null;
  const hole = new Uint8Array(width * height);
  const footTop = box.y + box.height * 0.9;
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const i = y * width + x;
      // The band at the foot holds the old contact shadow, which GrabCut leaves out.
      const isFoot = y >= footTop && x >= box.x && x < box.x + box.width;
      if (words[i] && !object[i]) continue;
      if (grown[i] || ((differs[i] || isFoot) && (!near || near[i]))) hole[i] = 1;
    }
  }
  // On a textured background everything stands out from a smooth prediction: no parts there.
  const isPlain = !isTexturedAround(frame, hole, words);
  if (salient && isPlain) {
    const reach = dilate(object, width, height, radius * PIECE_REACH);
    for (const i of findEnclosedPieces(differs, hole, limits, reach, width)) hole[i] = 1;
  }
  const parts =
    salientAll || isPlain
      ? findProtrudingParts(
          frame,
          { box, limits, hole, object: salientAll ?? object, words },
          {
            objectOnly: Boolean(salientAll),
          },
        )
      : new Uint8Array(width * height);
  // Most swaps have no protruding parts: their dilations below are then empty, and skipped.
  const hasParts = parts.includes(1);
  const partsGrown = hasParts ? dilate(parts, width, height, radius) : parts;
  if (hasParts) {
    for (let i = 0; i < hole.length; i += 1) {
      if (partsGrown[i] && !(words[i] && !object[i])) hole[i] = 1;
    }
  }
  // What the saliency model is sure of within a mask (see CORE_LEVEL); null without a model.
  const sureOf =
    salient && saliency
      ? (mask: Uint8Array) => mask.map((v, i) => (v && saliency.data[i]! >= CORE_LEVEL ? 1 : 0))
      : null;
  const core = salient && sureOf ? sureOf(salient) : null;
  // The object the caller places against and lays the old shadow from is what the model is sure
  // of, grown by the edge radius as GrabCut's is (the caller shrinks it back): a soft shadow the
  // model half counts as the object belongs to the hole, not to the object.
  const objectGrown = core ? dilate(core, width, height, radius) : grown;
  if (hasParts) {
    // The parts of the object grown by the edge radius, then by it once more: a square dilation
    // by r twice is one by 2r, made in one pass. Only parts the model is sure of, with a model.
    const partsOfObject = sureOf ? sureOf(parts) : parts;
    const kept = dilate(partsOfObject, width, height, 2 * radius);
    for (let i = 0; i < objectGrown.length; i += 1) if (kept[i]) objectGrown[i] = 1;
  }
  if (core) {
    // Where the model's map is weak or joins the object to the scene (a saucer under a pot that
    // the map runs into the desk, a strap's far end), the object's own colours still tell it.
    const unlike = findObjectColouredParts(frame, { box, hole, core, words });
    if (unlike.includes(1)) {
      const unlikeGrown = dilate(unlike, width, height, radius);
      for (let i = 0; i < hole.length; i += 1) {
        if (!unlikeGrown[i] || (words[i] && !object[i])) continue;
        hole[i] = 1;
        objectGrown[i] = 1;
      }
    }
  }
  const strands =
    salient && saliency ? findStrandsToFrame(frame, saliency, { box, hole, words }) : null;
  if (strands) {
    const strandsGrown = dilate(strands, width, height, radius);
    for (let i = 0; i < hole.length; i += 1) {
      if (strandsGrown[i] && !(words[i] && !object[i])) hole[i] = 1;
    }
  }
  if (isPlain) {
    // The old product's cast shadow reaches past the allowed area on a plain background (a soft
    // shadow around a mouse on white): left there, it is a grey ring around the new product.
    const shadow = findCastShadow(frame, { box, hole, words });
    for (let i = 0; i < hole.length; i += 1) if (shadow[i]) hole[i] = 1;
  } else {
    const shadow = findHardShadow(frame, { limits, hole, words });
    for (let i = 0; i < hole.length; i += 1) if (shadow[i]) hole[i] = 1;
  }
  return { hole, object: objectGrown };
}

/** The four neighbours of a pixel, in the order they are visited (made once, not per pixel). */
const SIDES = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** Share of the lit surface's luminance under which a pixel joined to the hole is its shadow. */
const HARD_SHADOW_DARKNESS = 0.55;
/** Least share of the dark pixels round the hole that are joined to it for them to be a shadow. */
const JOINED_SHARE = 0.8;

/**
 * On an evenly lit textured surface (sand, a plain cloth), the old product's hard cast shadow:
 * the pixels of the allowed area joined to the hole and far darker than the surface round it.
 * Left there, a sharp dark shape of the old product lies beside the new one. A surface with
 * dark parts of its own (loose tea, a patterned rug) has many dark pieces apart from the hole
 * too and gives nothing: its dark pieces are not told from a shadow.
 */
function findHardShadow(
  frame: Raster,
  found: { limits: Box; hole: Uint8Array; words: Uint8Array },
): Uint8Array {
  const { width, height, channels, data } = frame;
  const { limits, hole, words } = found;
  const shadow = new Uint8Array(width * height);
  const w = limits.width;
  const h = limits.height;
  const localHole = new Uint8Array(w * h);
  const luminance = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y + limits.y) * width + x + limits.x;
      localHole[y * w + x] = hole[i] ? 1 : 0;
      luminance[y * w + x] = luminanceAt(data, i * channels);
    }
  }
  // Local means: the grain of sand is no shadow.
  const mean = boxMean(luminance, w, h, 2);
  const band = Math.max(6, Math.round(Math.max(w, h) * 0.04));
  const ring = dilate(localHole, w, h, band);
  const near = dilate(localHole, w, h, 3);
  const rim: number[] = [];
  for (let k = 0; k < w * h; k += 1) {
    const i = (Math.floor(k / w) + limits.y) * width + (k % w) + limits.x;
    if (ring[k] && !near[k] && !words[i]) rim.push(mean[k]!);
  }
  if (rim.length < 50) return shadow;
  rim.sort((a, b) => a - b);
  const median = rim[rim.length >> 1]!;
  const dark = new Uint8Array(w * h);
  for (let k = 0; k < w * h; k += 1) {
    const i = (Math.floor(k / w) + limits.y) * width + (k % w) + limits.x;
    if (!localHole[k] && !words[i] && mean[k]! < HARD_SHADOW_DARKNESS * median) dark[k] = 1;
  }
  const { labels, components } = labelComponents(dark, w, h);
  const touches = new Uint8Array(components.length + 1);
  // A dark part that runs on past the allowed area (a heap the object stood on, the shade of
  // something else) is the scene's: the old product's shadow ends near it.
  const runsOn = new Uint8Array(components.length + 1);
  const grownHole = dilate(localHole, w, h, 1);
  for (let k = 0; k < w * h; k += 1) {
    if (!labels[k]) continue;
    if (grownHole[k]) touches[labels[k]!] = 1;
    const x = k % w;
    const y = (k - x) / w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) runsOn[labels[k]!] = 1;
  }
  for (let label = 1; label <= components.length; label += 1) {
    if (runsOn[label]) touches[label] = 0;
  }
  const taken = new Uint8Array(w * h);
  let darkCount = 0;
  let joinedCount = 0;
  for (let k = 0; k < w * h; k += 1) {
    if (!labels[k]) continue;
    darkCount += 1;
    if (!touches[labels[k]!]) continue;
    taken[k] = 1;
    joinedCount += 1;
  }
  if (joinedCount < JOINED_SHARE * darkCount) return shadow;
  // Its soft edge (the penumbra) goes with it.
  const grown = dilate(taken, w, h, 2);
  for (let k = 0; k < w * h; k += 1) {
    const i = (Math.floor(k / w) + limits.y) * width + (k % w) + limits.x;
    if (grown[k] && !words[i]) shadow[i] = 1;
  }
  return shadow;
}

/** The least share of a piece's border that faces the backdrop for it to be the object's rim. */
const RIM_SHARE = 0.5;
/** How far from the object (in edge radii) a piece of it may reach. */
const PIECE_REACH = 3;

/**
 * On a plain backdrop, what stands out from it, touches the hole and ends inside the allowed area
 * belongs to the old object even where the saliency model left it out: a dark end of a camera's
 * body, the core of a shadow under it, a blurred second vase. A piece that runs on to the edge of
 * the allowed area (a table's edge, a wall meeting a floor) or that the hole closes round (the wall
 * inside a bicycle's frame) is the scene: it stays. Only what lies near the object is taken: the
 * far side of a wide piece is more often the backdrop's own shade.
 */
function findEnclosedPieces(
  differs: Uint8Array,
  hole: Uint8Array,
  limits: Box,
  /** Pixels near enough to the object: only those of a piece are taken. */
  reach: Uint8Array,
  width: number,
): number[] {
  const taken: number[] = [];
  const seen = new Uint8Array(hole.length);
  const queue: number[] = [];
  const x1 = limits.x + limits.width - 1;
  const y1 = limits.y + limits.height - 1;
  for (let y = limits.y; y <= y1; y += 1) {
    for (let x = limits.x; x <= x1; x += 1) {
      const start = y * width + x;
      if (seen[start] || hole[start] || !differs[start]) continue;
      queue.length = 0;
      queue.push(start);
      seen[start] = 1;
      let touchesHole = false;
      let reachesEdge = false;
      let holeSide = 0;
      let openSide = 0;
      for (let n = 0; n < queue.length; n += 1) {
        const i = queue[n]!;
        const px = i % width;
        const py = (i - px) / width;
        if (px === limits.x || py === limits.y || px === x1 || py === y1) reachesEdge = true;
        for (const [dx, dy] of SIDES) {
          const nx = px + dx;
          const ny = py + dy;
          if (nx < limits.x || ny < limits.y || nx > x1 || ny > y1) continue;
          const j = ny * width + nx;
          if (hole[j]) {
            touchesHole = true;
            holeSide += 1;
          } else if (!differs[j]) openSide += 1;
          else if (!seen[j]) {
            seen[j] = 1;
            queue.push(j);
          }
        }
      }
      // A piece the hole closes round (the wall inside a bicycle's frame, the floor through a
      // wheel) is the scene seen through the object; the object's own rim faces the backdrop.
      const isRim = openSide >= (openSide + holeSide) * RIM_SHARE;
      if (touchesHole && !reachesEdge && isRim) for (const i of queue) if (reach[i]) taken.push(i);
    }
  }
  return taken;
}

/** Levels per colour channel of the histograms that tell the object's colours from the scene's. */
const COLOUR_LEVELS = 8;
/** How many times likelier under the object's colours than the scene's a pixel must be. */
const OBJECT_COLOUR_RATIO = 6;
/** Colour distance from the scene's mean around it beyond which a pixel clearly is not scene. */
const FAR_FROM_SCENE = 60;
/** The least share of a part's joined area that is of the object's colour (see below). */
const SOLID_PART_SHARE = 0.3;
/** The lowest share of the object's height where parts of its colour are looked for. */
const FOOT_PART_SHARE = 0.15;

/**
 * Pieces of the old object's foot the hole left out, told by colour: pixels near the box, outside the
 * hole, whose colour is far more common on the object (what the model is sure of) than in the
 * scene around it, connected to the hole. A saucer's red under a red pot is the object's even
 * where the model's map runs on into the desk; the desk's wood and the runner's threads are the
 * scene's. A piece that runs on to the edge of the reach (not the frame's: the frame may cut the
 * object), rises above the object's foot or is large beside the product is the scene's own
 * colour: it stays.
 */
function findObjectColouredParts(
  frame: Raster,
  found: { box: Box; hole: Uint8Array; core: Uint8Array; words: Uint8Array },
): Uint8Array {
  const { width, height, channels, data } = frame;
  const { box, hole, core, words } = found;
  const parts = new Uint8Array(width * height);
  // Only at the object's foot, past the sides and below the box as far as a cut-off part may
  // reach: what the box cuts off there is the object's own (a saucer, a base) and sets the line
  // it stood on. Higher up, the object's colours are as often the scene's behind it (books of a
  // chair's blue on a shelf behind it).
  const coreBox = boundingBoxOf(core, width);
  if (!coreBox) return parts;
  const around = clipBox(growBox(box, SHADOW_ALLOWANCE + PART_REACH), width, height);
  const top = Math.round(coreBox.y + coreBox.height * (1 - FOOT_PART_SHARE));
  const reach = { ...around, y: top, height: around.y + around.height - top };
  if (reach.height < 2) return parts;
  const shift = 8 - Math.log2(COLOUR_LEVELS);
  const binOf = (i: number) =>
    ((data[i * channels]! >> shift) * COLOUR_LEVELS + (data[i * channels + 1]! >> shift)) *
      COLOUR_LEVELS +
    (data[i * channels + 2]! >> shift);
  const bins = COLOUR_LEVELS ** 3;
  const objectCount = new Float64Array(bins);
  const sceneCount = new Float64Array(bins);
  let objectTotal = 0;
  let sceneTotal = 0;
  for (let y = reach.y; y < reach.y + reach.height; y += 1) {
    for (let x = reach.x; x < reach.x + reach.width; x += 1) {
      const i = y * width + x;
      if (core[i]) {
        objectCount[binOf(i)]! += 1;
        objectTotal += 1;
      } else if (!hole[i] && !words[i]) {
        sceneCount[binOf(i)]! += 1;
        sceneTotal += 1;
      }
    }
  }
  if (objectTotal === 0 || sceneTotal === 0) return parts;
  const isObjectColour = new Uint8Array(bins);
  for (let b = 0; b < bins; b += 1) {
    // One pixel in a thousand of the scene as a floor: a colour the scene lacks is not certain.
    const scene = Math.max(sceneCount[b]! / sceneTotal, 1e-3);
    isObjectColour[b] = objectCount[b]! / objectTotal > scene * OBJECT_COLOUR_RATIO ? 1 : 0;
  }
  // The rest works in the reach only, in its own coordinates (k), which keeps it fast.
  const rw = reach.width;
  const rh = reach.height;
  const frameIndex = new Int32Array(rw * rh);
  const open = new Uint8Array(rw * rh);
  const coloured = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y += 1) {
    for (let x = 0; x < rw; x += 1) {
      const k = y * rw + x;
      const i = (y + reach.y) * width + x + reach.x;
      frameIndex[k] = i;
      open[k] = hole[i] || words[i] ? 0 : 1;
      if (open[k] && isObjectColour[binOf(i)]) coloured[k] = 1;
    }
  }
  // The object's colour must also stand far from the scene right around it: a dark speck of a
  // dark floor shares a bin with a black laptop, but not its distance from the floor.
  const scene = new Float32Array(rw * rh);
  for (let k = 0; k < scene.length; k += 1) scene[k] = open[k] && !coloured[k] ? 1 : 0;
  const sceneRadius = Math.max(8, Math.round(Math.min(box.width, box.height) * 0.06));
  const sceneShare = boxMean(scene, rw, rh, sceneRadius);
  const sceneMean = [0, 1, 2].map((c) => {
    const values = new Float32Array(rw * rh);
    for (let k = 0; k < values.length; k += 1) {
      values[k] = scene[k]! * data[frameIndex[k]! * channels + c]!;
    }
    return boxMean(values, rw, rh, sceneRadius);
  });
  const candidate = new Uint8Array(rw * rh);
  for (let k = 0; k < candidate.length; k += 1) {
    if (!coloured[k] || sceneShare[k]! <= 0) continue;
    let distance = 0;
    for (let c = 0; c < 3; c += 1) {
      const d = data[frameIndex[k]! * channels + c]! - sceneMean[c]![k]! / sceneShare[k]!;
      distance += d * d;
    }
    if (distance > FAR_FROM_SCENE * FAR_FROM_SCENE) candidate[k] = 1;
  }
  // A patterned part (red print on white) is object-coloured in specks: they are joined across
  // the gaps of a pixel or two.
  const joined = dilate(candidate, rw, rh, 2);
  for (let k = 0; k < joined.length; k += 1) if (!open[k]) joined[k] = 0;
  const isHole = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < rw && y < rh && hole[frameIndex[y * rw + x]!] === 1;
  // The edge of the reach inside the frame: a piece that gets there goes on beyond it. At the
  // frame's edge the frame cut the object (a strap's far end).
  const isReachEdge = (x: number, y: number) =>
    (x === 0 && reach.x > 0) ||
    (y === 0 && reach.y > 0) ||
    (x === rw - 1 && reach.x + rw < width) ||
    (y === rh - 1 && reach.y + rh < height);
  const seen = new Uint8Array(rw * rh);
  const queue: number[] = [];
  const maxArea = box.width * box.height * MAX_PART_SHARE;
  for (let y = 0; y < rh; y += 1) {
    for (let x = 0; x < rw; x += 1) {
      const start = y * rw + x;
      if (seen[start] || !joined[start]) continue;
      // Only pieces that touch the hole are followed.
      if (!isHole(x - 1, y) && !isHole(x + 1, y) && !isHole(x, y - 1) && !isHole(x, y + 1)) {
        continue;
      }
      queue.length = 0;
      queue.push(start);
      seen[start] = 1;
      let leavesReach = false;
      for (let n = 0; n < queue.length; n += 1) {
        const k = queue[n]!;
        const px = k % rw;
        const py = (k - px) / rw;
        if (isReachEdge(px, py)) leavesReach = true;
        if (px > 0 && joined[k - 1] && !seen[k - 1]) {
          seen[k - 1] = 1;
          queue.push(k - 1);
        }
        if (px < rw - 1 && joined[k + 1] && !seen[k + 1]) {
          seen[k + 1] = 1;
          queue.push(k + 1);
        }
        if (py > 0 && joined[k - rw] && !seen[k - rw]) {
          seen[k - rw] = 1;
          queue.push(k - rw);
        }
        if (py < rh - 1 && joined[k + rw] && !seen[k + rw]) {
          seen[k + rw] = 1;
          queue.push(k + rw);
        }
      }
      if (leavesReach || queue.length > maxArea) continue;
      // A part is solid (a saucer, a strap); the same colour in specks is the scene's texture (a
      // rug's threads of the pot's orange).
      let solid = 0;
      for (const k of queue) solid += candidate[k]!;
      if (solid < queue.length * SOLID_PART_SHARE) continue;
      for (const k of queue) if (candidate[k]) parts[frameIndex[k]!] = 1;
    }
  }
  return parts;
}

/** How far past the product box (a fraction of its longer side) its cast shadow is looked for. */
const SHADOW_REACH = 0.5;
/** Luminance levels a shadow may darken by, going away from the product, as the photo's noise. */
const LIGHTENING_NOISE = 3;
/** Darker than this share of the background's light is shadow; lighter is the surface's noise. */
const SHADOW_RATIO = 0.96;

/**
 * The old product's cast shadow on a plain background: the pixels within SHADOW_REACH of the box,
 * reached from the hole lightening all the way, that are a neutral darkening (the same ratio on every
 * channel, as light is) of the background's own light. That light is taken row by row (a backdrop's gradient runs
 * top to bottom) as the colour of the row's brighter known pixels: on a plain surface the unshaded
 * paper is the brightest. A darkening that runs on to the edge of the reach inside the frame is
 * the scene's own light (a vignette, a wall's shade), not this shadow: then none.
 */
function findCastShadow(
  frame: Raster,
  found: { box: Box; hole: Uint8Array; words: Uint8Array },
): Uint8Array {
  const { width, height, channels, data } = frame;
  const { hole, words } = found;
  // As far on every side: a flat product's shadow reaches as far above and below it as beside.
  const pad = SHADOW_REACH * Math.max(found.box.width, found.box.height);
  const reach = clipBox(padBox(found.box, pad), width, height);
  const none = new Uint8Array(width * height);
  const luminance = (i: number) => luminanceAt(data, i * channels);
  // The light of each row: the known pixel at the 90th percentile of luminance.
  const light: (number[] | null)[] = [];
  for (let y = reach.y; y < reach.y + reach.height; y += 1) {
    const known: number[] = [];
    for (let x = reach.x; x < reach.x + reach.width; x += 1) {
      const i = y * width + x;
      if (!hole[i] && !words[i]) known.push(i);
    }
    if (known.length < Math.max(8, reach.width * 0.05)) {
      light.push(null);
      continue;
    }
    const i = known[atRank(known.map(luminance), Math.floor(known.length * 0.9))]!;
    light.push([0, 1, 2].map((c) => data[i * channels + c]!));
  }
  // Rows with too few known pixels (the hole spans them) take the nearest row's light.
  for (let pass = 0; pass < 2; pass += 1) {
    for (let k = 0; k < light.length; k += 1) {
      const near = pass === 0 ? light[k - 1] : light[light.length - k];
      if (pass === 0 && !light[k] && near) light[k] = near;
      if (pass === 1 && !light[light.length - 1 - k] && near) light[light.length - 1 - k] = near;
    }
  }
  const isShadow = (i: number, y: number) => {
    const paper = light[y - reach.y];
    if (words[i] || !paper) return false;
    // Per channel, written out: this runs for every pixel round the hole.
    const red = (data[i * channels]! + 1) / (paper[0]! + 1);
    const green = (data[i * channels + 1]! + 1) / (paper[1]! + 1);
    const blue = (data[i * channels + 2]! + 1) / (paper[2]! + 1);
    const ratio = (red + green + blue) / 3;
    return (
      ratio < SHADOW_RATIO &&
      ratio > 0.3 &&
      Math.max(red, green, blue) - Math.min(red, green, blue) < 0.1
    );
  };
  const isReachEdge = (x: number, y: number) =>
    (x === reach.x && x > 0) ||
    (y === reach.y && y > 0) ||
    (x === reach.x + reach.width - 1 && x < width - 1) ||
    (y === reach.y + reach.height - 1 && y < height - 1);
  const shadow = new Uint8Array(width * height);
  const pathLight = new Float32Array(width * height);
  const queue: number[] = [];
  for (let i = 0; i < hole.length; i += 1) if (hole[i]) queue.push(i);
  let added = 0;
  for (let n = 0; n < queue.length; n += 1) {
    const i = queue[n]!;
    const x = i % width;
    const y = (i - x) / width;
    for (const [dx, dy] of SIDES) {
      const nx = x + dx;
      const ny = y + dy;
      if (
        nx < reach.x ||
        ny < reach.y ||
        nx >= reach.x + reach.width ||
        ny >= reach.y + reach.height
      )
        continue;
      const j = ny * width + nx;
      if (hole[j] || shadow[j] || !isShadow(j, ny)) continue;
      // A cast shadow only lightens away from the product; a backdrop's shade darkens again
      // past it: the path stops where it falls below the lightest it has been.
      const lightest = hole[i] ? luminance(j) : Math.max(pathLight[i]!, luminance(j));
      if (lightest - luminance(j) > LIGHTENING_NOISE) continue;
      pathLight[j] = lightest;
      // The darkening goes on beyond the reach: it is the scene's.
      if (isReachEdge(nx, ny)) return none;
      shadow[j] = 1;
      added += 1;
      queue.push(j);
    }
  }
  // Close the shadow's speckles (a pixel of noise above the ratio inside it) and its rim.
  return added > 0 ? dilate(shadow, width, height, 2) : none;
}

/**
 * Where the value at `rank` of a stable sort of `values` stands in `values`: the same one a
 * sort by value would put there, ties kept in their order, without sorting with a comparator
 * (slow, and this runs for every row of the shadow's reach).
 */
function atRank(values: number[], rank: number): number {
  const value = Float64Array.from(values).sort()[rank]!;
  // The ties before it in the sorted order are the first ones in `values`.
  let tiesBefore = rank;
  for (const v of values) if (v < value) tiesBefore -= 1;
  for (let k = 0; k < values.length; k += 1) {
    if (values[k] !== value) continue;
    if (tiesBefore === 0) return k;
    tiesBefore -= 1;
  }
  return -1;
}

/** How far the object mask is grown over its edge (anti-aliasing, halo, a little shadow). */
export function edgeRadius(box: Box): number {
  return Math.max(4, Math.round(Math.min(box.width, box.height) * 0.035));
}

/** How far a salient object's outline is grown: its anti-aliased edge, a pixel of halo. */
function salientEdgeRadius(box: Box): number {
  return Math.max(3, Math.round(edgeRadius(box) * 0.4));
}

/** How far past the allowed area (a fraction of the box) a protruding part may reach. */
const PART_REACH = 0.25;
/** The largest a cut-off part may be, as a share of the box's area. */
const MAX_PART_SHARE = 0.15;

/**
 * Pixels outside the allowed area that belong to the object: the recorded or found object mask
 * there, and the parts standing out from the background that touch the hole and end within
 * PART_REACH of the box.
 */
function findProtrudingParts(
  frame: Raster,
  found: { box: Box; limits: Box; hole: Uint8Array; object: Uint8Array; words: Uint8Array },
  /** Only the object mask counts (a salient outline): what merely stands out is the scene. */
  options: { objectOnly?: boolean } = {},
): Uint8Array {
  const { width, height } = frame;
  const { limits, hole, object, words } = found;
  const reach = clipBox(growBox(found.box, SHADOW_ALLOWANCE + PART_REACH), width, height);
  const isInLimits = (x: number, y: number) =>
    x >= limits.x && y >= limits.y && x < limits.x + limits.width && y < limits.y + limits.height;
  const differs = options.objectOnly
    ? new Uint8Array(width * height)
    : findDifferentPixels(frame, reach, words);
  const parts = new Uint8Array(width * height);
  const seen = new Uint8Array(width * height);
  const queue: number[] = [];
  for (let y = reach.y; y < reach.y + reach.height; y += 1) {
    for (let x = reach.x; x < reach.x + reach.width; x += 1) {
      const start = y * width + x;
      if (seen[start] || isInLimits(x, y) || !(differs[start] || object[start])) continue;
      // One connected part outside the limits: kept if it touches the hole and ends in reach.
      queue.length = 0;
      queue.push(start);
      seen[start] = 1;
      let touchesHole = false;
      let leavesReach = false;
      for (let n = 0; n < queue.length; n += 1) {
        const i = queue[n]!;
        const px = i % width;
        const py = (i - px) / width;
        for (let dy = -1; dy <= 1; dy += 1) {
          for (let dx = -1; dx <= 1; dx += 1) {
            const nx = px + dx;
            const ny = py + dy;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
            const j = ny * width + nx;
            // Inside the limits the background prediction took colour from the part itself,
            // so the part's pixels there may have been missed: they join it.
            if (isInLimits(nx, ny) && hole[j]) {
              touchesHole = true;
              continue;
            }
            if (
              nx < reach.x ||
              ny < reach.y ||
              nx >= reach.x + reach.width ||
              ny >= reach.y + reach.height
            )
              continue;
            if (seen[j] || !(differs[j] || object[j]) || (words[j] && !object[j])) continue;
            seen[j] = 1;
            queue.push(j);
          }
        }
        // What reaches the edge of the reach goes on beyond it. So does what reaches the frame's
        // edge, unless it is the model's outline of the object: then the frame cut the object
        // (a chair's legs at the bottom of the frame).
        const atFrame = options.objectOnly ? 0 : 1;
        if (
          (px === reach.x && (px > 0 || atFrame)) ||
          (py === reach.y && (py > 0 || atFrame)) ||
          (px === reach.x + reach.width - 1 && (px < width - 1 || atFrame)) ||
          (py === reach.y + reach.height - 1 && (py < height - 1 || atFrame))
        ) {
          leavesReach = true;
        }
      }
      // A part is small beside the product; a big region is the scene.
      const isSmall = queue.length <= found.box.width * found.box.height * MAX_PART_SHARE;
      if (touchesHole && !leavesReach && isSmall) for (const i of queue) parts[i] = 1;
    }
  }
  return parts;
}

/** Mean width, as a share of its length, under which a part is a strand (a strap, a cord). */
const STRAND_THINNESS = 0.2;
/** The widest a strand may be on average, as a share of the frame's longer side. */
const STRAND_WIDTH = 0.03;
/** A strand leaves the object above this share of the box's height (supports meet its foot). */
const STRAND_ATTACH = 0.75;
/** Saliency (0..255) down to which a strand is followed: the model sees a strap only faintly. */
const STRAND_LEVEL = 8;
/** How near the frame's edge (share of its longer side) a strand ends to run off it. */
const STRAND_EDGE = 0.01;

/** Side of the square (share of the frame's longer side) a thin line is narrower than. */
const LINE_SIZE = 0.016;
/** Levels by which a thin line is darker or lighter than the grey closing or opening over it. */
const LINE_CONTRAST = 12;
/** Largest share of thin-line pixels round a pixel (a square six LINE_SIZE wide) on a backdrop. */
const MAX_LINE_DENSITY = 0.5;
/** Share of the gap between a thin line's end and the hole over which the line must go on. */
const LINE_CARRIED = 0.8;
/** How far (share of the frame's longer side) a thin line may end short of the hole it points at. */
const LINE_GAP = 0.2;

/**
 * Thin parts of the old object that run on from the hole to the frame's edge, past the reach of
 * findProtrudingParts: a camera's strap hanging from above the picture, which the saliency model
 * sees only faintly (a tenth of its certainty), a pendant lamp's cord, or the metal handle of a tea
 * infuser, which it does not see at all. Left, they hang from nothing in the new ad. A strand is a
 * part of what the model sees outside the hole (from STRAND_LEVEL up), or of the thin lines darker
 * or lighter than what lies round them (a grey top-hat: narrower than LINE_SIZE) where such lines
 * are few (not in a texture), that is thin for its length, is small beside the object, ends at the frame's edge and
 * leaves the hole above the object's foot (a table's or a shelf's edge meets the object at its
 * foot). A line of the scene that passes behind the object (a shelf's or a table's back edge, a
 * horizon) runs off the frame on both sides of it: parts that run off opposite sides of the frame
 * are the scene's and stay. Null when there is none.
 */
function findStrandsToFrame(
  frame: Raster,
  saliency: Raster,
  found: { box: Box; hole: Uint8Array; words: Uint8Array },
): Uint8Array | null {
  const { width, height } = saliency;
  const { box, hole, words } = found;
  const count = width * height;
  const seen = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    seen[i] = !hole[i] && !words[i] && saliency.data[i]! >= STRAND_LEVEL ? 1 : 0;
  }
  const attachBelow = Math.min(height, Math.ceil(box.y + box.height * STRAND_ATTACH));
  const rim = dilate(hole, width, height, 2);
  // A part the model sees leaves the hole's rim above the object's foot.
  const seenParts = labelComponents(seen, width, height);
  const fromModel = strandsAmong(seenParts, saliency, box, (part, labels) => {
    for (let i = 0; i < attachBelow * width; i += 1) {
      if (rim[i] && labels[i] === part.label) return new Uint8Array(0);
    }
    return null;
  });
  // Thin lines are looked for at half size: the grey filters and the parts' labels cost a
  // quarter, and a strand is grown past its edge when it joins the hole anyway.
  const half = { width: Math.ceil(width / 2), height: Math.ceil(height / 2) };
  const holeHalf = halveMask(hole, width, height);
  const luminance = halveLuminance(frame);
  const { lines, contrasted } = findThinLines(luminance, holeHalf, halveMask(words, width, height));
  const boxHalf = { x: box.x / 2, y: box.y / 2, width: box.width / 2, height: box.height / 2 };
  // A long thin line that is not one of many alike (planks' seams, stripes) points at the hole
  // above the object's foot from nearby (short bits at the frame's edge are the scene's). Where
  // it joins the object (a handle's hinge among loose tea) it is lost among other lines, and the
  // gap is taken with it.
  const lineParts = labelComponents(lines, half.width, half.height);
  const family = directionsOfLongLines(lineParts, half);
  const longLine = Math.max(half.width, half.height) * LONG_LINE;
  const linesHalf = strandsAmong(lineParts, half, boxHalf, (part, labels) => {
    const axis = axisOf(part, labels, half.width);
    if (axis.high - axis.low < longLine || isOneOfMany(axis, family)) return null;
    return corridorToHole(axis, {
      ...half,
      hole: holeHalf,
      contrasted,
      attachBelow: attachBelow / 2,
    });
  });
  const fromLines = linesHalf && doubleMask(linesHalf, half, { width, height });
  if (!fromModel || !fromLines) return fromModel ?? fromLines;
  for (let i = 0; i < count; i += 1) fromModel[i] ||= fromLines[i]!;
  return fromModel;
}

/**
 * The strands among the labelled `parts` of a mask (see findStrandsToFrame): thin, small beside the
 * object, running to the frame's edge, joining the hole (`join` gives the pixels between them, or
 * null when the part does not join it) and not a line across the frame. The parts with their
 * joins; null when there is none.
 */
function strandsAmong(
  parts: { labels: Int32Array; components: Component[] },
  size: { width: number; height: number },
  box: Box,
  join: (part: Component, labels: Int32Array) => Uint8Array | null,
): Uint8Array | null {
  const { width, height } = size;
  const { labels, components } = parts;
  const side = Math.max(width, height);
  // The model's map fades in the last pixels at the picture's edge: a strand ends near it.
  const edge = Math.max(2, Math.round(side * STRAND_EDGE));
  const sidesReached = (part: Component) => ({
    left: part.minX <= edge,
    top: part.minY <= edge,
    right: part.maxX >= width - 1 - edge,
    bottom: part.maxY >= height - 1 - edge,
  });
  // The shape rules first: most swaps have no thin part running off the frame, and stop here.
  const thin = components.filter((part) => {
    const reached = sidesReached(part);
    if (!reached.left && !reached.top && !reached.right && !reached.bottom) return false;
    const length = Math.hypot(part.maxX - part.minX + 1, part.maxY - part.minY + 1);
    const thickness = part.area / length;
    // A strap is small beside its product; a long thin part as large is another object's edge
    // (a monitor's lit bezel running off the frame beside a cup).
    return (
      thickness <= length * STRAND_THINNESS &&
      thickness <= side * STRAND_WIDTH &&
      part.area <= box.width * box.height * MAX_PART_SHARE
    );
  });
  if (thin.length === 0) return null;
  const joined = thin.flatMap((part) => {
    const between = join(part, labels);
    return between ? [{ part, between, reached: sidesReached(part) }] : [];
  });
  const across = {
    sides: joined.some((s) => s.reached.left) && joined.some((s) => s.reached.right),
    ends: joined.some((s) => s.reached.top) && joined.some((s) => s.reached.bottom),
  };
  const kept = joined.filter(
    ({ reached: r }) =>
      !((across.sides && (r.left || r.right)) || (across.ends && (r.top || r.bottom))),
  );
  if (kept.length === 0) return null;
  const strands = maskOfParts(labels, new Set(kept.map((s) => s.part.label))).parts;
  for (const { between } of kept)
    for (let i = 0; i < between.length; i += 1) strands[i] ||= between[i]!;
  return strands;
}

/** A thin part's axis: its centre, direction (unit), ends along it and half its mean width. */
type Axis = {
  cx: number;
  cy: number;
  dx: number;
  dy: number;
  low: number;
  high: number;
  halfWidth: number;
};

/** The principal direction of a part's pixels through their centre, and its ends along it. */
function axisOf(part: Component, labels: Int32Array, width: number): Axis {
  const cx = part.sumX / part.area;
  const cy = part.sumY / part.area;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = part.minY; y <= part.maxY; y += 1) {
    for (let x = part.minX; x <= part.maxX; x += 1) {
      if (labels[y * width + x] !== part.label) continue;
      xx += (x - cx) * (x - cx);
      yy += (y - cy) * (y - cy);
      xy += (x - cx) * (y - cy);
    }
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  let low = Infinity;
  let high = -Infinity;
  for (let y = part.minY; y <= part.maxY; y += 1) {
    for (let x = part.minX; x <= part.maxX; x += 1) {
      if (labels[y * width + x] !== part.label) continue;
      const along = (x - cx) * dx + (y - cy) * dy;
      low = Math.min(low, along);
      high = Math.max(high, along);
    }
  }
  const halfWidth = part.area / (high - low + 1) / 2;
  return { cx, cy, dx, dy, low, high, halfWidth };
}

/**
 * A thin part's end farther from the frame's edges (where it leaves the object), as a position
 * along its axis, and the direction (+1 or -1) in which the axis goes on from there.
 */
function innerEnd(axis: Axis, width: number, height: number): { from: number; step: 1 | -1 } {
  const toEdge = (t: number) => {
    const x = axis.cx + t * axis.dx;
    const y = axis.cy + t * axis.dy;
    return Math.min(x, y, width - 1 - x, height - 1 - y);
  };
  return toEdge(axis.high) >= toEdge(axis.low)
    ? { from: axis.high, step: 1 }
    : { from: axis.low, step: -1 };
}

/** Length (share of the frame's longer side) from which a thin line counts among the scene's. */
const LONG_LINE = 0.08;
/** Lines within this angle (radians) of each other run alike. */
const ALIKE_ANGLE = 0.17;
/** How many other long lines running alike make a line one of a pattern (planks, stripes). */
const PATTERN_LINES = 3;

/** The directions (radians, 0..π) of the long thin lines among the labelled parts of a mask. */
function directionsOfLongLines(
  parts: { labels: Int32Array; components: Component[] },
  size: { width: number; height: number },
): number[] {
  const { labels, components } = parts;
  const { width } = size;
  const long = Math.max(width, size.height) * LONG_LINE;
  return components
    .filter((part) => {
      const length = Math.hypot(part.maxX - part.minX + 1, part.maxY - part.minY + 1);
      return length >= long && part.area / length <= length * STRAND_THINNESS;
    })
    .map((part) => {
      const { dx, dy } = axisOf(part, labels, width);
      return (Math.atan2(dy, dx) + Math.PI) % Math.PI;
    });
}

/**
 * Whether a line runs alike with PATTERN_LINES other long lines of the picture (its own direction
 * is among `directions` once): the seams of planks or a stripe, the scene's, not an object's rod.
 */
function isOneOfMany(axis: Axis, directions: number[]): boolean {
  const own = (Math.atan2(axis.dy, axis.dx) + Math.PI) % Math.PI;
  const alike = directions.filter((direction) => {
    const apart = Math.abs(direction - own);
    return Math.min(apart, Math.PI - apart) <= ALIKE_ANGLE;
  });
  return alike.length > PATTERN_LINES;
}

/**
 * The pixels between a thin part and the hole it points at: its axis carried on from its end
 * farther from the frame's edges, at most LINE_GAP of the frame's side, until it meets the hole
 * above `attachBelow`, with lines of any density (`contrasted`) along most of the way
 * (LINE_CARRIED); as wide as twice the part. Empty when the part touches the hole; null when its
 * axis misses it or the line breaks off on the way.
 */
function corridorToHole(
  axis: Axis,
  scene: {
    width: number;
    height: number;
    hole: Uint8Array;
    contrasted: Float32Array;
    attachBelow: number;
  },
): Uint8Array | null {
  const { width, height, hole, contrasted, attachBelow } = scene;
  const { cx, cy, dx, dy } = axis;
  const { from, step } = innerEnd(axis, width, height);
  const halfWidth = Math.max(2, 2 * axis.halfWidth);
  const reach = Math.round(Math.max(width, height) * LINE_GAP);
  // Steps on which the line goes on across the axis (within the corridor's width).
  let carried = 0;
  for (let t = 0; t <= reach; t += 1) {
    const x = Math.round(cx + (from + step * t) * dx);
    const y = Math.round(cy + (from + step * t) * dy);
    if (x < 0 || y < 0 || x >= width || y >= height || y >= attachBelow) return null;
    if (!hole[y * width + x]) {
      for (let o = -halfWidth; o <= halfWidth; o += 1) {
        const qx = Math.round(x - dy * o);
        const qy = Math.round(y + dx * o);
        if (qx >= 0 && qy >= 0 && qx < width && qy < height && contrasted[qy * width + qx]) {
          carried += 1;
          break;
        }
      }
      continue;
    }
    if (t <= 1) return new Uint8Array(0);
    // The line goes on to the hole, among other lines (a hinge on loose tea); an edge of
    // something else that merely points at it breaks off.
    if (carried < t * LINE_CARRIED) return null;
    // Every pixel within half the corridor's width of the segment from the part's end to here.
    const corridor = new Uint8Array(width * height);
    const x0 = cx + from * dx;
    const y0 = cy + from * dy;
    for (let s = 0; s <= t; s += 1) {
      const px = x0 + step * s * dx;
      const py = y0 + step * s * dy;
      for (let oy = -halfWidth; oy <= halfWidth; oy += 1) {
        for (let ox = -halfWidth; ox <= halfWidth; ox += 1) {
          const qx = Math.round(px + ox);
          const qy = Math.round(py + oy);
          if (qx >= 0 && qy >= 0 && qx < width && qy < height) corridor[qy * width + qx] = 1;
        }
      }
    }
    return corridor;
  }
  return null;
}

/**
 * Thin lines darker or lighter than what lies round them (the grey closing or opening of the
 * luminance over a square LINE_SIZE wide, less the luminance, past LINE_CONTRAST), outside the
 * hole and the words: all of them (`contrasted`), and those where they are few (`lines`,
 * MAX_LINE_DENSITY).
 */
function findThinLines(
  luminance: Raster,
  hole: Uint8Array,
  words: Uint8Array,
): { lines: Uint8Array; contrasted: Float32Array } {
  const { width, height, data } = luminance;
  const radius = Math.max(1, Math.round((Math.max(width, height) * LINE_SIZE) / 2));
  const rank = (values: Uint8Array, kind: 'max' | 'min') =>
    rankFilter(values, width, height, radius, kind);
  const closed = rank(rank(data, 'max'), 'min');
  const opened = rank(rank(data, 'min'), 'max');
  const contrasted = new Float32Array(width * height);
  for (let i = 0; i < contrasted.length; i += 1) {
    if (hole[i] || words[i]) continue;
    const value = data[i]!;
    if (closed[i]! - value > LINE_CONTRAST || value - opened[i]! > LINE_CONTRAST) contrasted[i] = 1;
  }
  // A texture (loose tea, wood's grain) is lines all over: only where they are few round a pixel
  // is it a line on a backdrop, and a rod lying on the texture's edge parts from it.
  const density = boxMean(contrasted, width, height, radius * 3);
  const lines = Uint8Array.from(contrasted, (v, i) =>
    v && density[i]! <= MAX_LINE_DENSITY ? 1 : 0,
  );
  return { lines, contrasted };
}

/** The luminance of an RGB raster at half its size (means of 2x2 blocks, cut at the edges). */
function halveLuminance(frame: Raster): Raster {
  const { width, height, channels, data } = frame;
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const sums = new Float32Array(w * h);
  const counts = new Uint8Array(w * h);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const k = (y >> 1) * w + (x >> 1);
      sums[k] = sums[k]! + luminanceAt(data, (y * width + x) * channels);
      counts[k] = counts[k]! + 1;
    }
  }
  return {
    data: Uint8Array.from(sums, (sum, k) => Math.round(sum / counts[k]!)),
    width: w,
    height: h,
    channels: 1,
  };
}

/** A mask at half its size: a pixel is set when any of its 2x2 block is. */
function halveMask(mask: Uint8Array, width: number, height: number): Uint8Array {
  const w = Math.ceil(width / 2);
  const out = new Uint8Array(w * Math.ceil(height / 2));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) if (mask[y * width + x]) out[(y >> 1) * w + (x >> 1)] = 1;
  }
  return out;
}

/** A half-size mask (halveMask) back at full size, each pixel as its 2x2 block. */
function doubleMask(
  mask: Uint8Array,
  half: { width: number; height: number },
  full: { width: number; height: number },
): Uint8Array {
  const out = new Uint8Array(full.width * full.height);
  for (let y = 0; y < full.height; y += 1) {
    for (let x = 0; x < full.width; x += 1)
      out[y * full.width + x] = mask[(y >> 1) * half.width + (x >> 1)]!;
  }
  return out;
}

/**
 * Pixels inside `limits` that stand out from the background predicted from outside it: thin parts
 * GrabCut misses (spines, cables, soft shadows) would otherwise stay behind as a ghost.
 */
function findDifferentPixels(frame: Raster, limits: Box, words: Uint8Array): Uint8Array {
  const { width, height } = frame;
  const predicted: Raster = { ...frame, data: new Uint8Array(frame.data) };
  const inside = new Uint8Array(width * height);
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    inside.fill(1, y * width + limits.x, y * width + limits.x + limits.width);
  }
  fillRegion(predicted, inside, { grain: 0, isRough: true, exclude: words });
  const out = new Uint8Array(width * height);
  for (let y = limits.y; y < limits.y + limits.height; y += 1) {
    for (let x = limits.x; x < limits.x + limits.width; x += 1) {
      const i = y * width + x;
      let difference = 0;
      for (let c = 0; c < 3; c += 1) {
        const d = frame.data[i * frame.channels + c]! - predicted.data[i * frame.channels + c]!;
        difference += d * d;
      }
      if (difference > 30 * 30) out[i] = 1;
    }
  }
  return out;
}

/**
 * The saliency model's map of the template, framed as the output (one channel, 0..255); null when
 * the model cannot run or the template is transparent. The map of the whole template, not of the frame: detection made that one
 * already, and the model keeps it.
 */
export async function predictFrameSaliency(
  template: Raster,
  frame: Frame,
  source: SaliencySource = () => predictSaliency(template),
): Promise<Raster | null> {
  // A template with transparency outlines its product by its alpha (detection used that too).
  if (template.channels === 4 && measureTransparency(template) > 0.05) return null;
  let map: Raster;
  try {
    map = await probabilityToRaster(await source(), template.width, template.height);
  } catch {
    return null;
  }
  const rgb = new Uint8Array(map.data.length * 3);
  for (let i = 0; i < map.data.length; i += 1) rgb[i * 3] = map.data[i]!;
  const framed = await renderFrame({ ...map, data: rgb, channels: 3 }, frame);
  const data = new Uint8Array(framed.width * framed.height);
  for (let i = 0; i < data.length; i += 1) data[i] = framed.data[i * 3]!;
  return { data, width: framed.width, height: framed.height, channels: 1 };
}

/** How far (in edge radii) from a salient object what stands out is taken with it. */
const NEAR_REACH = 1;
/** Saliency (0..255) that marks the object surely; its rims are followed down to RIM_LEVEL. */
const CORE_LEVEL = 128;
const RIM_LEVEL = 24;
/** Below this share of the box, the model saw no object there: GrabCut decides. */
const MIN_SALIENT_SHARE = 0.04;

/**
 * The object in the box as the saliency model sees it: the confident parts that lie in the box,
 * followed out to their faint rims (a glass's edge, a vase's light outline, a bottle's neck). Null when the model sees too little there.
 */
function findSalientObject(saliency: Raster, box: Box, words: Uint8Array): Uint8Array | null {
  const { width, height } = saliency;
  // As far as a cut-off part may reach, so that a part is seen whole or not at all.
  const area = clipBox(growBox(box, SHADOW_ALLOWANCE + PART_REACH), width, height);
  const inBox = clipBox(box, width, height);
  // Worked in the area's own coordinates (k): nothing outside it is rim, so its parts are the
  // same as the whole frame's, and labelling the area alone is cheaper.
  const w = area.width;
  const h = area.height;
  const frameIndex = (k: number) => (Math.floor(k / w) + area.y) * width + (k % w) + area.x;
  const rim = new Uint8Array(w * h);
  for (let k = 0; k < rim.length; k += 1) {
    const i = frameIndex(k);
    // The ad's words stand out to the model too; a label on the object is still ringed by it.
    if (saliency.data[i]! >= RIM_LEVEL && !words[i]) rim[k] = 1;
  }
  const { labels, components } = labelComponents(rim, w, h);
  // A part counts when it is sure of itself somewhere inside the box (which lies in the area).
  const kept = new Uint8Array(components.length + 1);
  for (let y = inBox.y; y < inBox.y + inBox.height; y += 1) {
    for (let x = inBox.x; x < inBox.x + inBox.width; x += 1) {
      const label = labels[(y - area.y) * w + x - area.x]!;
      if (label && saliency.data[y * width + x]! >= CORE_LEVEL) kept[label] = 1;
    }
  }
  let salientArea = 0;
  for (const part of components) if (kept[part.label]) salientArea += part.area;
  if (salientArea < inBox.width * inBox.height * MIN_SALIENT_SHARE) return null;
  const mask = new Uint8Array(width * height);
  for (let k = 0; k < labels.length; k += 1) if (kept[labels[k]!]) mask[frameIndex(k)] = 1;
  return mask;
}

async function findObjectMask(frame: Raster, box: Box): Promise<Uint8Array> {
  const { width, height } = frame;
  const area = clipBox(growBox(box, 0.15), width, height);
  const crop = cropRaster(frame, area);
  const scale = Math.min(1, WORK_SIDE / Math.max(area.width, area.height));
  const small = await resizeRaster(
    crop,
    Math.max(8, Math.round(area.width * scale)),
    Math.max(8, Math.round(area.height * scale)),
    'linear',
  );
  const inner = clipBox(
    {
      x: (box.x - area.x) * scale - 2,
      y: (box.y - area.y) * scale - 2,
      width: box.width * scale + 4,
      height: box.height * scale + 4,
    },
    small.width,
    small.height,
  );
  const smallMask = await segmentForeground(small, { rect: inner, iterations: 3 });
  const local = await resizeMask(smallMask, small, { width: area.width, height: area.height });
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < area.height; y += 1) {
    for (let x = 0; x < area.width; x += 1) {
      if (local[y * area.width + x]! >= 96) mask[(y + area.y) * width + x + area.x] = 1;
    }
  }
  return mask;
}

/** The mask's pixels inside the box. */
function maskInside(mask: Uint8Array, box: Box, width: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) out[y * width + x] = mask[y * width + x]!;
  }
  return out;
}

/** Word boxes grown by a few pixels for anti-aliased edges and glow, as a mask. */
export function maskOfBoxes(boxes: Box[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const box of boxes) {
    const pad = Math.max(3, Math.round(box.height * 0.15));
    const area = clipBox(
      { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
      width,
      height,
    );
    for (let y = area.y; y < area.y + area.height; y += 1) {
      mask.fill(1, y * width + area.x, y * width + area.x + area.width);
    }
  }
  return mask;
}
