import sharp from 'sharp';
import {
  DOWNLOAD_ENCODER_QUALITY,
  PREVIEW_SCALE,
  cleanDownloadName,
  isPaidTier,
  type DownloadFormat,
  type DownloadQuality,
} from '@adtwin/shared';

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * What a person actually gets: free users are held to a preview-quality PNG whatever they ask,
 * as the spec says; paid users get the format and quality they chose.
 */
export function resolveDownloadOptions(options: {
  tier: string;
  format: DownloadFormat;
  quality: DownloadQuality;
}) {
  return isPaidTier(options.tier)
    ? { format: options.format, quality: options.quality }
    : { format: 'png' as const, quality: 'preview' as const };
}

/** Re-encodes a result for download; preview is half the size. */
export async function renderDownload(options: {
  png: Buffer;
  format: DownloadFormat;
  quality: DownloadQuality;
  name: string;
  fallbackName: string;
}) {
  let image = sharp(options.png);
  if (options.quality === 'preview') {
    const { width = 1024 } = await image.metadata();
    image = image.resize({ width: Math.round(width * PREVIEW_SCALE) });
  }
  const q = DOWNLOAD_ENCODER_QUALITY[options.quality];
  const body =
    options.format === 'png'
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : options.format === 'jpg'
        ? await image
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: q, mozjpeg: true })
            .toBuffer()
        : await image.webp({ quality: q }).toBuffer();
  const fileName = `${cleanDownloadName(options.name, options.fallbackName)}.${options.format}`;
  return { body, contentType: CONTENT_TYPES[options.format], fileName };
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
