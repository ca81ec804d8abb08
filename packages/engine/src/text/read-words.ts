import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { Box } from '../types.js';

export type OcrVariant = 'grey' | 'light-text' | 'dark-text' | 'red' | 'green' | 'blue';

export type ReadWord = { text: string; box: Box; confidence: number };

const require = createRequire(import.meta.url);
let worker: Promise<Worker> | undefined;

function getWorker(): Promise<Worker> {
  worker ??= createWorker('eng', OEM.LSTM_ONLY, {
    // Offline: the trained data ships in an npm package; nothing is fetched or cached on disk.
    langPath: path.join(
      path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
      '4.0.0_best_int',
    ),
    gzip: true,
    cacheMethod: 'none',
  }).then(async (created) => {
    // Images carry no resolution; tell Tesseract a print-like one instead of letting it warn.
    await created.setParameters({ user_defined_dpi: '300' });
    return created;
  });
  return worker;
}

/** Ends the OCR worker thread (tests and the CLI call this so the process can exit). */
export async function closeWordReader(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await (await current).terminate();
}

/**
 * Reads the words of an image. Tesseract binarises on luminance, so light text on a saturated
 * colour can vanish; reading single colour channels as well brings such words back. Duplicates
 * across variants are merged, keeping the most confident reading.
 */
export async function readWords(
  image: Uint8Array,
  options: { variants?: OcrVariant[]; minConfidence?: number } = {},
): Promise<ReadWord[]> {
  const ocr = await getWorker();
  const variants = options.variants ?? ['grey', 'light-text', 'dark-text'];
  const found: ReadWord[] = [];
  for (const variant of variants) {
    const png = await renderVariant(image, variant);
    const result = await ocr.recognize(png, {}, { blocks: true, text: false });
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          for (const word of line.words) {
            const text = word.text.trim();
            if (!/[A-Za-z0-9]/.test(text)) continue;
            if (word.confidence < (options.minConfidence ?? 60)) continue;
            const { x0, y0, x1, y1 } = word.bbox;
            found.push({
              text,
              confidence: word.confidence,
              box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
            });
          }
        }
      }
    }
  }
  return mergeReadings(found);
}

/**
 * `light-text` marks pixels much brighter than their blurred surroundings (`dark-text` darker):
 * text of any colour becomes black on white, whatever the page's global threshold would make of it.
 */
async function renderVariant(image: Uint8Array, variant: OcrVariant): Promise<Buffer> {
  const base = sharp(image).flatten({ background: '#ffffff' });
  if (variant === 'grey') return base.greyscale().png().toBuffer();
  if (variant === 'light-text' || variant === 'dark-text') {
    const sign = variant === 'light-text' ? 1 : -1;
    const rgb = base.removeAlpha();
    const { data, info } = await rgb.clone().raw().toBuffer({ resolveWithObject: true });
    const blurred = await rgb.clone().blur(40).raw().toBuffer();
    const out = Buffer.alloc(info.width * info.height);
    for (let i = 0; i < out.length; i += 1) {
      let difference = -255;
      for (let c = 0; c < 3; c += 1) {
        difference = Math.max(difference, sign * (data[i * 3 + c]! - blurred[i * 3 + c]!));
      }
      // A fixed local-contrast threshold: Tesseract's global one loses light text on colour.
      out[i] = difference > 36 ? 0 : 255;
    }
    return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png()
      .toBuffer();
  }
  const channel = variant === 'red' ? 0 : variant === 'green' ? 1 : 2;
  return base.extractChannel(channel).png().toBuffer();
}

function mergeReadings(words: ReadWord[]): ReadWord[] {
  const sorted = [...words].sort((a, b) => b.confidence - a.confidence);
  const kept: ReadWord[] = [];
  for (const word of sorted) {
    if (!kept.some((other) => overlapRatio(other.box, word.box) > 0.5)) kept.push(word);
  }
  return kept.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

export function overlapRatio(a: Box, b: Box): number {
  const x = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const y = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const smaller = Math.min(a.width * a.height, b.width * b.height) || 1;
  return (x * y) / smaller;
}
