import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { learnedModelsEnabled } from '../config.js';
import { decodeImage, type Raster } from '../pipeline/raster.js';
import type { Box } from '../types.js';
import { readTextLines, type OcrLine } from './pp-ocr.js';

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
 * Reads the words of an image: PP-OCR finds and reads the lines; each line is split into words
 * where Tesseract, reading the same line, agrees on the words (its word boxes are the better
 * split), else at the spaces of PP-OCR's own reading. Readings that look like photo texture are
 * dropped (see isLikelyWord). Tesseract alone reads when the PP-OCR models cannot load.
 */
export async function readWords(
  image: Uint8Array,
  options: { minConfidence?: number } = {},
): Promise<ReadWord[]> {
  if (!learnedModelsEnabled()) return readWordsWithTesseract(image, options);
  const rgb = await decodeImage(image, { channels: 3 });
  let lines: OcrLine[];
  try {
    lines = await readTextLines(rgb);
  } catch (error) {
    console.warn('PP-OCR could not run; reading with Tesseract alone.', error);
    return readWordsWithTesseract(image, options);
  }
  const words: ReadWord[] = [];
  for (const line of lines) {
    if (line.confidence < LINE_MIN_CONFIDENCE || line.box.height < MIN_TEXT_HEIGHT) continue;
    const ink = findInk(rgb, line.box);
    const own = splitAtSpaces(line, ink);
    const second = await readLineWithTesseract(rgb, line.box);
    // Tesseract may split a run-together line, never join PP-OCR's words.
    const split =
      agreesWith(own, second) && second.length >= own.length ? mergeSplits(own, second, ink) : own;
    for (const word of split) {
      if (isLikelyWord(word, options.minConfidence)) words.push(word);
    }
  }
  return words.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/** Below this mean character probability a line is texture read as letters. */
const LINE_MIN_CONFIDENCE = 0.75;
/** Ink shorter than this (pixels) is too small to be ad copy, and too small to read safely. */
const MIN_TEXT_HEIGHT = 10;
/**
 * Letters, digits and the punctuation of ad copy. The recogniser also knows thousands of CJK
 * characters, which on photos are almost always texture read as text.
 */
const AD_CHARACTERS = /^[A-Za-z0-9\u00C0-\u024F.,:;!?'"’&%$€£¥+\-/@#()*]+$/u;

/** Filters of confidence, character classes and box shape that photo textures fail. */
export function isLikelyWord(word: ReadWord, minConfidence = 80): boolean {
  const { text, box, confidence } = word;
  if (!AD_CHARACTERS.test(text) || !/[A-Za-z0-9]/.test(text)) return false;
  if (confidence < minConfidence) return false;
  if (box.height < MIN_TEXT_HEIGHT) return false;
  // A lone character is a letter-shaped blob as often as it is a word: only sure digits or a/I.
  if (text.length === 1 && !(/[0-9AaI&]/.test(text) && confidence >= 90)) return false;
  // Ink much taller than the characters need is an object, not a glyph.
  if (box.height > (box.width / text.length) * 4) return false;
  return true;
}

type InkMask = { box: Box; mask: Uint8Array; width: number; height: number };

/**
 * The line's ink: pixels whose colour lies far from the line's border colour (the median of
 * its top and bottom rows, background for ad copy of any colour), split from the rest by Otsu
 * on that distance. Colour distance, not luminance: red text on a dark-wood table differs in
 * hue more than in lightness.
 */
function findInk(rgb: Raster, box: Box): InkMask {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(rgb.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(rgb.height, Math.ceil(box.y + box.height));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const at = (x: number, y: number, c: number) =>
    rgb.data[((y + y0) * rgb.width + x + x0) * rgb.channels + c]!;
  const paper = [0, 1, 2].map((c) => {
    const values: number[] = [];
    for (let x = 0; x < width; x += 1) values.push(at(x, 0, c), at(x, height - 1, c));
    values.sort((a, b) => a - b);
    return values[values.length >> 1]!;
  });
  const distance = new Uint8Array(width * height);
  const histogram = new Array<number>(256).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const d = Math.hypot(
        at(x, y, 0) - paper[0]!,
        at(x, y, 1) - paper[1]!,
        at(x, y, 2) - paper[2]!,
      );
      const value = Math.min(255, Math.round(d / Math.sqrt(3)));
      distance[y * width + x] = value;
      histogram[value]! += 1;
    }
  }
  // Never below a plain step: on a flat background Otsu would split the paper's own noise.
  const threshold = Math.max(12, otsuThreshold(histogram, width * height));
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = distance[i]! > threshold ? 1 : 0;
  return { box: { x: x0, y: y0, width, height }, mask, width, height };
}

function otsuThreshold(histogram: number[], total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * histogram[i]!;
  let sumBelow = 0;
  let countBelow = 0;
  let best = -1;
  let threshold = 127;
  for (let i = 0; i < 256; i += 1) {
    countBelow += histogram[i]!;
    if (countBelow === 0 || countBelow === total) continue;
    sumBelow += i * histogram[i]!;
    const between =
      countBelow *
      (total - countBelow) *
      (sumBelow / countBelow - (sum - sumBelow) / (total - countBelow)) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** The tight box of the ink between x0 and x1 (image pixels), or null when there is none. */
function tightenToInk(ink: InkMask, x0: number, x1: number): Box | null {
  const from = Math.max(0, Math.floor(x0 - ink.box.x));
  const to = Math.min(ink.width, Math.ceil(x1 - ink.box.x));
  // A column or row counts when a few pixels are ink: single specks of texture do not.
  const minimum = Math.max(1, Math.round(ink.height * 0.04));
  let left = -1;
  let right = -1;
  for (let x = from; x < to; x += 1) {
    let count = 0;
    for (let y = 0; y < ink.height; y += 1) count += ink.mask[y * ink.width + x]!;
    if (count >= minimum) {
      if (left < 0) left = x;
      right = x;
    }
  }
  if (left < 0) return null;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < ink.height; y += 1) {
    let count = 0;
    for (let x = left; x <= right; x += 1) count += ink.mask[y * ink.width + x]!;
    if (count >= 1) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  return {
    x: ink.box.x + left,
    y: ink.box.y + top,
    width: right - left + 1,
    height: bottom - top + 1,
  };
}

/**
 * PP-OCR's own split: words at the recognised spaces, and at blank gaps in the ink wider than a
 * word space where the recogniser ran two words together, each word owning the ink between
 * the middles of the gaps to its neighbours.
 */
function splitAtSpaces(line: OcrLine, ink: InkMask): ReadWord[] {
  const groups: { text: string; xs: number[]; probabilities: number[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  const blank = findBlankColumns(ink);
  const pitches = line.characters.slice(1).map((c, i) => c.x - line.characters[i]!.x);
  const pitch = [...pitches].sort((a, b) => a - b)[pitches.length >> 1] ?? line.box.height;
  const runs = line.characters.map((c, i) =>
    i === 0 ? 0 : longestRun(blank, line.characters[i - 1]!.x - ink.box.x, c.x - ink.box.x),
  );
  // Ink gaps are only trusted where the recogniser put no space in a long line at all; on a
  // busy background the ink mask has holes between letters too, so a word space must also
  // stand out from the usual blank between two letters of this line.
  const isRunTogether = !line.text.includes(' ') && line.text.length >= 6;
  const usualRun = [...runs.slice(1)].sort((a, b) => a - b)[(runs.length - 1) >> 1] ?? 0;
  [...line.text].forEach((character, i) => {
    const { x, probability } = line.characters[i]!;
    const isGap =
      isRunTogether && i > 0 && runs[i]! >= pitch * WORD_SPACE && runs[i]! >= 2 * usualRun + 2;
    if (character === ' ' || isGap) current = undefined;
    if (character === ' ') return;
    if (!current) {
      current = { text: '', xs: [], probabilities: [] };
      groups.push(current);
    }
    current.text += character;
    current.xs.push(x);
    current.probabilities.push(probability);
  });
  const reach = line.box.width / Math.max(1, line.text.length);
  const words: ReadWord[] = [];
  groups.forEach((group, i) => {
    const previous = groups[i - 1];
    const next = groups[i + 1];
    const left = previous
      ? (previous.xs.at(-1)! + group.xs[0]!) / 2
      : Math.min(line.box.x, group.xs[0]! - reach);
    const right = next
      ? (group.xs.at(-1)! + next.xs[0]!) / 2
      : Math.max(line.box.x + line.box.width, group.xs.at(-1)! + reach);
    const box = tightenToInk(ink, left, right);
    if (!box) return;
    const mean = group.probabilities.reduce((a, b) => a + b, 0) / group.probabilities.length;
    words.push({ text: group.text, box, confidence: mean * 100 });
  });
  return words;
}

/**
 * A blank run of ink columns at least this share of the line's letter pitch is a word space:
 * letters are about 0.1 em apart, words 0.3 em, at a pitch of about 0.55 em.
 */
const WORD_SPACE = 0.4;

function findBlankColumns(ink: InkMask): Uint8Array {
  const minimum = Math.max(1, Math.round(ink.height * 0.04));
  const blank = new Uint8Array(ink.width);
  for (let x = 0; x < ink.width; x += 1) {
    let count = 0;
    for (let y = 0; y < ink.height; y += 1) count += ink.mask[y * ink.width + x]!;
    blank[x] = count < minimum ? 1 : 0;
  }
  return blank;
}

function longestRun(blank: Uint8Array, from: number, to: number): number {
  let best = 0;
  let run = 0;
  for (let x = Math.max(0, Math.floor(from)); x < Math.min(blank.length, Math.ceil(to)); x += 1) {
    run = blank[x] ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Tesseract read the same letters in the line (one slip allowed per eight letters). */
function agreesWith(own: ReadWord[], second: ReadWord[]): boolean {
  if (second.length === 0) return false;
  const a = letters(own.map((w) => w.text).join(''));
  const b = letters(second.map((w) => w.text).join(''));
  return a.length > 0 && editDistance(a, b) <= Math.floor(a.length / 8);
}

/**
 * Tesseract's word boundaries with PP-OCR's spelling: PP-OCR's letters are dealt out to
 * Tesseract's words by their letter counts, and each box is tightened to the ink.
 */
function mergeSplits(own: ReadWord[], second: ReadWord[], ink: InkMask): ReadWord[] {
  if (second.length === own.length) {
    return own.map((word, i) => {
      const box = second[i]!.box;
      return { ...word, box: tightenToInk(ink, box.x, box.x + box.width) ?? word.box };
    });
  }
  const spelled = [...own.map((w) => w.text).join('')];
  const confidence = Math.min(...own.map((w) => w.confidence));
  const words: ReadWord[] = [];
  let used = 0;
  second.forEach((word, i) => {
    const count =
      i === second.length - 1 ? spelled.length - used : [...word.text.replace(/\s/g, '')].length;
    const text = spelled.slice(used, used + count).join('');
    used += count;
    const box = tightenToInk(ink, word.box.x, word.box.x + word.box.width);
    if (text && box) words.push({ text, box, confidence });
  });
  return words;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Tesseract's words of one line, read from the line's crop (its boxes in image pixels). */
async function readLineWithTesseract(rgb: Raster, box: Box): Promise<ReadWord[]> {
  const pad = Math.round(box.height * 0.3);
  const left = Math.max(0, Math.floor(box.x) - pad);
  const top = Math.max(0, Math.floor(box.y) - pad);
  const width = Math.min(rgb.width, Math.ceil(box.x + box.width) + pad) - left;
  const height = Math.min(rgb.height, Math.ceil(box.y + box.height) + pad) - top;
  const crop = await sharp(rgb.data, {
    raw: { width: rgb.width, height: rgb.height, channels: rgb.channels },
  })
    .extract({ left, top, width, height })
    .greyscale()
    .png()
    .toBuffer();
  const ocr = await getWorker();
  const result = await ocr.recognize(crop, {}, { blocks: true, text: false });
  return collectWords(result.data.blocks ?? [], 0).map((word) => ({
    ...word,
    box: { ...word.box, x: word.box.x + left, y: word.box.y + top },
  }));
}

type TesseractBlocks = NonNullable<Awaited<ReturnType<Worker['recognize']>>['data']['blocks']>;

function collectWords(blocks: TesseractBlocks, minConfidence: number): ReadWord[] {
  const found: ReadWord[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (!/[A-Za-z0-9]/.test(text)) continue;
          if (word.confidence < minConfidence) continue;
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
  return found;
}

/**
 * Tesseract alone, over the whole image. Tesseract binarises on luminance, so light text on a
 * saturated colour can vanish; reading single colour channels as well brings such words back.
 * Duplicates across variants are merged, keeping the most confident reading.
 */
export async function readWordsWithTesseract(
  image: Uint8Array,
  options: { variants?: OcrVariant[]; minConfidence?: number } = {},
): Promise<ReadWord[]> {
  const ocr = await getWorker();
  const variants = options.variants ?? ['grey', 'light-text', 'dark-text'];
  const found: ReadWord[] = [];
  for (const variant of variants) {
    const png = await renderVariant(image, variant);
    const result = await ocr.recognize(png, {}, { blocks: true, text: false });
    found.push(...collectWords(result.data.blocks ?? [], options.minConfidence ?? 60));
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
