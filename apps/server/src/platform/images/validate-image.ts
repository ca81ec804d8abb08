import sharp from 'sharp';
import { BROWSE_MESSAGES, UPLOAD_LIMITS } from '@adtwin/shared';
import { DomainError } from '../../domain-error.js';
import { detectImageType, extensionFor, type ImageContentType } from '../storage/content-type.js';

export type CheckedImage = {
  type: ImageContentType;
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
};

/** The long side of an accepted image is at most this many times its short side. */
export const MAX_IMAGE_ASPECT = 20;

export const IMAGE_MESSAGES = {
  damaged: 'This image is damaged or incomplete and cannot be opened.',
  tooManyPixels: `Image too large (max ${UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels)`,
  tooNarrow: `Image too long and narrow (the long side may be at most ${MAX_IMAGE_ASPECT} times the short side)`,
} as const;

/**
 * The one check every stored image passes (uploads, templates, avatars, problem attachments):
 * png, jpeg or webp by its bytes, then decoded to the last pixel, so a truncated or forged file,
 * a pixel bomb or a sliver is refused here with its reason, not later as a broken thumbnail.
 * `unsupportedType` is the caller's own refusal for bytes that are no image of those types.
 */
export async function decodeImage(
  bytes: Uint8Array,
  unsupportedType: () => DomainError,
): Promise<CheckedImage> {
  const type = await detectImageType(bytes);
  if (!type) throw unsupportedType();
  const options = { failOn: 'error', limitInputPixels: UPLOAD_LIMITS.maxPixels } as const;
  // The header is read first: the pixel and shape limits are checked before any decoding.
  const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height)
    throw new DomainError('invalid', IMAGE_MESSAGES.damaged, 'damaged');
  if (meta.width * meta.height > UPLOAD_LIMITS.maxPixels) {
    throw new DomainError('too_large', IMAGE_MESSAGES.tooManyPixels, 'too_many_pixels');
  }
  const long = Math.max(meta.width, meta.height);
  const short = Math.min(meta.width, meta.height);
  if (long / short > MAX_IMAGE_ASPECT) {
    throw new DomainError('invalid', IMAGE_MESSAGES.tooNarrow, 'extreme_aspect');
  }
  // stats() reads every pixel without keeping them, so a cut-off file fails here.
  const decoded = await sharp(bytes, options)
    .stats()
    .then(() => true)
    .catch(() => false);
  if (!decoded) throw new DomainError('invalid', IMAGE_MESSAGES.damaged, 'damaged');
  return { type, extension: extensionFor(type), width: meta.width, height: meta.height };
}

/** Uploads and templates: within the byte limit, then {@link decodeImage} with the spec's text. */
export async function checkUploadedImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw new DomainError('too_large', 'File too large (max 10MB)', 'too_large');
  }
  return decodeImage(
    bytes,
    () => new DomainError('unsupported_type', BROWSE_MESSAGES.uploadTypes, 'unsupported_type'),
  );
}

/** A display name from a client's file name: no folders, no control characters, bounded. */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, UPLOAD_LIMITS.maxNameLength - 6);
  return `${base || 'image'}.${extension}`;
}
