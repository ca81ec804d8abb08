import sharp from 'sharp';
import { EngineError } from '../engine-error.js';
import { detectProduct } from '../pipeline/detect-product.js';
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

/**
 * Inputs for image-editing APIs: the template framed at the output size (so the API returns that
 * size), and a mask whose transparent pixels (product box, and the words to change) are the only
 * ones the model may repaint.
 */
export async function prepareSwapInputs(request: SwapRequest): Promise<{
  template: Buffer;
  product: Buffer;
  mask: Buffer;
  editBoxes: Box[];
  replacements: TextReplacement[];
}> {
  const replacements = (request.replacements ?? []).filter((r) => r.toReplace.trim() !== '');
  if (replacements.length > 5) {
    throw new EngineError('bad_input', 'At most 5 text replacements are allowed.');
  }
  const rgb = await decodeImage(request.template, { channels: 3 });
  const box =
    request.productBox ??
    request.analysis?.productBox ??
    (await detectProduct(await decodeImage(request.template, { channels: 4 })));
  const wordBoxes = replacements.flatMap((replacement) =>
    request.analysis
      ? (findPhrase(request.analysis.words, replacement.toReplace)?.map((w) => w.box) ?? [])
      : [],
  );
  const frame = computeFrame(
    rgb,
    box,
    request.size,
    wordBoxes,
    request.analysis?.words.map((word) => word.box) ?? [],
  );
  const framed = await renderFrame(rgb, frame);
  const { width, height } = parseOutputSize(request.size);
  const editBoxes: Box[] = [];
  if (box) editBoxes.push(clipBox(growBox(boxToFrame(box, frame), 0.05), width, height));
  for (const replacement of replacements) {
    const words = request.analysis
      ? findPhrase(request.analysis.words, replacement.toReplace)
      : null;
    for (const word of words ?? []) {
      editBoxes.push(clipBox(growBox(boxToFrame(word.box, frame), 0.15), width, height));
    }
  }
  const alpha = Buffer.alloc(width * height, 255);
  for (const edit of editBoxes) {
    for (let y = edit.y; y < edit.y + edit.height; y += 1) {
      alpha.fill(0, y * width + edit.x, y * width + edit.x + edit.width);
    }
  }
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
  return { template, product, mask, editBoxes, replacements };
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
