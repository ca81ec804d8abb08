import { DEFAULT_IMAGE_QUALITY } from './catalogue.js';

/** Widths the web app asks image variants at (the server snaps to its own steps). */
export const IMAGE_WIDTHS = [256, 320, 480, 640, 960] as const;

/** The variant address of a stored image: width, optional height, quality (default 75). */
export function variantUrl(
  path: string,
  options: { width: number; height?: number; quality?: number },
) {
  const params = [
    `w=${options.width}`,
    ...(options.height ? [`h=${options.height}`] : []),
    `q=${options.quality ?? DEFAULT_IMAGE_QUALITY}`,
  ].join('&');
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

/**
 * The image of a template card on /templates: the whole ad in a square box, in a grid 2 to 5
 * columns wide. The server names the first cards' images in the page's HTML with exactly these
 * attributes, so the browser has them by the time the cards are drawn.
 */
export function templateCardImage(imageUrl: string) {
  return {
    src: variantUrl(imageUrl, { width: 320 }),
    srcSet: variantSrcSet(imageUrl, { maxWidth: 640 }),
    sizes: '(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw',
  };
}
