import sharp from 'sharp';
import { analyzeTemplate, wordsOfRecordedText } from '../analyze-template.js';
import { EngineError } from '../engine-error.js';
import { detectProduct } from '../pipeline/detect-product.js';
import { maskToFrame } from '../pipeline/compose-swap.js';
import {
  boxToFrame,
  computeFrame,
  parseOutputSize,
  renderFrame,
} from '../pipeline/frame-template.js';
import { clipBox, decodeImage, growBox } from '../pipeline/raster.js';
import { findPhrase } from '../text/replace-words.js';
import type { Box, OutputSize, SwapRequest, TextReplacement } from '../types.js';

/** The spec's prompt intent for a template swap, plus one line per replacement. */
export function buildSwapPrompt(replacements: TextReplacement[]): string {
  const lines = [
    'Replace the product in the first image with the product shown in the second image.',
    'Keep the product exactly as it is: its shape, proportions, colours, labels and logos.',
    'Place it where the old product stood, at a natural size, with light and shadows matching the scene.',
    'Keep everything else in the advertisement unchanged. Photorealistic.',
    ...replacements.map((r) => `Replace '${r.toReplace}' with '${r.replacement}'`),
  ];
  return lines.join('\n');
}

/** What an image-editing API is sent for a swap; plain data, so it can cross a thread boundary. */
export type SwapInputs = {
  /** PNG of the template framed at the output size. */
  template: Uint8Array;
  product: Uint8Array;
  /** PNG at the output size: transparent where the model may repaint, opaque elsewhere. */
  mask: Uint8Array;
  /** The transparent areas of the mask, in output pixels. */
  editBoxes: Box[];
  /**
   * A Remove region the person painted, framed (1: the model may repaint it), at the output
   * size: exactly these pixels take the model's, with no seam grown around them.
   */
  editMask?: Uint8Array;
  replacements: TextReplacement[];
  /** Words to replace that the template does not show: the model is not let near them. */
  notFound: string[];
};

/** The note for words that could not be replaced, as the local engine words it. */
export function notFoundNote(inputs: Pick<SwapInputs, 'notFound'>): string | undefined {
  if (inputs.notFound.length === 0) return undefined;
  return `Not found in the template: ${inputs.notFound.map((text) => `'${text}'`).join(', ')}.`;
}

/**
 * The image work around an AI edit: preparing the inputs, and putting the ad back around the
 * model's edit. Both run in the calling thread by default; the engine pool runs them in a worker.
 */
export type AiImageWork = {
  prepareSwap(request: SwapRequest): Promise<SwapInputs>;
  keepTheAd(edited: Uint8Array, inputs: SwapInputs, size: OutputSize): Promise<Uint8Array>;
};

export const inThreadImageWork: AiImageWork = {
  prepareSwap: (request) => prepareSwapInputs(request),
  keepTheAd: (edited, inputs, size) => keepTheAd(edited, inputs, size),
};

/**
 * Inputs for image-editing APIs: the template framed at the output size (so the API returns that
 * size), and a mask whose transparent pixels (product box, and the words to change) are the only
 * ones the model may repaint.
 */
export async function prepareSwapInputs(request: SwapRequest): Promise<SwapInputs> {
  const replacements = (request.replacements ?? []).filter((r) => r.toReplace.trim() !== '');
  if (replacements.length > 5) {
    throw new EngineError('bad_input', 'At most 5 text replacements are allowed.');
  }
  const rgb = await decodeImage(request.template, { channels: 3 });
  const box =
    request.productBox ??
    request.analysis?.productBox ??
    (await detectProduct(await decodeImage(request.template, { channels: 4 })));
  // The words to change must be found to be opened to the edit; everything else is put back.
  const words =
    request.analysis?.words ??
    (request.recordedText ? wordsOfRecordedText(request.recordedText, rgb) : null) ??
    (replacements.length > 0
      ? (await analyzeTemplate(request.template, { findProduct: false })).words
      : []);
  const found = replacements.map((replacement) => findPhrase(words, replacement.toReplace));
  const wordBoxes = found.flatMap((phrase) => phrase?.map((word) => word.box) ?? []);
  const frame = computeFrame(
    rgb,
    box,
    request.size,
    wordBoxes,
    words.map((word) => word.box),
  );
  const framed = await renderFrame(rgb, frame);
  const { width, height } = parseOutputSize(request.size);
  const editBoxes: Box[] = [];
  const editMask = request.productMask?.painted
    ? await maskToFrame(request.productMask.png, rgb, frame)
    : undefined;
  if (box && !editMask)
    editBoxes.push(clipBox(growBox(boxToFrame(box, frame), 0.05), width, height));
  for (const box of wordBoxes) {
    editBoxes.push(clipBox(growBox(boxToFrame(box, frame), 0.15), width, height));
  }
  const alpha = Buffer.alloc(width * height, 255);
  for (const edit of editBoxes) {
    for (let y = edit.y; y < edit.y + edit.height; y += 1) {
      alpha.fill(0, y * width + edit.x, y * width + edit.x + edit.width);
    }
  }
  if (editMask) for (let i = 0; i < editMask.length; i += 1) if (editMask[i]) alpha[i] = 0;
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    rgba[i * 4] = framed.data[i * 3]!;
    rgba[i * 4 + 1] = framed.data[i * 3 + 1]!;
    rgba[i * 4 + 2] = framed.data[i * 3 + 2]!;
    rgba[i * 4 + 3] = alpha[i]!;
  }
  const template = await sharp(framed.data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const mask = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  const product = await sharp(request.product).rotate().png().toBuffer();
  return {
    template: toBytes(template),
    product: toBytes(product),
    mask: toBytes(mask),
    editBoxes,
    ...(editMask ? { editMask } : {}),
    replacements,
    notFound: replacements
      .filter((_, index) => !found[index])
      .map((replacement) => replacement.toReplace),
  };
}

/** A Buffer as a plain Uint8Array over its own memory (Buffers may share a pooled one). */
function toBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer);
}

/** Width of the seam, inside the edited areas, where the model's pixels fade into the template's. */
export const SEAM_PX = 4;

/**
 * Puts the ad back around an AI edit: every pixel outside the edited areas (the old product's
 * region and the replaced words) is the template's own, so the copy and background stay exact
 * however the model drifted. The edit is first stretched to the frame (models may answer at
 * another size); inside the areas it fades in over `SEAM_PX` pixels from their edges.
 */
export async function keepTheAd(
  edited: Uint8Array,
  inputs: Pick<SwapInputs, 'template' | 'editBoxes' | 'editMask'>,
  size: OutputSize,
): Promise<Uint8Array> {
  const { width, height } = parseOutputSize(size);
  let model: Buffer;
  try {
    model = await sharp(edited)
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
  } catch (error) {
    throw new EngineError('provider_error', 'The provider returned an unreadable image.', {
      cause: error,
    });
  }
  const template = await sharp(inputs.template).removeAlpha().raw().toBuffer();
  if (template.length !== width * height * 3) {
    throw new EngineError('bad_input', 'The framed template does not match the output size.');
  }
  const weight = editWeights(inputs.editBoxes, width, height);
  if (inputs.editMask) {
    for (let i = 0; i < weight.length; i += 1) if (inputs.editMask[i]) weight[i] = 1;
  }
  const out = Buffer.from(template);
  for (let i = 0; i < width * height; i += 1) {
    const w = weight[i]!;
    if (w === 0) continue;
    for (let c = 0; c < 3; c += 1) {
      const at = i * 3 + c;
      out[at] = Math.round(template[at]! + (model[at]! - template[at]!) * w);
    }
  }
  return new Uint8Array(
    await sharp(out, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/**
 * How much of the model's pixel to take: 0 outside every box, rising to 1 at SEAM_PX inside a
 * box's edges. A box edge on the frame's border has no seam (there is nothing to blend with).
 */
function editWeights(boxes: Box[], width: number, height: number): Float32Array {
  const weight = new Float32Array(width * height);
  for (const box of boxes) {
    const area = clipBox(box, width, height);
    const right = area.x + area.width - 1;
    const bottom = area.y + area.height - 1;
    for (let y = area.y; y <= bottom; y += 1) {
      const fromTop = area.y === 0 ? Infinity : y - area.y + 1;
      const fromBottom = bottom === height - 1 ? Infinity : bottom - y + 1;
      for (let x = area.x; x <= right; x += 1) {
        const fromLeft = area.x === 0 ? Infinity : x - area.x + 1;
        const fromRight = right === width - 1 ? Infinity : right - x + 1;
        const inside = Math.min(fromTop, fromBottom, fromLeft, fromRight);
        const w = Math.min(1, inside / (SEAM_PX + 1));
        const at = y * width + x;
        if (w > weight[at]!) weight[at] = w;
      }
    }
  }
  return weight;
}

/** Providers may answer at another size: the app always gets exactly the requested one. */
export async function fitToSize(bytes: Uint8Array, size: OutputSize): Promise<Uint8Array> {
  const { width, height } = parseOutputSize(size);
  try {
    const png = await sharp(bytes).resize(width, height, { fit: 'cover' }).png().toBuffer();
    return new Uint8Array(png);
  } catch (error) {
    throw new EngineError('provider_error', 'The provider returned an unreadable image.', {
      cause: error,
    });
  }
}
