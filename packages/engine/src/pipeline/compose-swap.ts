import sharp from 'sharp';
import { EngineError, throwIfAborted } from '../engine-error.js';
import {
  findPhrase,
  replaceWords,
  writeWords,
  type TextDrawing,
  type WordChange,
} from '../text/replace-words.js';
import { analyzeTemplate } from '../analyze-template.js';
import type {
  Box,
  GenerationContext,
  GenerationStep,
  ProductCutOut,
  SwapRequest,
  TemplateWord,
} from '../types.js';
import { cutOutProduct } from './cut-out-product.js';
import { detectProduct } from './detect-product.js';
import { boxToFrame, computeFrame, renderFrame, type Frame } from './frame-template.js';
import { placeProduct, type Placement } from './place-product.js';
import { boundingBoxOf, decodeImage, encodePng, growBox, type Raster } from './raster.js';
import { removeProduct, SHADOW_ALLOWANCE } from './remove-product.js';

/** Everything a swap produced, for the provider (png) and for measuring quality (the rest). */
export type SwapOutcome = {
  png: Uint8Array;
  frame: Frame;
  cutOut: ProductCutOut;
  /** The template's product box in output pixels. */
  productBox: Box;
  placement: Placement;
  wordChanges: WordChange[];
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

  const decoded = await step('decode', async () => {
    const withAlpha = await decodeImage(request.template, { channels: 4 });
    const rgb = await decodeImage(request.template, { channels: 3 });
    return { withAlpha, rgb };
  });
  const cutOut =
    request.productCutOut ?? (await step('cut-out', () => cutOutProduct(request.product)));

  const { productBox, words } = await step('analyze', async () => {
    const recordedMask = request.productMask
      ? await decodeMask(request.productMask.png, decoded.rgb)
      : undefined;
    let found: TemplateWord[] = request.analysis?.words ?? [];
    if (replacements.length > 0 && !request.analysis) {
      found = (await analyzeTemplate(request.template, { findProduct: false })).words;
    }
    const box =
      request.productBox ??
      (recordedMask ? boundingBoxOf(recordedMask, decoded.rgb.width, 1) : null) ??
      request.analysis?.productBox ??
      (await detectProduct(decoded.withAlpha, { exclude: found.map((word) => word.box) })) ??
      centreBox(decoded.rgb);
    return { productBox: validateBox(box, decoded.rgb), words: found };
  });

  const wordsToKeep = replacements.flatMap(
    (r) => findPhrase(words, r.toReplace)?.map((word) => word.box) ?? [],
  );
  const frame = computeFrame(
    decoded.rgb,
    productBox,
    request.size,
    wordsToKeep,
    words.map((word) => word.box),
  );
  let framed = await step('frame', () => renderFrame(decoded.rgb, frame));
  throwIfAborted(context.signal);
  const boxInFrame = boxToFrame(productBox, frame);

  await step('remove-product', async () => {
    const maskInFrame = request.productMask
      ? await maskToFrame(request.productMask.png, decoded.rgb, frame)
      : undefined;
    await removeProduct(
      framed,
      boxInFrame,
      maskInFrame,
      words.map((word) => boxToFrame(word.box, frame)),
    );
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

  const placement = await step('place-product', () =>
    placeProduct({
      frame: framed,
      cutOut: cutOut.png,
      target: boxInFrame,
      limits: growBox(boxInFrame, SHADOW_ALLOWANCE),
    }),
  );
  if (drawings.length > 0) framed = await step('replace-words', () => writeWords(framed, drawings));
  const png = await step('encode', () => encodePng(framed));
  return { png, frame, cutOut, productBox: boxInFrame, placement, wordChanges };
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

async function maskToFrame(png: Uint8Array, template: Raster, frame: Frame): Promise<Uint8Array> {
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
