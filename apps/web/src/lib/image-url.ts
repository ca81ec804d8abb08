import { DEFAULT_IMAGE_QUALITY } from '@adtwin/shared';

/** Widths the server makes variants at; asking for one of them avoids needless snapping. */
export const IMAGE_WIDTHS = [256, 320, 480, 640, 960] as const;

/** The variant address of a stored image: width, optional height, quality (default 75). */
export function variantUrl(
  path: string,
  options: { width: number; height?: number; quality?: number },
) {
  const params = new URLSearchParams({ w: String(options.width) });
  if (options.height) params.set('h', String(options.height));
  params.set('q', String(options.quality ?? DEFAULT_IMAGE_QUALITY));
  return `${path}${path.includes('?') ? '&' : '?'}${params}`;
}

/** A srcset over the variant widths up to `maxWidth`, so the browser picks by layout and DPR. */
export function variantSrcSet(path: string, options: { maxWidth: number; aspect?: number }) {
  return IMAGE_WIDTHS.filter((width) => width <= options.maxWidth)
    .map((width) => {
      const height = options.aspect ? Math.round(width / options.aspect) : undefined;
      return `${variantUrl(path, { width, height })} ${width}w`;
    })
    .join(', ');
}
