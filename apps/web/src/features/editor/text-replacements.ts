import { MAX_TEXT_REPLACEMENTS } from '@adtwin/shared';

/** One 'Replace Text (Ads)' row: a word in the ad and what it becomes. */
export type TextReplacement = { id: string; toReplace: string; replacement: string };

let nextId = 0;
export function newReplacement(): TextReplacement {
  nextId += 1;
  return { id: `replacement-${nextId}`, toReplace: '', replacement: '' };
}

export function canAddReplacement(items: TextReplacement[]): boolean {
  return items.length < MAX_TEXT_REPLACEMENTS;
}

/** What is sent: rows without a word to replace are ignored, at most five. */
export function replacementsToSend(items: TextReplacement[]) {
  return items
    .filter((item) => item.toReplace.trim() !== '')
    .slice(0, MAX_TEXT_REPLACEMENTS)
    .map((item) => ({ toReplace: item.toReplace.trim(), replacement: item.replacement.trim() }));
}
