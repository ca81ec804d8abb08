import { predictSaliency, probabilityToRaster, type SaliencySource } from '../ml/isnet-model.js';
import type { Box } from '../types.js';
import { labelComponents, largestComponent, maskOfParts, type Component } from './mask-tools.js';
import { chooseProductParts } from './model-cut-out.js';
import {
  boundingBoxOf,
  dilate,
  growBox,
  measureTransparency,
  resizeRaster,
  scaleBox,
  type Raster,
} from './raster.js';
import { segmentForeground } from './segment-foreground.js';

const DETECTION_SIDE = 256;
/** The working size of the saliency map: enough for boxes, cheap to scan. */
const SALIENCY_SIDE = 512;
const CORE = 128;
const WEAK = 40;
/** Share of the product's size added on each side of the found box. */
const PRODUCT_MARGIN = 0.04;

export type DetectOptions = {
  /** Areas that are never the product: the ad's words. */
  exclude?: Box[];
  /** A box recorded with the template (possibly rough): the product is looked for in and near it. */
  recorded?: Box;
  /** Where the model's map of this template comes from; the model itself by default. */
  saliency?: SaliencySource;
  /** Told the salient parts weighed and their scores, for measures that explain a choice. */
  explain?: (parts: ExplainedPart[]) => void;
};

/** A salient part as the detection weighed it: its box on the saliency map's grid and score. */
export type ExplainedPart = { box: Box; area: number; mass: number; score: number; kept: boolean };

/**
 * Finds the object a person would replace in a template: its alpha when it has one, else the
 * segmentation model's saliency weighed by where products sit in ads, without the ad's words and
 * without the plinth, table or shelf it stands on. GrabCut against the border when the model
 * cannot run. Null when nothing plausible stands out.
 */
export async function detectProduct(
  template: Raster,
  options: DetectOptions = {},
): Promise<Box | null> {
  if (template.channels === 4 && measureTransparency(template) > 0.05) {
    const alpha = new Uint8Array(template.width * template.height);
    for (let i = 0; i < alpha.length; i += 1) alpha[i] = template.data[i * 4 + 3]!;
    return boundingBoxOf(alpha, template.width, 160);
  }
  let saliency: Raster;
  try {
    saliency = await predictSaliencyMap(template, options.saliency);
  } catch {
    // No model on this machine: the colour-based detection still finds plain-backdrop products.
    return detectWithGrabCut(template, options);
  }
  return detectFromSaliency(template, saliency, options);
}

/** The model's saliency as a one-channel raster whose long side is SALIENCY_SIDE. */
export async function predictSaliencyMap(
  template: Raster,
  source: SaliencySource = () => predictSaliency(template),
): Promise<Raster> {
  const scale = Math.min(1, SALIENCY_SIDE / Math.max(template.width, template.height));
  const width = Math.max(8, Math.round(template.width * scale));
  const height = Math.max(8, Math.round(template.height * scale));
  return probabilityToRaster(await source(), width, height);
}

/**
 * The product's box from a saliency map (any size; boxes come back in template pixels). Apart
 * from the model so that measures can feed stored maps.
 */
export function detectFromSaliency(
  template: Raster,
  saliency: Raster,
  options: DetectOptions = {},
): Box | null {
  const { width, height } = saliency;
  const scale = width / template.width;
  const probability = saliency.data.slice();
  const words = (options.exclude ?? []).map((word) => growBox(scaleBox(word, scale), 0.15));
  // Ad copy is never the product, however much it stands out; nor is the flat band or button the
  // words are set on.
  const plate = platesUnderWords(template, width, height, words);
  for (let i = 0; i < plate.length; i += 1) if (plate[i]) probability[i] = 0;
  for (const area of words) {
    for (
      let y = Math.max(0, Math.floor(area.y));
      y < Math.min(height, area.y + area.height);
      y += 1
    ) {
      for (
        let x = Math.max(0, Math.floor(area.x));
        x < Math.min(width, area.x + area.width);
        x += 1
      ) {
        probability[y * width + x] = 0;
      }
    }
  }
  const recorded = options.recorded ? scaleBox(options.recorded, scale) : undefined;
  const core = hysteresis(probability, width, height);
  const { labels, components } = labelComponents(core, width, height, probability);
  const usable = components.filter((part) => part.area >= width * height * 0.001);
  if (usable.length === 0) return null;
  const score = (part: Component) => scoreAsProduct(part, width, height, recorded);
  // A whole subject the model sees faintly near the middle, instead of a sure part in a corner.
  const subject = faintSubjectNearMiddle(probability, width, height, usable, score);
  const kept = subject
    ? new Set<number>()
    : withoutLinesBeside(usable, chooseProductParts(usable, width, height, score), score);
  options.explain?.(
    usable.map((part) => ({
      box: boxOfPart(part),
      area: part.area,
      mass: part.mass,
      score: score(part),
      kept: kept.has(part.label),
    })),
  );
  let mask: Uint8Array = new Uint8Array(width * height);
  const body = subject ?? faintBodyJoiningTwins(probability, width, height, usable, kept, score);
  let keptArea = 0;
  for (let i = 0; i < mask.length; i += 1) {
    mask[i] = kept.has(labels[i]!) || body?.[i] ? 1 : 0;
    keptArea += mask[i]!;
  }
  // Cords and straps hang off products and run to the frame's edge (a pendant lamp's cable): an
  // opening drops them from the box when that frees the product from the edge, unless the product
  // itself is that thin (the rim of sunglasses).
  const opened = open(mask, width, height, Math.max(2, Math.round(Math.max(width, height) / 100)));
  const freed = touchesFrame(mask, width, height) && !touchesFrame(opened, width, height);
  if (freed && opened.reduce((sum, value) => sum + value, 0) >= keptArea * 0.6) mask = opened;
  else mask = keepBodyOffThinParts(mask, opened, probability, width, height, keptArea, score);
  mask = keepSureCoreOffFrame(mask, probability, width, height, score);
  if (!recorded) mask = onePieceOfAGroup(mask, probability, width, height, score);
  if (recorded) clipToBox(mask, width, height, growBox(recorded, 0.1));
  let box = boundingBoxOf(mask, width, 1);
  if (!box) return null;
  const onSupport = cutAtSupport(mask, probability, width, box);
  if (onSupport) box = oneObjectOnSupport(mask, probability, width, height, onSupport, score);
  if (box.width * box.height < width * height * 0.004) return null;
  // The mask's box is tight; the removal needs to see background around the product (and its
  // soft edge and contact shadow) inside the box, or it reaches beyond it.
  const margin = growBox(box, PRODUCT_MARGIN);
  const x0 = Math.max(0, margin.x);
  const y0 = Math.max(0, margin.y);
  const x1 = Math.min(width, margin.x + margin.width);
  const y1 = Math.min(height, margin.y + margin.height);
  return roundBox(scaleBox({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, 1 / scale));
}

/** Largest share of the picture a band or button under the words may cover. */
const PLATE_MAX_SHARE = 0.3;
/** Largest difference (per channel, 0..255) from the plate's colour within the plate. */
const PLATE_TOLERANCE = 36;

/**
 * The flat bands and buttons the ad's words are set on (a dark strip across the photo, a pill
 * round "Learn more"), on the saliency map's grid: for each word area whose rim is mostly one
 * colour, the pixels of that colour connected to the rim. A region wider than a band (the
 * backdrop the words lie on) is not one: the product may share the backdrop's colour.
 */
export function platesUnderWords(
  template: Raster,
  width: number,
  height: number,
  words: Box[],
): Uint8Array {
  const plates = new Uint8Array(width * height);
  if (words.length === 0) return plates;
  const colours = averageColours(template, width, height);
  const distance = (i: number, colour: number[]) =>
    Math.max(
      Math.abs(colours[i * 3]! - colour[0]!),
      Math.abs(colours[i * 3 + 1]! - colour[1]!),
      Math.abs(colours[i * 3 + 2]! - colour[2]!),
    );
  for (const word of words) {
    const x0 = Math.max(0, Math.floor(word.x) - 1);
    const y0 = Math.max(0, Math.floor(word.y) - 1);
    const x1 = Math.min(width - 1, Math.ceil(word.x + word.width));
    const y1 = Math.min(height - 1, Math.ceil(word.y + word.height));
    const rim: number[] = [];
    for (let x = x0; x <= x1; x += 1) rim.push(y0 * width + x, y1 * width + x);
    for (let y = y0 + 1; y < y1; y += 1) rim.push(y * width + x0, y * width + x1);
    const colour = [0, 1, 2].map((channel) => {
      const values = rim.map((i) => colours[i * 3 + channel]!).sort((a, b) => a - b);
      return values[values.length >> 1]!;
    });
    const seeds = rim.filter((i) => distance(i, colour) <= PLATE_TOLERANCE);
    if (seeds.length < rim.length * 0.6) continue; // the words lie on the photo itself
    const region = new Uint8Array(width * height);
    const stack = [...seeds];
    for (const i of seeds) region[i] = 1;
    // The words themselves belong to the plate.
    for (let y = y0 + 1; y < y1; y += 1) {
      for (let x = x0 + 1; x < x1; x += 1) region[y * width + x] = 1;
    }
    let area = region.reduce((sum, value) => sum + value, 0);
    const limit = width * height * PLATE_MAX_SHARE;
    while (stack.length > 0 && area <= limit) {
      const i = stack.pop()!;
      const x = i % width;
      for (const next of [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        i - width,
        i + width < region.length ? i + width : -1,
      ]) {
        if (next < 0 || region[next] || distance(next, colour) > PLATE_TOLERANCE) continue;
        region[next] = 1;
        area += 1;
        stack.push(next);
      }
    }
    if (area > limit) continue;
    for (let i = 0; i < region.length; i += 1) if (region[i]) plates[i] = 1;
  }
  return plates;
}

/** The template's colours averaged over the cells of a width x height grid (RGB floats). */
function averageColours(template: Raster, width: number, height: number): Float32Array {
  const sums = new Float32Array(width * height * 3);
  const counts = new Float32Array(width * height);
  const { channels, data } = template;
  for (let y = 0; y < template.height; y += 1) {
    const row = Math.min(height - 1, Math.floor((y * height) / template.height)) * width;
    for (let x = 0; x < template.width; x += 1) {
      const cell = row + Math.min(width - 1, Math.floor((x * width) / template.width));
      const i = (y * template.width + x) * channels;
      const grey = channels < 3;
      sums[cell * 3] = sums[cell * 3]! + data[i]!;
      sums[cell * 3 + 1] = sums[cell * 3 + 1]! + data[grey ? i : i + 1]!;
      sums[cell * 3 + 2] = sums[cell * 3 + 2]! + data[grey ? i : i + 2]!;
      counts[cell] = counts[cell]! + 1;
    }
  }
  for (let cell = 0; cell < counts.length; cell += 1) {
    const count = Math.max(1, counts[cell]!);
    for (let channel = 0; channel < 3; channel += 1) {
      sums[cell * 3 + channel] = sums[cell * 3 + channel]! / count;
    }
  }
  return sums;
}

/** The weight of a part the frame cuts on one side. */
const CUT_ON_ONE_SIDE = 0.8;
/** The weight of a part that runs across the whole picture (a band, a table's edge, a floor). */
const BAND_WEIGHT = 0.1;
/** Mean thickness, as a share of its length, under which a part is a line rather than a body. */
const THIN_PART = 0.08;

/**
 * How much a salient part looks like the ad's product: its probability mass, less for parts far
 * from the centre, parts that run off the frame (walls, floors, furniture cut by the picture's
 * edge), and most for a band across the whole picture; parts that fill most of the picture and thin
 * lines; more for parts inside a recorded box.
 */
function scoreAsProduct(part: Component, width: number, height: number, recorded?: Box): number {
  const cx = part.sumX / part.area / width - 0.5;
  const cy = part.sumY / part.area / height - 0.5;
  let score = part.mass * (1.2 - Math.min(1, Math.hypot(cx, cy) * 1.2));
  const sides =
    Number(part.minX === 0) +
    Number(part.minY === 0) +
    Number(part.maxX === width - 1) +
    Number(part.maxY === height - 1);
  const spansFrame =
    (part.minX === 0 && part.maxX === width - 1) || (part.minY === 0 && part.maxY === height - 1);
  if (spansFrame) score *= BAND_WEIGHT;
  else if (sides >= 2) score *= 0.35;
  else if (sides === 1) score *= CUT_ON_ONE_SIDE;
  const boxWidth = part.maxX - part.minX + 1;
  const boxHeight = part.maxY - part.minY + 1;
  const boxShare = (boxWidth * boxHeight) / (width * height);
  if (boxShare > 0.7) score *= 0.4;
  // A product has some body: a part whose mean thickness is a small share of its length is a
  // line (a pencil, a tonearm, a cable, an edge of light).
  const length = Math.max(boxWidth, boxHeight);
  const thickness = part.area / length / length;
  if (thickness < THIN_PART) score *= Math.max(0.2, thickness / THIN_PART);
  if (recorded) {
    const inside = overlap(boxOfPart(part), recorded);
    score *= 0.1 + inside * inside;
  }
  return score;
}

/**
 * chooseProductParts joins parts lying close to the chosen one: a cap, a handle, a strap's end,
 * each shorter than the body it belongs to. A thin line longer than that body is another object
 * lying beside it (a pencil by a jar's lid), and is left out.
 */
function withoutLinesBeside(
  parts: Component[],
  kept: Set<number>,
  score: (part: Component) => number,
): Set<number> {
  const chosen = parts.filter((part) => kept.has(part.label));
  if (chosen.length < 2) return kept;
  const main = highestBy(chosen, score);
  const lengthOf = (part: Component) =>
    Math.max(part.maxX - part.minX + 1, part.maxY - part.minY + 1);
  const isLine = (part: Component) => part.area / lengthOf(part) ** 2 < THIN_PART;
  return new Set(
    chosen
      .filter((part) => part === main || !isLine(part) || lengthOf(part) <= lengthOf(main))
      .map((part) => part.label),
  );
}

/** Probability (0..255) from which a part the model sees only faintly may be the subject. */
const FAINT_SUBJECT = 12;
/** Distance from the picture's middle, across and down (as a share of its sides), of a corner. */
const CORNER = 0.2;

/** Weight, 0.2..1.2, of a part by its centre of mass's distance from the picture's centre. */
function centring(part: Component, width: number, height: number): number {
  const cx = part.sumX / part.area / width - 0.5;
  const cy = part.sumY / part.area / height - 0.5;
  return 1.2 - Math.min(1, Math.hypot(cx, cy) * 1.2);
}

/**
 * The model may be sure only of something in a corner, cut by the frame (a toy wheel at the
 * photo's foot), and see the subject in the middle faintly (a rubber whale). A person replaces
 * the whole thing in the middle: a part seen down to FAINT_SUBJECT, free of the frame and of the
 * sure parts, is taken when its size, weighed by its closeness to the centre, beats the sure
 * part's, weighed the same way and counted as one the frame cuts. Null when the sure part is
 * whole or not in a corner (a product cut by the picture's foot below its middle), or no faint
 * part beats it.
 */
function faintSubjectNearMiddle(
  probability: Uint8Array,
  width: number,
  height: number,
  parts: Component[],
  score: (part: Component) => number,
): Uint8Array | null {
  const best = highestBy(parts, score);
  const cx = best.sumX / best.area / width - 0.5;
  const cy = best.sumY / best.area / height - 0.5;
  if (!best.touchesBorder || Math.abs(cx) < CORNER || Math.abs(cy) < CORNER) return null;
  const faint = new Uint8Array(width * height);
  for (let i = 0; i < faint.length; i += 1) faint[i] = probability[i]! >= FAINT_SUBJECT ? 1 : 0;
  const { labels, components } = labelComponents(faint, width, height);
  const holdsSure = new Uint8Array(components.length + 1);
  for (let i = 0; i < faint.length; i += 1) if (probability[i]! >= CORE) holdsSure[labels[i]!] = 1;
  const worth = (part: Component) => part.area * centring(part, width, height);
  const bar = worth(best) * CUT_ON_ONE_SIDE;
  const whole = components.filter(
    (part) => !part.touchesBorder && !holdsSure[part.label] && worth(part) > bar,
  );
  if (whole.length === 0) return null;
  const subject = highestBy(whole, worth);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = labels[i] === subject.label ? 1 : 0;
  return mask;
}

/** Probability (0..255) down to which a body joining two equally sure parts is followed. */
const FAINT_BODY = 8;
/** Least score, as a share of the best part's, of a part that may be the best one's twin. */
const TWIN_SCORE = 0.6;
/** Largest share of the picture the joining body's box may cover. */
const FAINT_BODY_MAX_SHARE = 0.5;

/**
 * A pale car drawn on a pale backdrop reads as two sure wheels far apart, its body only faintly
 * above the backdrop. When the best part and a part nearly as strong lie in one region the model
 * sees at all (down to FAINT_BODY), that region is one object: it is returned, unless it runs off
 * the frame or covers much of the picture (a backdrop, a floor). Null otherwise.
 */
function faintBodyJoiningTwins(
  probability: Uint8Array,
  width: number,
  height: number,
  parts: Component[],
  kept: Set<number>,
  score: (part: Component) => number,
): Uint8Array | null {
  const scores = new Map(parts.map((part) => [part, score(part)]));
  const best = highestBy(parts, (part) => scores.get(part)!);
  const twins = parts.filter(
    (part) => !kept.has(part.label) && scores.get(part)! >= scores.get(best)! * TWIN_SCORE,
  );
  if (twins.length === 0) return null;
  const faint = new Uint8Array(width * height);
  for (let i = 0; i < faint.length; i += 1) faint[i] = probability[i]! >= FAINT_BODY ? 1 : 0;
  const { labels, components } = labelComponents(faint, width, height);
  // A wheel's dark rim may part it from the faint body: the body is the region holding the best
  // part or a twin whose box holds the best part and a twin.
  const candidates = [best, ...twins];
  const regions = [...new Set(candidates.map((part) => regionAround(part, labels, width)))]
    .map((label) => components[label - 1])
    .filter((region): region is Component => region !== undefined && !region.touchesBorder)
    .sort((a, b) => b.area - a.area);
  for (const region of regions) {
    const regionBox = boxOfPart(region);
    if ((regionBox.width * regionBox.height) / (width * height) > FAINT_BODY_MAX_SHARE) continue;
    const within = candidates.filter((part) => overlap(boxOfPart(part), regionBox) >= 0.5);
    if (!within.includes(best) || within.length < 2) continue;
    const mask = new Uint8Array(width * height);
    for (let i = 0; i < mask.length; i += 1) mask[i] = labels[i] === region.label ? 1 : 0;
    return mask;
  }
  return null;
}

/** The label, among `labels`, of the region that holds the part's pixel nearest its centre. */
function regionAround(part: Component, labels: Int32Array, width: number): number {
  const cx = Math.round(part.sumX / part.area);
  const cy = Math.round(part.sumY / part.area);
  let found = 0;
  let nearest = Infinity;
  for (let y = part.minY; y <= part.maxY; y += 1) {
    for (let x = part.minX; x <= part.maxX; x += 1) {
      const label = labels[y * width + x]!;
      const distance = (x - cx) ** 2 + (y - cy) ** 2;
      if (label && distance < nearest) {
        nearest = distance;
        found = label;
      }
    }
  }
  return found;
}

/**
 * Pixels the model is sure of, grown through connected pixels it half believes: a white car on a
 * pale backdrop reads as two sure wheels joined by a faint body. A part that reaches the frame's
 * edge only through doubtful pixels (a tablet joined to the ad's caption band) keeps its sure
 * pixels alone.
 */
function hysteresis(probability: Uint8Array, width: number, height: number): Uint8Array {
  const weak = new Uint8Array(width * height);
  for (let i = 0; i < weak.length; i += 1) weak[i] = probability[i]! >= WEAK ? 1 : 0;
  const { labels, components } = labelComponents(weak, width, height);
  const hasSure = new Uint8Array(components.length + 1);
  const sureAtEdge = new Uint8Array(components.length + 1);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (probability[i]! < CORE) continue;
      hasSure[labels[i]!] = 1;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) sureAtEdge[labels[i]!] = 1;
    }
  }
  const core = new Uint8Array(width * height);
  for (let i = 0; i < core.length; i += 1) {
    const label = labels[i]!;
    const grows = !components[label - 1]?.touchesBorder || sureAtEdge[label];
    core[i] = hasSure[label] && (grows || probability[i]! >= CORE) ? 1 : 0;
  }
  // Doubtful pixels join sure parts across a broad faint body, not along a thin faint strand
  // (the nose between sunglasses and lips).
  const opened = open(core, width, height, Math.max(2, Math.round(Math.max(width, height) / 64)));
  for (let i = 0; i < core.length; i += 1) {
    if (core[i] && probability[i]! < CORE && !opened[i]) core[i] = 0;
  }
  return core;
}

/** How much wider than the body a shape is when what joins its side is another object. */
const SIDE_WIDENING = 1.5;

/**
 * A thin line that joins a compact body to something cut by the frame (a monitor's lit edge
 * running into the phone before it) is not part of the body: when the opening splits the shape
 * and the best part, with the parts that belong to it, holds at least half of the shape, it alone
 * is kept if it is free of the frame, or if what is dropped runs to the frame beside it and made
 * the shape half as wide again (a lattice tower joined by its bars to the rocket on its launch
 * pad, which the frame cuts too). A product held together by thin parts inside the frame (a
 * bicycle's saddle on its seat post, a tonearm's thin finger lift) stays whole.
 */
function keepBodyOffThinParts(
  mask: Uint8Array,
  opened: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
  area: number,
  score: (part: Component) => number,
): Uint8Array {
  const { labels, components } = labelComponents(opened, width, height, probability);
  if (components.length === 0) return mask;
  const kept = chooseProductParts(components, width, height, score);
  const { parts: body, area: bodyArea } = maskOfParts(labels, kept);
  if (bodyArea < area * 0.5 || !touchesFrame(mask, width, height)) return mask;
  // The opening rounds the body's corners off: its own pixels near it come back.
  const grown = growBackInto(body, mask, width, height);
  if (kept.size < components.length && !touchesFrame(body, width, height)) return grown;
  const dropped = mask.map((value, i) => (value && !grown[i] ? 1 : 0));
  const bodyWidth = boundingBoxOf(body, width, 1)!.width;
  const shapeWidth = boundingBoxOf(mask, width, 1)!.width;
  return shapeWidth >= bodyWidth * SIDE_WIDENING && touchesFrame(dropped, width, height)
    ? grown
    : mask;
}

/** The item with the highest value (the first of equals). */
function highestBy<T>(items: readonly T[], value: (item: T) => number): T {
  return items.reduce((top, item) => (value(item) > value(top) ? item : top));
}

/**
 * The parts of a shape the model is sure of from `level` up (labelled over the shape), without
 * specks under a thousandth of the picture.
 */
function sureParts(
  mask: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
  level: number,
) {
  const sure = new Uint8Array(mask.length);
  for (let i = 0; i < sure.length; i += 1) sure[i] = mask[i] && probability[i]! >= level ? 1 : 0;
  const { labels, components } = labelComponents(sure, width, height, probability);
  return { labels, parts: components.filter((part) => part.area >= width * height * 0.001) };
}

/** A part grown by an edge's width, but only into the shape it was taken from. */
function growBackInto(part: Uint8Array, shape: Uint8Array, width: number, height: number) {
  const near = dilate(part, width, height, Math.max(2, Math.round(Math.max(width, height) / 100)));
  for (let i = 0; i < near.length; i += 1) near[i] = near[i] && shape[i] ? 1 : 0;
  return near;
}

/** Probabilities at which a shape cut by the frame on two sides is read again. */
const SURER_LEVELS = [170, 210, 240];

/**
 * A shape the frame cuts on two sides is a desk, a floor or a wall with the product on it (a
 * tablet on planks the model half believes): when, counting only pixels the model is surer of,
 * the best part is free of the frame and holds a quarter of the shape, that part, grown back
 * into the shape by an edge's width, is the product.
 */
function keepSureCoreOffFrame(
  mask: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
  score: (part: Component) => number,
): Uint8Array {
  if (frameSidesTouched(mask, width, height) < 1) return mask;
  const area = mask.reduce((sum, value) => sum + value, 0);
  for (const level of SURER_LEVELS) {
    const { labels, parts: usable } = sureParts(mask, probability, width, height, level);
    if (usable.length === 0) return mask;
    const kept = chooseProductParts(usable, width, height, score);
    const { parts: core, area: coreArea } = maskOfParts(labels, kept);
    if (coreArea < area * 0.25) return mask;
    if (touchesFrame(core, width, height)) continue;
    return growBackInto(core, mask, width, height);
  }
  return mask;
}

/** Least share of the picture a shape covers to be looked at as a group of objects. */
const GROUP_SHARE = 0.1;
/** Probability (0..255) at which a group parts into its pieces: what the model is nearly sure of. */
const GROUP_LEVEL = 240;
/** Most of the shape its largest sure piece holds when the shape is a group of pieces. */
const GROUP_PIECE = 0.4;
/** Least share of the shape a large piece of a group holds; a group has two at least. */
const GROUP_LEAST_PIECE = 0.1;
/** Least share of its box a group's piece fills: a piece of furniture is a solid body. */
const GROUP_SOLID = 0.6;
/** How far apart (share of the picture's height) the feet of a range of products stand at most. */
const SAME_LINE = 0.05;
/** How far apart (share of the picture's width) the middles of a product's stacked parts lie. */
const SAME_AXIS = 0.05;

/**
 * A room's furniture read as one shape: a sideboard, the round mirror above it, an armchair and a
 * pouf before it, joined by what the model half believes between them. Counting only what the
 * model is nearly sure of, a single product keeps a large share of its shape (a bottle, a pair of
 * shoes the model is sure of); a group parts into pieces, none of which holds GROUP_PIECE of it.
 * A person replaces one piece (the armchair, not the room): the large piece that scores best as
 * a product, grown back into the shape by an edge's width. Its nearby pieces are not joined to
 * it, as chooseProductParts would (the mirror above the armchair is a piece of the room, not of
 * the chair). A range of products (three jars of one brand side by side, joined by their
 * shadows) is pieces alike in size standing on one line, and a glass bottle the model is sure of
 * only at its cap and label is pieces one above the other on one upright axis: such a shape is
 * the ad's product, whole.
 */
function onePieceOfAGroup(
  mask: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
  score: (part: Component) => number,
): Uint8Array {
  const area = mask.reduce((sum, value) => sum + value, 0);
  if (area < width * height * GROUP_SHARE) return mask;
  const { labels, parts: pieces } = sureParts(mask, probability, width, height, GROUP_LEVEL);
  // Two large, solid pieces at least: a keyboard's keys are many small ones, a potted aloe's
  // sure pieces its pot and thin leaves.
  const isSolid = (part: Component) =>
    part.area >= (part.maxX - part.minX + 1) * (part.maxY - part.minY + 1) * GROUP_SOLID;
  const large = pieces.filter((part) => part.area >= area * GROUP_LEAST_PIECE && isSolid(part));
  if (large.length < 2 || largestComponent(pieces)!.area >= area * GROUP_PIECE) return mask;
  const best = highestBy(large, score);
  const isAlike = (part: Component) =>
    part !== best &&
    Math.abs(part.maxY - best.maxY) <= height * SAME_LINE &&
    part.area >= best.area / 2 &&
    part.area <= best.area * 2;
  const middle = (part: Component) => (part.minX + part.maxX) / 2;
  const isStacked = (part: Component) =>
    part !== best &&
    Math.abs(middle(part) - middle(best)) <= width * SAME_AXIS &&
    (part.maxY < best.minY || part.minY > best.maxY);
  if (large.some((part) => isAlike(part) || isStacked(part))) return mask;
  const { parts: piece } = maskOfParts(labels, new Set([best.label]));
  return growBackInto(piece, mask, width, height);
}

function frameSidesTouched(mask: Uint8Array, width: number, height: number): number {
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let x = 0; x < width; x += 1) {
    top |= mask[x]!;
    bottom |= mask[(height - 1) * width + x]!;
  }
  for (let y = 0; y < height; y += 1) {
    left |= mask[y * width]!;
    right |= mask[y * width + width - 1]!;
  }
  return top + bottom + left + right;
}

function touchesFrame(mask: Uint8Array, width: number, height: number): boolean {
  for (let x = 0; x < width; x += 1) {
    if (mask[x] || mask[(height - 1) * width + x]) return true;
  }
  for (let y = 0; y < height; y += 1) {
    if (mask[y * width] || mask[y * width + width - 1]) return true;
  }
  return false;
}

/** Morphological opening of a 0/1 mask with a square of the given radius. */
function open(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const inverted = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i += 1) inverted[i] = mask[i] ? 0 : 1;
  const eroded = dilate(inverted, width, height, radius);
  for (let i = 0; i < eroded.length; i += 1) eroded[i] = eroded[i] ? 0 : 1;
  return dilate(eroded, width, height, radius);
}

function boxOfPart(part: Component): Box {
  return {
    x: part.minX,
    y: part.minY,
    width: part.maxX - part.minX + 1,
    height: part.maxY - part.minY + 1,
  };
}

/** Share of `box` that lies inside `frame`. */
function overlap(box: Box, frame: Box): number {
  const w = Math.max(
    0,
    Math.min(box.x + box.width, frame.x + frame.width) - Math.max(box.x, frame.x),
  );
  const h = Math.max(
    0,
    Math.min(box.y + box.height, frame.y + frame.height) - Math.max(box.y, frame.y),
  );
  return (w * h) / Math.max(1, box.width * box.height);
}

function clipToBox(mask: Uint8Array, width: number, height: number, box: Box): void {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x < box.x || y < box.y || x >= box.x + box.width || y >= box.y + box.height) {
        mask[y * width + x] = 0;
      }
    }
  }
}

/**
 * A product standing on a plinth, a table or a shelf forms one salient shape with it. Reading the
 * shape's rows downwards, the support begins where the shape widens abruptly (within a few rows,
 * unlike a bottle's shoulder), reaches out beyond the product on both sides, and either runs to
 * the frame's edge, is much wider than the product and half the picture wide, or is a flat top
 * on legs (a side table no wider than the lamp and plant on it): the box ends there. Null when
 * the shape has no such step.
 */
function cutAtSupport(
  mask: Uint8Array,
  probability: Uint8Array,
  width: number,
  box: Box,
): Box | null {
  const extents: { left: number; right: number; count: number }[] = [];
  for (let y = box.y; y < box.y + box.height; y += 1) {
    let left = -1;
    let right = -1;
    let count = 0;
    for (let x = box.x; x < box.x + box.width; x += 1) {
      if (!mask[y * width + x]) continue;
      if (left < 0) left = x;
      right = x;
      count += 1;
    }
    extents.push({ left, right, count });
  }
  const step = Math.max(2, Math.round(box.height * 0.015));
  const settle = Math.max(3, Math.round(box.height * 0.06));
  for (let r = Math.round(box.height * 0.3); r < extents.length - settle; r += 1) {
    const above = extents[r - step]!;
    if (above.count === 0) continue;
    const below = extents.slice(r + step, r + settle);
    if (below.length === 0) continue;
    const belowCount = Math.min(...below.map((row) => row.count));
    const belowLeft = Math.max(...below.map((row) => row.left));
    const belowRight = Math.min(...below.map((row) => row.right));
    const aboveWidth = above.right - above.left + 1;
    const reach = aboveWidth * 0.08;
    const isAbrupt = belowCount >= above.count * 1.5;
    const isOnBothSides = belowLeft <= above.left - reach && belowRight >= above.right + reach;
    const runsOff = belowLeft <= 1 || belowRight >= width - 2;
    // A pot under a plant is wider than the plant too, but a table or shelf spans the scene.
    const supportWidth = belowRight - belowLeft + 1;
    const isMuchWider = supportWidth >= aboveWidth * 2.5 && supportWidth >= width * 0.5;
    const hasFlatTop = extents.slice(r, r + settle).some((row) => row.count >= supportWidth * 0.85);
    const standsOnLegs =
      isAbrupt &&
      isOnBothSides &&
      hasFlatTop &&
      hasLegs(
        mask,
        probability,
        width,
        { ...box, y: box.y + r + settle, height: box.height - r - settle },
        belowLeft,
        belowRight,
      );
    if (isAbrupt && isOnBothSides && (runsOff || isMuchWider || standsOnLegs)) {
      // The product's columns come from the rows above the step; its foot (a saucer, a lamp's
      // base) reaches down to the first row that widens in count, where the support begins.
      const product = trimTo(mask, width, { ...box, height: r - step + 1 });
      if (!product) return null;
      let top = r - step + 1;
      while (top < r + step && extents[top]!.count < above.count * 1.5) top += 1;
      const cut = trimTo(mask, width, { ...product, y: box.y, height: top });
      return cut && cut.height >= box.height * 0.25 ? cut : null;
    }
  }
  return null;
}

/** Parts closer than this share of the picture's diagonal belong to the same object. */
const SAME_OBJECT_GAP = 0.02;
/** The largest share of the chosen object's area a piece close to it has; larger is an object. */
const PIECE = 0.25;
/** The weight of an object the frame cuts, against whole ones, when one object is chosen. */
const WHOLE_OBJECT_FIRST = 0.5;

/**
 * Above a support, separate objects may stand side by side (a lamp and a plant pot on a side
 * table): a person replaces one of them, and the new product, sized to all of them, came out too
 * large for the table. The best of them (by the product score, more for a solid part than for a
 * sparse or thin one such as a lamp on its stem, and for a whole one than for one the frame cuts)
 * is kept, with the small pieces close to it; the box is theirs. One object above the support keeps
 * the box as it is.
 */
function oneObjectOnSupport(
  mask: Uint8Array,
  probability: Uint8Array,
  width: number,
  height: number,
  above: Box,
  score: (part: Component) => number,
): Box {
  const inside = new Uint8Array(mask.length);
  for (let y = above.y; y < above.y + above.height; y += 1) {
    for (let x = above.x; x < above.x + above.width; x += 1) {
      inside[y * width + x] = mask[y * width + x]!;
    }
  }
  const { labels, components } = labelComponents(inside, width, height, probability);
  const parts = components.filter((part) => part.area >= width * height * 0.001);
  const solidity = (part: Component) =>
    part.area / ((part.maxX - part.minX + 1) * (part.maxY - part.minY + 1));
  if (parts.length < 2) return above;
  // A person replaces a whole object: one the frame cuts (a lamp's shade) counts half.
  const worth = (part: Component) =>
    score(part) * solidity(part) * (part.touchesBorder ? WHOLE_OBJECT_FIRST : 1);
  const best = highestBy(parts, worth);
  const reach = Math.hypot(width, height) * SAME_OBJECT_GAP;
  const kept = new Set(
    components
      .filter((part) => {
        const gapX = Math.max(0, part.minX - best.maxX, best.minX - part.maxX);
        const gapY = Math.max(0, part.minY - best.maxY, best.minY - part.maxY);
        return part === best || (Math.hypot(gapX, gapY) <= reach && part.area <= best.area * PIECE);
      })
      .map((part) => part.label),
  );
  if (kept.size === components.length) return above;
  const { parts: object } = maskOfParts(labels, kept);
  return boundingBoxOf(object, width, 1) ?? above;
}

/**
 * Whether the shape below a support's top stands on legs: somewhere down it, for a run of rows,
 * the model is sure only of a few pixels across the support's width, and some of them lie at
 * each of its ends. A table, a stool or a shelf is open beneath its top; a pot or a vase under a
 * plant is solid.
 */
function hasLegs(
  mask: Uint8Array,
  probability: Uint8Array,
  width: number,
  below: Box,
  left: number,
  right: number,
): boolean {
  const span = right - left + 1;
  const end = Math.max(1, Math.round(span * 0.25));
  const needed = Math.max(3, Math.round(below.height * 0.15));
  let run = 0;
  for (let y = below.y; y < below.y + below.height; y += 1) {
    let count = 0;
    let atLeft = false;
    let atRight = false;
    for (let x = left; x <= right; x += 1) {
      const i = y * width + x;
      if (!mask[i] || probability[i]! < CORE) continue;
      count += 1;
      if (x < left + end) atLeft = true;
      if (x > right - end) atRight = true;
    }
    const isOpen = count < span * 0.35 && atLeft && atRight;
    run = isOpen ? run + 1 : 0;
    if (run >= needed) return true;
  }
  return false;
}

function trimTo(mask: Uint8Array, width: number, box: Box): Box | null {
  const sub = new Uint8Array(mask.length);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) sub[y * width + x] = mask[y * width + x]!;
  }
  return boundingBoxOf(sub, width, 1);
}

/** The colour-based detection: the dominant foreground against the border (GrabCut). */
async function detectWithGrabCut(template: Raster, options: DetectOptions): Promise<Box | null> {
  const scale = Math.min(1, DETECTION_SIDE / Math.max(template.width, template.height));
  const small = await resizeRaster(
    template,
    Math.max(8, Math.round(template.width * scale)),
    Math.max(8, Math.round(template.height * scale)),
    'linear',
  );
  const exclude = (options.exclude ?? []).map((box) => scaleBox(box, scale));
  const seeded = await segmentForeground(small, { iterations: 3, exclude });
  let box = boundingBoxOf(seeded, small.width, 128);
  const shareOf = (found: Box | null) =>
    found ? (found.width * found.height) / (small.width * small.height) : 0;
  // Scattered specks are not an object, however wide their bounding box.
  const covered = seeded.reduce((count, value) => count + (value ? 1 : 0), 0) / seeded.length;
  if (covered < 0.02) {
    // The object shares its colours with something at the border (a dark camera under a dark
    // pot): seed from a frame around the centre instead of from the border's colours.
    const inset = Math.round(Math.min(small.width, small.height) * 0.06);
    const rect = {
      x: inset,
      y: inset,
      width: small.width - 2 * inset,
      height: small.height - 2 * inset,
    };
    box = boundingBoxOf(
      await segmentForeground(small, { iterations: 3, exclude, rect }),
      small.width,
      128,
    );
  }
  if (!box || shareOf(box) < 0.004) return null;
  return roundBox(scaleBox(box, 1 / scale));
}

export function roundBox(box: Box): Box {
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}
