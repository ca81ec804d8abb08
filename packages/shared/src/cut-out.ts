/** Below this many pixels on its longer side, the product is enlarged in a 1024-pixel ad. */
export const SMALL_PRODUCT_SIDE = 512;
/** Above this many pixels, a photo is reduced (and slower to upload and cut out). */
export const LARGE_PHOTO_PIXELS = 16_000_000;

export const CUT_OUT_WARNING_CODES = ['small', 'large', 'covers-everything', 'tiny-part'] as const;
export type CutOutWarningCode = (typeof CUT_OUT_WARNING_CODES)[number];

/** What the editor says before a credit is spent on a doubtful product photo, in plain words. */
export function cutOutWarningText(
  code: CutOutWarningCode,
  size: { width: number; height: number },
): string {
  const pixels = `${size.width} × ${size.height} pixels`;
  switch (code) {
    case 'small':
      return `The product is small in this photo (${pixels}): it will be enlarged and may look soft. A larger photo gives a sharper ad.`;
    case 'large':
      return `This photo is very large (${pixels}): it will be reduced, which takes a little longer but loses nothing you will see.`;
    case 'covers-everything':
      return 'The cut-out covers almost the whole photo, so some background may still be in it. Check it and erase what is not the product.';
    case 'tiny-part':
      return 'The cut-out kept only a small part of the photo. Check that the whole product is there and paint back what is missing.';
  }
}
