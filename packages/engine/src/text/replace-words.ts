import { boxToFrame, type Frame } from '../pipeline/frame-template.js';
import { fillRegion } from '../pipeline/fill-region.js';
import { clipBox, growBox, type Raster } from '../pipeline/raster.js';
import type { Box, TemplateWord, TextReplacement } from '../types.js';
import { drawText, measureInk, type FontWeight } from './font-renderer.js';

export type WordChange = {
  replacement: TextReplacement;
  /** Area erased and rewritten, in output pixels; null when the words were not found. */
  area: Box | null;
};

const normalize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Finds the words of `phrase` as consecutive words of one line (case and punctuation ignored),
 * tolerating one OCR slip per word (a missing or wrong letter).
 */
export function findPhrase(words: TemplateWord[], phrase: string): TemplateWord[] | null {
  const wanted = phrase.split(/\s+/).map(normalize).filter(Boolean);
  if (wanted.length === 0) return null;
  const byLine = new Map<number, TemplateWord[]>();
  for (const word of words) {
    if (!normalize(word.text)) continue;
    byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  }
  for (const line of byLine.values()) {
    line.sort((a, b) => a.box.x - b.box.x);
    for (let start = 0; start + wanted.length <= line.length; start += 1) {
      const slice = line.slice(start, start + wanted.length);
      if (slice.every((word, i) => isCloseMatch(normalize(word.text), wanted[i]!))) return slice;
    }
  }
  return null;
}

function isCloseMatch(read: string, wanted: string): boolean {
  if (read === wanted) return true;
  if (wanted.length < 4) return false;
  return editDistance(read, wanted) <= 1;
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

/**
 * Erases each found phrase and writes its replacement in the same colour, at the size that makes
 * the original words' ink as tall as it was, on the same baseline; a longer replacement is
 * narrowed to the erased width so nothing beyond the old words changes.
 */
export async function replaceWords(options: {
  frame: Raster;
  frameMap: Frame;
  words: TemplateWord[];
  replacements: TextReplacement[];
}): Promise<{ frame: Raster; changes: WordChange[] }> {
  const { frameMap, words } = options;
  let { frame } = options;
  const changes: WordChange[] = [];
  const drawings: Parameters<typeof drawText>[1] = [];
  const hole = new Uint8Array(frame.width * frame.height);
  for (const replacement of options.replacements) {
    const found = findPhrase(words, replacement.toReplace);
    if (!found) {
      changes.push({ replacement, area: null });
      continue;
    }
    const inTemplate = unionBox(found.map((word) => word.box));
    const ink = boxToFrame(inTemplate, frameMap);
    const area = clipBox(growBox(ink, 0.12), frame.width, frame.height);
    for (let y = area.y; y < area.y + area.height; y += 1) {
      hole.fill(1, y * frame.width + area.x, y * frame.width + area.x + area.width);
    }
    const weight: FontWeight = 700;
    const original = measureInk(found.map((word) => word.text).join(' '), weight);
    let size = ink.height / Math.max(0.1, original.bottom - original.top);
    const baseline = ink.y - original.top * size;
    const next = measureInk(replacement.replacement, weight);
    const available = area.width - 2;
    if ((next.right - next.left) * size > available) size = available / (next.right - next.left);
    drawings.push({
      text: replacement.replacement,
      x: ink.x - next.left * size,
      baseline,
      size,
      weight,
      color: found[0]!.textColor,
    });
    changes.push({ replacement, area });
  }
  fillRegion(frame, hole);
  frame = await drawText(frame, drawings);
  return { frame, changes };
}

function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
