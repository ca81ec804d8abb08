import sharp from 'sharp';
import { BROWSE_MESSAGES, UPLOAD_LIMITS } from '@adtwin/shared';
import { PublicError } from '../../http/errors.js';
import { detectImageType, extensionFor, type ImageContentType } from '../storage/content-type.js';

export type CheckedImage = {
  type: ImageContentType;
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
};

/**
 * Accepts png, jpeg or webp judged by the bytes, within the size and pixel limits; anything else
 * is refused with the spec's text. The pixel count is read from the header without decoding.
 */
export async function checkUploadedImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw new PublicError(413, 'File too large (max 10MB)', 'too_large');
  }
  const type = await detectImageType(bytes);
  if (!type) throw new PublicError(415, BROWSE_MESSAGES.uploadTypes, 'unsupported_type');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) {
    throw new PublicError(415, BROWSE_MESSAGES.uploadTypes, 'unsupported_type');
  }
  if (meta.width * meta.height > UPLOAD_LIMITS.maxPixels) {
    throw new PublicError(413, 'Image has too many pixels (max 40 megapixels)', 'too_many_pixels');
  }
  return { type, extension: extensionFor(type), width: meta.width, height: meta.height };
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
