import type { Box } from '@adtwin/shared';

/** How the Remove region is drawn: a box, or a mask the person paints. */
export type RemoveMode = 'box' | 'brush';

/** The painted mask is kept at most this large on its longer side (the server takes up to 4096). */
export const MASK_MAX_SIDE = 1024;
export const MIN_BRUSH = 6;
export const MAX_BRUSH = 120;
export const DEFAULT_BRUSH = 36;
const HISTORY_STEPS = 20;

type Size = { width: number; height: number };

/** The painted mask's own size: the template's shape, at most MASK_MAX_SIDE a side. */
export function maskSize(template: Size): Size {
  const scale = Math.min(1, MASK_MAX_SIDE / Math.max(template.width, template.height));
  return {
    width: Math.max(1, Math.round(template.width * scale)),
    height: Math.max(1, Math.round(template.height * scale)),
  };
}

/** A box in template pixels, in the mask's pixels (grown to whole pixels, never smaller). */
export function boxInMask(box: Box, template: Size, mask: Size): Box {
  const sx = mask.width / template.width;
  const sy = mask.height / template.height;
  const x = Math.floor(box.x * sx);
  const y = Math.floor(box.y * sy);
  return {
    x,
    y,
    width: Math.ceil((box.x + box.width) * sx) - x,
    height: Math.ceil((box.y + box.height) * sy) - y,
  };
}

/**
 * The strokes so far, as PNG data URLs of the whole mask after each one; null is a cleared mask.
 * The last entry is the mask now; Undo goes back one.
 */
export type MaskHistory = (string | null)[];

export const currentMask = (history: MaskHistory): string | null => history.at(-1) ?? null;

export function withStroke(history: MaskHistory, mask: string | null): MaskHistory {
  return [...history, mask].slice(-HISTORY_STEPS);
}

export function withCleared(history: MaskHistory): MaskHistory {
  return currentMask(history) === null ? history : withStroke(history, null);
}

export const withUndo = (history: MaskHistory): MaskHistory => history.slice(0, -1);

/** The base64 of a PNG data URL, as the API takes a painted mask. */
export function base64OfDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
}
