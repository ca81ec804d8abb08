import { boxToFrame, type Frame } from '../pipeline/frame-template.js';
import { fillRegion } from '../pipeline/fill-region.js';
import { clipBox, fromHex, padBox, type Raster } from '../pipeline/raster.js';
import type { Box, TemplateWord, TextReplacement } from '../types.js';
import { drawText, measureInk, type FontWeight } from './font-renderer.js';

export type WordChange = {
  replacement: TextReplacement;
  /** Area erased and rewritten, in output pixels; null when nothing was replaced. */
  area: Box | null;
  /** Why nothing was replaced: the OCR did not find the words, or the frame cut them off. */
  skipped?: 'not-found' | 'outside-frame';
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

export type TextDrawing = Parameters<typeof drawText>[1][number];

/** Writes the replacements (after the product is placed: ad copy sits on top of everything). */
export function writeWords(frame: Raster, drawings: TextDrawing[]): Promise<Raster> {
  return drawText(frame, drawings);
}

/**
 * Erases each found phrase and prepares its replacement in the same colour, at the size that
 * makes the original words' ink as tall as it was, on the same baseline; a longer replacement is
 * narrowed to the erased width so nothing beyond the old words changes. After a shorter
 * replacement the rest of the line moves left by the width it freed, so the gaps between words
 * stay what they were instead of opening a hole in the line.
 */
export async function replaceWords(options: {
  frame: Raster;
  frameMap: Frame;
  words: TemplateWord[];
  replacements: TextReplacement[];
}): Promise<{ frame: Raster; changes: WordChange[]; drawings: TextDrawing[] }> {
  const { frame, frameMap, words } = options;
  const changes: WordChange[] = [];
  const drawings: TextDrawing[] = [];
  const hole = new Uint8Array(frame.width * frame.height);
  const inkColors: [number, number, number][] = [];
  const moves: LineMove[] = [];
  const replaced = new Set(
    options.replacements.flatMap((r) => findPhrase(words, r.toReplace) ?? []),
  );
  for (const replacement of options.replacements) {
    const found = findPhrase(words, replacement.toReplace);
    if (!found) {
      changes.push({ replacement, area: null, skipped: 'not-found' });
      continue;
    }
    const inTemplate = unionBox(found.map((word) => word.box));
    const ink = boxToFrame(inTemplate, frameMap);
    const isInFrame =
      ink.x >= 0 &&
      ink.y >= 0 &&
      ink.x + ink.width <= frame.width &&
      ink.y + ink.height <= frame.height;
    if (!isInFrame) {
      // Re-framing to another aspect cut these words off; there is nothing left to replace.
      changes.push({ replacement, area: null, skipped: 'outside-frame' });
      continue;
    }
    // Pad by a fraction of the line height: enough for anti-aliasing, short of the next word.
    const pad = ink.height * 0.15;
    const side = ink.height * 0.06;
    const area = clipBox(padBox(ink, side, pad), frame.width, frame.height);
    for (let y = area.y; y < area.y + area.height; y += 1) {
      hole.fill(1, y * frame.width + area.x, y * frame.width + area.x + area.width);
    }
    inkColors.push(fromHex(found[0]!.textColor));
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
    const freed = ink.width - (next.right - next.left) * size;
    const move = freed > ink.height * 0.15 ? planLineMove(found, words, replaced, frameMap) : null;
    if (move) {
      const tail = clipBox(padBox(move.from, side, pad), frame.width, frame.height);
      for (let y = tail.y; y < tail.y + tail.height; y += 1) {
        hole.fill(1, y * frame.width + tail.x, y * frame.width + tail.x + tail.width);
      }
      moves.push({ ...move, from: tail, dx: -Math.round(freed) });
      changes.push({ replacement, area: unionBox([area, tail]) });
    } else {
      changes.push({ replacement, area });
    }
  }
  const before = moves.length > 0 ? frame.data.slice() : frame.data;
  // Neighbouring letters must not bleed into the fill: ink-coloured pixels are not background.
  fillRegion(frame, hole, { ignoreColors: inkColors });
  for (const move of moves) pasteInk(frame, before, move);
  return { frame, changes, drawings };
}

/** The rest of a line (its words after a replaced phrase), to be moved by `dx` pixels. */
type LineMove = {
  from: Box;
  dx: number;
  ink: [number, number, number];
  paper: [number, number, number];
};

/**
 * The words after the phrase on its line, in frame pixels; null when there are none, when one of
 * them is being replaced too, or when the frame cut them off.
 */
function planLineMove(
  phrase: TemplateWord[],
  words: TemplateWord[],
  replaced: Set<TemplateWord>,
  frameMap: Frame,
): Omit<LineMove, 'dx'> | null {
  const last = phrase.at(-1)!;
  const tail = words.filter(
    (word) => word.line === last.line && word.box.x > last.box.x && !phrase.includes(word),
  );
  if (tail.length === 0 || tail.some((word) => replaced.has(word))) return null;
  const from = boxToFrame(unionBox(tail.map((word) => word.box)), frameMap);
  if (from.x < 0 || from.y < 0 || from.x + from.width > frameMap.width) return null;
  if (from.y + from.height > frameMap.height) return null;
  return { from, ink: fromHex(tail[0]!.textColor), paper: fromHex(tail[0]!.backgroundColor) };
}

/**
 * Pastes the ink of `move.from` (read from `source`) shifted by dx onto the filled frame: each
 * pixel's share of ink is how far its colour lies from the paper toward the ink, so anti-aliased
 * edges stay soft and the old background does not come along.
 */
function pasteInk(frame: Raster, source: Uint8Array, move: LineMove): void {
  const { from, dx, ink, paper } = move;
  const span = Math.hypot(ink[0] - paper[0], ink[1] - paper[1], ink[2] - paper[2]) || 1;
  for (let y = from.y; y < from.y + from.height; y += 1) {
    for (let x = from.x; x < from.x + from.width; x += 1) {
      const tx = x + dx;
      if (tx < 0 || tx >= frame.width) continue;
      const s = (y * frame.width + x) * frame.channels;
      // Projection of the pixel on the paper-to-ink segment.
      let dot = 0;
      for (let c = 0; c < 3; c += 1) dot += (source[s + c]! - paper[c]!) * (ink[c]! - paper[c]!);
      const share = Math.min(1, Math.max(0, dot / (span * span)));
      if (share < 0.08) continue;
      const t = (y * frame.width + tx) * frame.channels;
      for (let c = 0; c < 3; c += 1) {
        frame.data[t + c] = Math.round(frame.data[t + c]! * (1 - share) + ink[c]! * share);
      }
    }
  }
}

function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
