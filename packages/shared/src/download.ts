export const DOWNLOAD_FORMATS = ['png', 'jpg', 'webp'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DOWNLOAD_QUALITIES = ['preview', 'high'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];

/** Lossy encoder quality per setting (the spec's editor readings: preview 0.5, high 0.9). */
export const DOWNLOAD_ENCODER_QUALITY: Record<DownloadQuality, number> = { preview: 50, high: 90 };
/** Preview downloads are made at half the size of the result. */
export const PREVIEW_SCALE = 0.5;

export const DOWNLOAD_MESSAGES = {
  loginRequired: 'Please log in to download images.',
  highQualityPaidOnly: 'High quality downloads are only available for paid subscribers.',
  formatPaidOnly: 'JPG and WEBP formats are only available for paid subscribers.',
  failed: 'An error occurred while preparing the download. Please try again.',
} as const;

/** A safe file name without extension: letters, digits, spaces, '-' and '_', at most 100 long. */
export function cleanDownloadName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/\.[a-z0-9]{2,4}$/i, '')
    .replace(/[^\p{L}\p{N} _-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return cleaned || fallback;
}

/** The spec's text when the server refuses or fails a download. */
export const downloadStatusFailed = (status: number) =>
  `Failed to download image. Status: ${status}`;
