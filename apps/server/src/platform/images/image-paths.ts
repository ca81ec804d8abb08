import type { Bucket } from '@adtwin/shared';

/**
 * The address of a stored image in the variant service. Stable for the object's life (keys never
 * change), so browsers cache it; the client adds w, h, q and f for the size it shows.
 */
export function imagePath(bucket: Bucket, key: string): string {
  return `/api/images/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Keys of community template images: `community/<owner id>/<file>` in category-images. */
export const COMMUNITY_PREFIX = 'community/';
export const OFFICIAL_PREFIX = 'official/';
