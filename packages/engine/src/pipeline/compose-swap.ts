import sharp from 'sharp';
import { EngineError, throwIfAborted } from '../engine-error.js';
import {
  findPhrase,
  replaceWords,
  writeWords,
  type TextDrawing,
  type WordChange,
} from '../text/replace-words.js';
import { analyzeTemplate, wordsOfRecordedText } from '../analyze-template.js';
import type {
  Box,
  GenerationContext,
  GenerationStep,
  ProductCutOut,
  SwapRequest,
  TemplateWord,
} from '../types.js';
import { templateSaliency } from '../ml/isnet-model.js';
import { cutOutProduct, readSize } from './cut-out-product.js';
import { cutSidesOf, extendCutStrands } from './extend-strands.js';
import { detectProduct } from './detect-product.js';
import {
  boxToFrame,
  computeFrame,
  frameMargin,
  renderFrame,
  sceneMargin,
  type Frame,
} from './frame-template.js';
import {
  coverOf,
  measureCutOut,
  measureFootprint,
  placeProduct,
  planPlacement,
  standFeetOnFloor,
  type CutOutShape,
  type Footprint,
  type Placement,
} from './place-product.js';
import { decodeTemplate } from './template-margins.js';
import { boundingBoxOf, dilate, encodePng, growBox, type Raster } from './raster.js';
import {
  edgeRadius,
  findRemovalHole,
  maskOfBoxes,
  predictFrameSaliency,
  removeProduct,
  SHADOW_ALLOWANCE,
} from './remove-product.js';
import { findSupportEdge } from './support-edge.js';
import { separateShadow, unionBox } from './template-shadow.js';

/** Everything a swap produced, for the provider (png) and for measuring quality (the rest). */
export type SwapOutcome = {
  png: Uint8Array;
  frame: Frame;
  cutOut: ProductCutOut;
  /** The template's product box in output pixels. */
  productBox: Box;
  /**
   * The pixels the removal filled, in output pixels: the old product, and past its box the parts
   * the box cut off and its cast shadow on a plain background (see findRemovalHole).
   */
  removed: Uint8Array;
  placement: Placement;
  wordChanges: WordChange[];
  /** The model's map of the template when this swap made it (none was stored): store it. */
  templateSaliency?: Float32Array;
};

export const MAX_REPLACEMENTS = 5;

/** The local engine's template swap, step by step. */
export async function composeSwap(
  request: SwapRequest,
  context: GenerationContext = {},
): Promise<SwapOutcome> {
  const step = createStepTimer(context);
  const replacements = (request.replacements ?? []).filter((r) => r.toReplace.trim() !== '');
  if (replacements.length > MAX_REPLACEMENTS) {
    throw new EngineError(
      'bad_input',
      `At most ${MAX_REPLACEMENTS} text replacements are allowed.`,
    );
  }

  const decoded = await step('decode', () => decodeTemplate(request.template));
  const saliency = templateSaliency(decoded.withAlpha, request.templateSaliency);
  const cutOut =
    request.productCutOut ?? (await step('cut-out', () => cutOutProduct(request.product)));

  const { productBox, words } = await step('analyze', async () => {
    const recordedMask = request.productMask
      ? await decodeMask(request.productMask.png, decoded.rgb)
      : undefined;
    let found: TemplateWord[] =
      request.analysis?.words ??
      (request.recordedText ? wordsOfRecordedText(request.recordedText, decoded.rgb) : []);
    if (replacements.length > 0 && !request.analysis && !request.recordedText) {
      found = (await analyzeTemplate(request.template, { findProduct: false })).words;
    }
    const box =
      request.productBox ??
      (recordedMask ? boundingBoxOf(recordedMask, decoded.rgb.width, 1) : null) ??
      request.analysis?.productBox ??
      (await detectProduct(decoded.withAlpha, {
        exclude: found.map((word) => word.box),
        saliency: saliency.get,
      })) ??
      centreBox(decoded.rgb);
    return { productBox: validateBox(box, decoded.rgb), words: found };
  });

  const wordsToKeep = replacements.flatMap(
    (r) => findPhrase(words, r.toReplace)?.map((word) => word.box) ?? [],
  );
  const placeBox = request.placement ? validateBox(request.placement.box, decoded.rgb) : null;
  const frame = computeFrame(
    decoded.rgb,
    productBox,
    request.size,
    placeBox ? [...wordsToKeep, placeBox] : wordsToKeep,
    words.map((word) => word.box),
  );
  let framed = await step('frame', () => renderFrame(decoded.rgb, frame));
  throwIfAborted(context.signal);
  const boxInFrame = boxToFrame(productBox, frame);

  const wordBoxes = words.map((word) => boxToFrame(word.box, frame));
  // Where the person put the product in the editor, if they did: it goes there, turned as shown.
  const placeInFrame = placeBox ? boxToFrame(placeBox, frame) : null;
  const rotation = request.placement?.rotation ?? 0;
  const placedCutOut = rotation ? await turn(cutOut.png, rotation) : cutOut.png;
  const original: Raster = { ...framed, data: framed.data.slice() };
  const limits = growBox(boxInFrame, SHADOW_ALLOWANCE);
  const removal = await step('remove-product', async () => {
    const maskInFrame = request.productMask
      ? await maskToFrame(request.productMask.png, decoded.rgb, frame)
      : undefined;
    // A mask the person painted is the hole itself; otherwise the object is grown over its edge
    // and shadow (see findRemovalHole).
    const found =
      request.productMask?.painted && maskInFrame
        ? { hole: maskInFrame.slice(), object: maskInFrame }
        : await findRemovalHole(
            framed,
            boxInFrame,
            maskInFrame,
            request.includeText ? [] : wordBoxes,
            maskInFrame
              ? undefined
              : ((await predictFrameSaliency(decoded.withAlpha, frame, saliency.get)) ?? undefined),
          );
    // Ad copy is never painted over, and the new product is fitted beside it. Which words are
    // copy: all of them, none (the person included the text), or by default every word not
    // printed on the old product (a bottle's label goes with it).
    const copyBoxes =
      request.includeText === true
        ? []
        : request.includeText === false
          ? wordBoxes
          : wordBoxes.filter((box) => !isOnObject(box, found.object, framed.width));
    const protect = maskOfBoxes(copyBoxes, framed.width, framed.height);
    const madeUpMargin = frameMargin(decoded.rgb, frame);
    const radius = edgeRadius(boxInFrame);
    const object = separateShadow(framed, found.hole, shrinkMask(found.object, framed, radius));
    const grown = dilate(object, framed.width, framed.height, radius);
    const footprint = measureFootprint(object, framed.width);
    const source = await measureCutOut(placedCutOut);
    const planned = placeInFrame
      ? fitInside(source, placeInFrame)
      : planPlacement({
          source,
          slot: boxInFrame,
          footprint,
          avoid: copyBoxes,
          frame: framed,
        });
    const plannedBox = placeInFrame
      ? planned
      : keepFeetOnFloor(framed, found.hole, protect, source, planned, footprint);
    // The fill under what the new product will hide never shows: it may be cheap there.
    const keepOut = await coverOf(placedCutOut, plannedBox, framed);
    await removeProduct(framed, boxInFrame, maskInFrame, wordBoxes, {
      protect,
      keepOut,
      found,
      // Over a part of an object the person painted, the inpainting model would grow the rest of
      // the object back into the hole: they asked for it gone, so the scene is filled from round it.
      model: !request.productMask?.painted,
      margin: sceneMargin(original, madeUpMargin),
      madeUpMargin,
    });
    const onFloor = plannedBox !== planned;
    return { hole: found.hole, object, grown, footprint, plannedBox, onFloor, protect };
  });
  throwIfAborted(context.signal);

  let wordChanges: WordChange[] = [];
  let drawings: TextDrawing[] = [];
  if (replacements.length > 0) {
    const replaced = await step('replace-words', () =>
      replaceWords({ frame: framed, frameMap: frame, words, replacements }),
    );
    wordChanges = replaced.changes;
    drawings = replaced.drawings;
  }
  throwIfAborted(context.signal);

  // The ad's copy stays in front of the new product when the person kept the text out.
  const beforePlacement = request.includeText === false ? framed.data.slice() : null;
  const placement = await step('place-product', async () =>
    placeProduct({
      frame: framed,
      cutOut: placedCutOut,
      box: removal.plannedBox,
      // The product may stand where the removal reached past the limits (the old object's foot
      // below its box): those pixels are changed already.
      limits: placeInFrame
        ? growBox(placeInFrame, SHADOW_ALLOWANCE)
        : unionBox(
            unionBox(limits, boundingBoxOf(removal.hole, framed.width) ?? limits),
            // Moved down onto the floor, its feet and their shadows lie below the old object's.
            removal.onFloor ? growBox(removal.plannedBox, SHADOW_ALLOWANCE) : limits,
          ),
      scene: removal.footprint
        ? {
            original,
            hole: removal.hole,
            object: removal.object,
            grown: removal.grown,
            footprint: removal.footprint,
          }
        : undefined,
      protect: removal.protect,
    }),
  );
  // A strand the product's photo cut off (a cable) runs on to the frame's edge; not when the
  // person turned the product (its photo's sides no longer face the frame's).
  const photo = rotation === 0 ? await readSize(request.product).catch(() => null) : null;
  if (photo) {
    const strand = extendCutStrands({
      frame: framed,
      product: placement.product,
      box: placement.box,
      sides: cutSidesOf(cutOut.box, photo),
      protect: removal.protect,
    });
    if (strand) placement.strand = strand;
  }
  if (beforePlacement) keepInFront(framed, beforePlacement, removal.protect);
  if (drawings.length > 0) framed = await step('replace-words', () => writeWords(framed, drawings));
  const png = await step('encode', () => encodePng(framed));
  const made = saliency.made();
  return {
    png,
    frame,
    cutOut,
    productBox: boxInFrame,
    removed: removal.hole,
    placement,
    wordChanges,
    ...(made ? { templateSaliency: made } : {}),
  };
}

/**
 * The planned box of a product on legs, moved down so that its back feet stand on the floor
 * where the old object stood on a floor below a wall's foot (see standFeetOnFloor); else as
 * planned. `hole` is the old object's, in the frame before its removal. The wall's foot is
 * looked for only under a product on legs: the search costs some 80 ms on a large hole.
 */
function keepFeetOnFloor(
  framed: Raster,
  hole: Uint8Array,
  protect: Uint8Array,
  source: CutOutShape,
  planned: Box,
  footprint: Footprint | null,
): Box {
  if (!source.legFeet || !footprint) return planned;
  const wallFoot = findSupportEdge(framed, hole, protect);
  if (!wallFoot) return planned;
  return standFeetOnFloor({
    box: planned,
    source,
    feet: source.legFeet,
    wallFoot: wallFoot.line,
    contact: footprint.bottom,
    footX: footprint.footX,
    frame: framed,
  });
}

/** Puts back the pixels of `mask` as they were in `before`. */
function keepInFront(frame: Raster, before: Uint8Array, mask: Uint8Array) {
  for (let i = 0; i < mask.length; i += 1) {
    if (!mask[i]) continue;
    for (let c = 0; c < frame.channels; c += 1) {
      const at = i * frame.channels + c;
      frame.data[at] = before[at]!;
    }
  }
}

/**
 * A word printed on the object is surrounded by it: most of a ring around its box (half its
 * height wide) lies on the object mask. Copy over the background has background around it.
 */
function isOnObject(box: Box, object: Uint8Array, width: number): boolean {
  const height = object.length / width;
  const pad = Math.max(2, Math.round(box.height * 0.5));
  let inside = 0;
  let total = 0;
  const count = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    total += 1;
    inside += object[y * width + x]!;
  };
  const x0 = Math.round(box.x - pad);
  const x1 = Math.round(box.x + box.width + pad);
  const y0 = Math.round(box.y - pad);
  const y1 = Math.round(box.y + box.height + pad);
  for (let x = x0; x <= x1; x += 1) {
    count(x, y0);
    count(x, y1);
  }
  for (let y = y0 + 1; y < y1; y += 1) {
    count(x0, y);
    count(x1, y);
  }
  return total > 0 && inside / total >= 0.5;
}

/** Erosion: the mask shrunk by `radius` (what lies outside it grown). */
function shrinkMask(mask: Uint8Array, size: { width: number; height: number }, radius: number) {
  const outside = dilate(
    mask.map((v) => (v ? 0 : 1)),
    size.width,
    size.height,
    radius,
  );
  return outside.map((v) => (v ? 0 : 1));
}

function createStepTimer(context: GenerationContext) {
  return async <T>(name: GenerationStep, run: () => Promise<T>): Promise<T> => {
    throwIfAborted(context.signal);
    context.onStep?.({ name });
    const started = performance.now();
    const result = await run();
    context.onStep?.({ name, ms: Math.round(performance.now() - started) });
    return result;
  };
}

/**
 * The largest box of the cut-out's proportions inside `target`, centred and standing on its
 * floor: how the editor's preview shows a placed product.
 */
function fitInside(source: { width: number; height: number }, target: Box): Box {
  const scale = Math.min(target.width / source.width, target.height / source.height);
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  return {
    x: Math.round(target.x + (target.width - width) / 2),
    y: Math.round(target.y + target.height - height),
    width,
    height,
  };
}

/** The cut-out turned clockwise, on a transparent canvas grown to hold it. */
async function turn(png: Uint8Array, degrees: number): Promise<Uint8Array> {
  const turned = await sharp(png)
    .ensureAlpha()
    .rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return new Uint8Array(turned);
}

function centreBox(raster: Raster): Box {
  return {
    x: raster.width * 0.25,
    y: raster.height * 0.25,
    width: raster.width * 0.5,
    height: raster.height * 0.5,
  };
}

function validateBox(box: Box, raster: Raster): Box {
  const values = [box.x, box.y, box.width, box.height];
  if (values.some((v) => !Number.isFinite(v)) || box.width < 2 || box.height < 2) {
    throw new EngineError('bad_input', 'The product box is not a valid rectangle.');
  }
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const width = Math.min(raster.width, box.x + box.width) - x;
  const height = Math.min(raster.height, box.y + box.height) - y;
  if (width < 2 || height < 2) {
    throw new EngineError('bad_input', 'The product box lies outside the template.');
  }
  return { x, y, width, height };
}

/** A recorded mask: opaque pixels when it has alpha, else bright pixels, at template size. */
async function decodeMask(png: Uint8Array, template: Raster): Promise<Uint8Array> {
  try {
    const image = sharp(png).resize(template.width, template.height, { fit: 'fill' });
    const meta = await sharp(png).metadata();
    const channel = meta.hasAlpha
      ? image.ensureAlpha().extractChannel(3)
      : image.greyscale().extractChannel(0);
    const data = await channel.raw().toBuffer();
    const mask = new Uint8Array(template.width * template.height);
    for (let i = 0; i < mask.length; i += 1) mask[i] = data[i]! >= 128 ? 1 : 0;
    return mask;
  } catch (error) {
    throw new EngineError('bad_input', 'The product mask could not be read.', { cause: error });
  }
}

/** A mask (see decodeMask) framed as the output: 1 where it covers, 0 elsewhere. */
export async function maskToFrame(
  png: Uint8Array,
  template: Raster,
  frame: Frame,
): Promise<Uint8Array> {
  const mask = await decodeMask(png, template);
  const rgb = new Uint8Array(mask.length * 3);
  for (let i = 0; i < mask.length; i += 1) rgb[i * 3] = mask[i]! * 255;
  const framed = await renderFrame(
    { data: rgb, width: template.width, height: template.height, channels: 3 },
    frame,
  );
  const out = new Uint8Array(frame.width * frame.height);
  for (let i = 0; i < out.length; i += 1) out[i] = framed.data[i * 3]! >= 128 ? 1 : 0;
  return out;
}
