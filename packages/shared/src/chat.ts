import { extensionOf } from './file-names.js';
import { MAX_CHAT_FILE_BYTES, MAX_CHAT_IMAGES, MIN_PROMPT_LENGTH } from './generation.js';

/** The chat mode's texts (spec 02 sections 2, 5 and 8), word for word. */
export const CHAT_MESSAGES = {
  empty: 'Start a new chat by typing a message below',
  creating: 'Creating image. May take a moment...',
  created: 'Image created.',
  tooManyImages: 'Maximum of 3 images allowed total.',
  fileTooLarge: 'File too large (max 10MB)',
  uploadTypes: 'Please upload only WebP, PNG, or JPEG images.',
  generateFailed: 'Failed to generate image',
  regenerateFailed: 'Failed to regenerate image',
  notAuthenticated: 'Not authenticated',
  libraryTitle: 'Your Uploaded Images',
  libraryEmpty: 'No images found',
  libraryLoadFailed: 'Failed to load image from library',
} as const;

/** How an error reads in the assistant's bubble: 'Error: ...'. */
export function chatError(message: string): string {
  return `Error: ${message}`;
}

/** Library paging: 12 per page; Load More shows how many remain. */
export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_SEARCH_DEBOUNCE_MS = 300;
/** The prompt box grows with its text up to this height, then scrolls. */
export const PROMPT_MAX_HEIGHT_PX = 240;

const CHAT_TYPES = ['image/webp', 'image/png', 'image/jpeg'];
const CHAT_EXTENSIONS = ['.webp', '.png', '.jpeg', '.jpg'];

export type ChatFile = { name: string; type: string; size: number };

/**
 * Which picked files may join the next message: WebP, PNG or JPEG (type and extension), at most
 * 10 MB each, and at most 3 images in all counting those already attached and the selected input
 * image. Files that fit are kept in order; the first refusal's text is returned beside them.
 */
export function acceptChatFiles<F extends ChatFile>(
  files: readonly F[],
  options: { attachedCount: number; hasInputImage: boolean },
): { accepted: F[]; error: string | null } {
  let free = MAX_CHAT_IMAGES - options.attachedCount - (options.hasInputImage ? 1 : 0);
  const accepted: F[] = [];
  let error: string | null = null;
  for (const file of files) {
    const refusal = !isChatImageFile(file)
      ? CHAT_MESSAGES.uploadTypes
      : file.size > MAX_CHAT_FILE_BYTES
        ? CHAT_MESSAGES.fileTooLarge
        : free <= 0
          ? CHAT_MESSAGES.tooManyImages
          : null;
    if (refusal) {
      error ??= refusal;
      continue;
    }
    accepted.push(file);
    free -= 1;
  }
  return { accepted, error };
}

export function isChatImageFile(file: { name: string; type: string }): boolean {
  return (
    CHAT_TYPES.includes(file.type) && CHAT_EXTENSIONS.includes(extensionOf(file.name).toLowerCase())
  );
}

/** How many more images the next message may carry. */
export function freeImageSlots(options: { attachedCount: number; hasInputImage: boolean }) {
  return Math.max(0, MAX_CHAT_IMAGES - options.attachedCount - (options.hasInputImage ? 1 : 0));
}

/**
 * What pressing Send does: an empty prompt without images is ignored; without images a prompt
 * needs at least 10 characters; with images any prompt (even none) goes.
 */
export function promptDecision(
  prompt: string,
  imageCount: number,
): 'send' | 'ignore' | 'too_short' {
  const text = prompt.trim();
  if (imageCount > 0) return 'send';
  if (!text) return 'ignore';
  return text.length < MIN_PROMPT_LENGTH ? 'too_short' : 'send';
}

/**
 * A library image's new name: non-empty after trimming, its extension stripped, every character
 * other than a letter, digit, underscore, hyphen or space turned into an underscore. Null when
 * nothing is left.
 */
export function cleanLibraryName(typed: string): string | null {
  const base = typed
    .trim()
    .replace(/\.(jpe?g|png|gif|webp)$/i, '')
    .trim();
  if (!base) return null;
  return base.replace(/[^A-Za-z0-9_\- ]/g, '_');
}
