/** The longest name typed for an upload when renaming it (its extension is kept apart). */
export const UPLOAD_NAME_MAX_LENGTH = 200;

/** Names the design and upload tabs list: only image file names (spec section 5). */
const LISTED_IMAGE_NAME = /\.(jpe?g|png|gif|webp)$/i;

export function isListedImageName(name: string): boolean {
  return LISTED_IMAGE_NAME.test(name);
}

/** The extension with its dot (`.png`), or '' when the name has none. */
export function extensionOf(name: string): string {
  const match = /\.[A-Za-z0-9]{1,5}$/.exec(name);
  return match ? match[0] : '';
}

/** Extensions a person may type after a name: image ones, which would stack on the kept one. */
const TYPED_IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/**
 * The new name of an upload: trimmed, ending in exactly one extension, the original one. Image
 * extensions typed at the end ('sunset.jpg' for a PNG) are dropped rather than stacked; any
 * other suffix stays part of the name. Returns null when nothing is left after trimming.
 */
export function applyRename(originalName: string, typed: string): string | null {
  const extension = extensionOf(originalName);
  let base = typed.trim();
  while (TYPED_IMAGE_EXTENSION.test(base)) base = base.replace(TYPED_IMAGE_EXTENSION, '').trim();
  if (extension && base.toLowerCase().endsWith(extension.toLowerCase())) {
    base = base.slice(0, -extension.length).trim();
  }
  if (!base) return null;
  return `${base}${extension}`;
}

/** The name without its extension, as shown in the rename box. */
export function stripExtension(name: string): string {
  const extension = extensionOf(name);
  return extension ? name.slice(0, -extension.length) : name;
}

/** The generation number in a design's `prefix_number.ext` name, or null. */
export function designNumberFromName(name: string): number | null {
  const match = /_(\d+)\.[A-Za-z0-9]+$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** A long hash (32+ hex characters) or a name over 40 characters counts as no usable name. */
export function isUsableFileName(name: string): boolean {
  const base = stripExtension(name);
  return !(/^[0-9a-f]{32,}$/i.test(base) || base.length > 40);
}

/** "November 2026" for grouping designs by month, in UTC so server and browser agree. */
export function monthYearOf(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return value.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
