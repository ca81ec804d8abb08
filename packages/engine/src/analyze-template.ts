import { detectProduct } from './pipeline/detect-product.js';
import { decodeImage, toHex, type Raster } from './pipeline/raster.js';
import { layoutText } from './text/font-renderer.js';
import { readWords } from './text/read-words.js';
import type { Box, RecordedText, TemplateAnalysis, TemplateWord } from './types.js';

/**
 * One-time analysis of a template, to be stored with it as JSON: the words the OCR reads (with
 * boxes and colours), the detected product box and the scene's mean colour. All boxes are in the
 * template's own pixels.
 */
export async function analyzeTemplate(
  bytes: Uint8Array,
  options: { readText?: boolean; findProduct?: boolean } = {},
): Promise<TemplateAnalysis> {
  const rgb = await decodeImage(bytes, { channels: 3 });
  const words = options.readText === false ? [] : await findWords(bytes, rgb);
  // Ad copy is never the product, even when it stands out from the background.
  const productBox =
    options.findProduct === false
      ? null
      : await detectProduct(await decodeImage(bytes, { channels: 4 }), {
          exclude: words.map((word) => word.box),
        });
  return {
    version: 1,
    width: rgb.width,
    height: rgb.height,
    words,
    productBox,
    meanColor: measureMeanColor(rgb),
  };
}

async function findWords(bytes: Uint8Array, rgb: Raster): Promise<TemplateWord[]> {
  const read = await readWords(bytes);
  const lines = assignLines(read.map((word) => word.box));
  return read.map((word, index) => {
    const colors = measureWordColors(rgb, word.box);
    return {
      text: word.text,
      box: word.box,
      line: lines[index]!,
      confidence: Math.round(word.confidence),
      textColor: colors.text,
      backgroundColor: colors.background,
    };
  });
}

/**
 * The words of phrases recorded with a template (one box per phrase), as the OCR would give them:
 * each phrase is a line of its own, split into words in proportion to their width in the
 * engine's font, with the colours measured in the template. Replacements then find any run of
 * a phrase's words without reading the image.
 */
export function wordsOfRecordedText(phrases: RecordedText[], rgb: Raster): TemplateWord[] {
  const advance = (text: string) =>
    layoutText(text, { x: 0, baseline: 0, size: 1, weight: 700 }).advance;
  const space = advance(' ');
  return phrases.flatMap((phrase, line) => {
    const parts = phrase.text.split(/\s+/).filter(Boolean);
    const widths = parts.map(advance);
    const total = widths.reduce((sum, width) => sum + width, 0) + space * (parts.length - 1);
    const perUnit = total > 0 ? phrase.box.width / total : 0;
    const colors = measureWordColors(rgb, phrase.box);
    let x = phrase.box.x;
    return parts.map((text, index) => {
      const width = widths[index]! * perUnit;
      const word: TemplateWord = {
        text,
        box: {
          x: Math.round(x),
          y: phrase.box.y,
          width: Math.max(1, Math.round(width)),
          height: phrase.box.height,
        },
        line,
        confidence: 100,
        textColor: colors.text,
        backgroundColor: colors.background,
      };
      x += width + space * perUnit;
      return word;
    });
  });
}

/** Words whose vertical middles fall inside each other's height share a line. */
function assignLines(boxes: Box[]): number[] {
  const order = boxes.map((_, index) => index).sort((a, b) => boxes[a]!.y - boxes[b]!.y);
  const lines = new Array<number>(boxes.length).fill(-1);
  let next = 0;
  for (const index of order) {
    if (lines[index]! >= 0) continue;
    lines[index] = next;
    const box = boxes[index]!;
    for (const other of order) {
      if (lines[other]! >= 0) continue;
      const candidate = boxes[other]!;
      const middle = candidate.y + candidate.height / 2;
      const sameHeight = candidate.height < box.height * 1.6 && box.height < candidate.height * 1.6;
      if (sameHeight && middle > box.y && middle < box.y + box.height) lines[other] = next;
    }
    next += 1;
  }
  return lines;
}

/**
 * Splits the word's pixels by luminance (Otsu): the smaller class is the ink, the larger the
 * background. Medians keep anti-aliased edges out of both colours.
 */
export function measureWordColors(rgb: Raster, box: Box): { text: string; background: string } {
  const pixels: [number, number, number, number][] = [];
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(rgb.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(rgb.height, Math.ceil(box.y + box.height));
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = (y * rgb.width + x) * rgb.channels;
      const r = rgb.data[i]!;
      const g = rgb.data[i + 1]!;
      const b = rgb.data[i + 2]!;
      pixels.push([r, g, b, 0.299 * r + 0.587 * g + 0.114 * b]);
    }
  }
  if (pixels.length === 0) return { text: '#000000', background: '#ffffff' };
  const threshold = otsu(pixels.map((p) => p[3]));
  const dark = pixels.filter((p) => p[3] <= threshold);
  const light = pixels.filter((p) => p[3] > threshold);
  // Bold capitals can cover more of their box than the paper does: the paper is the class that
  // looks like the surroundings of the box.
  const around = measureRingLuminance(rgb, box);
  const mean = (list: typeof pixels) => list.reduce((sum, p) => sum + p[3], 0) / (list.length || 1);
  const isDarkPaper =
    around === null
      ? dark.length > light.length
      : Math.abs(mean(dark) - around) < Math.abs(mean(light) - around);
  const [ink, paper] = isDarkPaper ? [light, dark] : [dark, light];
  return { text: medianColor(ink.length ? ink : paper), background: medianColor(paper) };
}

function measureRingLuminance(rgb: Raster, box: Box): number | null {
  const pad = Math.max(2, Math.round(box.height * 0.25));
  const values: number[] = [];
  const add = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= rgb.width || y >= rgb.height) return;
    const i = (Math.round(y) * rgb.width + Math.round(x)) * rgb.channels;
    values.push(0.299 * rgb.data[i]! + 0.587 * rgb.data[i + 1]! + 0.114 * rgb.data[i + 2]!);
  };
  for (let x = box.x - pad; x <= box.x + box.width + pad; x += 1) {
    add(x, box.y - pad);
    add(x, box.y + box.height + pad);
  }
  for (let y = box.y - pad; y <= box.y + box.height + pad; y += 1) {
    add(box.x - pad, y);
    add(box.x + box.width + pad, y);
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return values[values.length >> 1]!;
}

function otsu(values: number[]): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of values) histogram[Math.round(value)]! += 1;
  const total = values.length;
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * histogram[i]!;
  let sumBelow = 0;
  let countBelow = 0;
  let best = 0;
  let threshold = 127;
  for (let i = 0; i < 256; i += 1) {
    countBelow += histogram[i]!;
    if (countBelow === 0 || countBelow === total) continue;
    sumBelow += i * histogram[i]!;
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sum - sumBelow) / (total - countBelow);
    const between = countBelow * (total - countBelow) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

function medianColor(pixels: [number, number, number, number][]): string {
  const channel = (c: number) => {
    const values = pixels.map((p) => p[c]!).sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  };
  return toHex(channel(0), channel(1), channel(2));
}

function measureMeanColor(rgb: Raster): string {
  const sums = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < rgb.width * rgb.height; i += 5) {
    for (let c = 0; c < 3; c += 1) sums[c] = sums[c]! + rgb.data[i * rgb.channels + c]!;
    count += 1;
  }
  return toHex(sums[0]! / count, sums[1]! / count, sums[2]! / count);
}
