import { detectProduct } from './pipeline/detect-product.js';
import { toHex, type Raster } from './pipeline/raster.js';
import { decodeTemplate } from './pipeline/template-margins.js';
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
  const { rgb, withAlpha } = await decodeTemplate(bytes);
  const words = options.readText === false ? [] : await findWords(bytes, rgb);
  // Ad copy is never the product, even when it stands out from the background.
  const productBox =
    options.findProduct === false
      ? null
      : await detectProduct(withAlpha, {
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
 *
 * Every swap of a catalogue template measures its phrases here, so it counts instead of sorting:
 * one pass for the luminance histogram, one for each class's channel histograms (the medians are
 * read from them) and its luminance sum, added in pixel order as a list's sum would be.
 */
export function measureWordColors(rgb: Raster, box: Box): { text: string; background: string } {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(rgb.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(rgb.height, Math.ceil(box.y + box.height));
  if (x1 <= x0 || y1 <= y0) return { text: '#000000', background: '#ffffff' };
  const luminance = (i: number) =>
    0.299 * rgb.data[i]! + 0.587 * rgb.data[i + 1]! + 0.114 * rgb.data[i + 2]!;
  const histogram = new Array<number>(256).fill(0);
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      histogram[Math.round(luminance((y * rgb.width + x) * rgb.channels))]! += 1;
    }
  }
  const threshold = otsu(histogram, (x1 - x0) * (y1 - y0));
  const dark = new ColourClass();
  const light = new ColourClass();
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = (y * rgb.width + x) * rgb.channels;
      const value = luminance(i);
      (value <= threshold ? dark : light).add(rgb.data, i, value);
    }
  }
  // Bold capitals can cover more of their box than the paper does: the paper is the class that
  // looks like the surroundings of the box.
  const around = measureRingLuminance(rgb, box);
  const isDarkPaper =
    around === null
      ? dark.count > light.count
      : Math.abs(dark.meanLuminance() - around) < Math.abs(light.meanLuminance() - around);
  const [ink, paper] = isDarkPaper ? [light, dark] : [dark, light];
  return { text: (ink.count ? ink : paper).medianColor(), background: paper.medianColor() };
}

/** The pixels of one luminance class: their count, luminance sum and channel histograms. */
class ColourClass {
  count = 0;
  private luminanceSum = 0;
  private readonly channels = [0, 1, 2].map(() => new Uint32Array(256));

  add(data: Uint8Array, i: number, luminance: number): void {
    this.count += 1;
    this.luminanceSum += luminance;
    for (let c = 0; c < 3; c += 1) this.channels[c]![data[i + c]!]! += 1;
  }

  meanLuminance(): number {
    return this.luminanceSum / (this.count || 1);
  }

  /** Per channel, the value at index count/2 of the sorted values (0 for an empty class). */
  medianColor(): string {
    const middle = this.count >> 1;
    const [r, g, b] = this.channels.map((histogram) => {
      if (this.count === 0) return 0;
      let seen = 0;
      for (let value = 0; value < 256; value += 1) {
        seen += histogram[value]!;
        if (seen > middle) return value;
      }
      return 255;
    });
    return toHex(r!, g!, b!);
  }
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

function otsu(histogram: number[], total: number): number {
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

function measureMeanColor(rgb: Raster): string {
  const sums = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < rgb.width * rgb.height; i += 5) {
    for (let c = 0; c < 3; c += 1) sums[c] = sums[c]! + rgb.data[i * rgb.channels + c]!;
    count += 1;
  }
  return toHex(sums[0]! / count, sums[1]! / count, sums[2]! / count);
}
