import sharp from 'sharp';
import { REMOVE_MASK_LIMITS, REMOVE_MASK_MESSAGES, type Box } from '@adtwin/shared';
import { DomainError } from '../../domain-error.js';
import { detectImageType } from '../../platform/storage/content-type.js';

type Size = { width: number; height: number };

const refuse = (message: string, code: string) => new DomainError('invalid', message, code);

/**
 * A Remove region painted in the editor, checked as hostile input: base64 of a PNG (by its
 * bytes), no larger than REMOVE_MASK_LIMITS a side, of the template's shape, decoded to the last
 * pixel and not empty. Returns it re-encoded as a clean greyscale PNG (white: removed) and the
 * box it covers in template pixels.
 */
export async function checkRemoveMask(
  base64: string,
  template: Size,
): Promise<{ png: Buffer; box: Box }> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > REMOVE_MASK_LIMITS.maxBytes) {
    throw refuse(REMOVE_MASK_MESSAGES.unreadable, 'bad_remove_mask');
  }
  if ((await detectImageType(bytes)) !== 'image/png') {
    throw refuse(REMOVE_MASK_MESSAGES.unreadable, 'bad_remove_mask');
  }
  const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height)
    throw refuse(REMOVE_MASK_MESSAGES.unreadable, 'bad_remove_mask');
  const { width, height } = meta;
  if (width > REMOVE_MASK_LIMITS.maxSide || height > REMOVE_MASK_LIMITS.maxSide) {
    throw refuse(REMOVE_MASK_MESSAGES.tooLarge, 'remove_mask_too_large');
  }
  const shape = width / height;
  const wanted = template.width / template.height;
  if (Math.abs(shape - wanted) / wanted > REMOVE_MASK_LIMITS.aspectTolerance) {
    throw refuse(REMOVE_MASK_MESSAGES.wrongShape, 'remove_mask_shape');
  }
  // Every pixel decoded: a truncated or forged file fails here, not in the job.
  const decoded = await sharp(bytes, { failOn: 'error', limitInputPixels: width * height })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!decoded) throw refuse(REMOVE_MASK_MESSAGES.unreadable, 'bad_remove_mask');
  const { data } = decoded;
  const channels = decoded.info.channels;
  // Transparency speaks when the mask has some; else brightness (white is removed).
  let hasTransparency = false;
  for (let i = 3; i < data.length; i += channels) {
    if (data[i]! < 255) {
      hasTransparency = true;
      break;
    }
  }
  const mask = Buffer.alloc(width * height);
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      const value = hasTransparency
        ? data[at + 3]!
        : Math.round(0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!);
      if (value < 128) continue;
      mask[y * width + x] = 255;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) throw refuse(REMOVE_MASK_MESSAGES.empty, 'empty_remove_mask');
  const scaleX = template.width / width;
  const scaleY = template.height / height;
  const x = Math.floor(left * scaleX);
  const y = Math.floor(top * scaleY);
  const box = {
    x,
    y,
    width: Math.max(2, Math.min(template.width - x, Math.ceil((right + 1) * scaleX) - x)),
    height: Math.max(2, Math.min(template.height - y, Math.ceil((bottom + 1) * scaleY) - y)),
  };
  const png = await sharp(mask, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, box };
}
