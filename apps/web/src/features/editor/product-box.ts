import type { Box } from '@adtwin/shared';

const MIN_SIDE_FRACTION = 0.05;

/** Keeps a box inside the image and no smaller than 5% of its shorter side. */
export function clampBox(box: Box, image: { width: number; height: number }): Box {
  const minSide = Math.max(1, Math.round(Math.min(image.width, image.height) * MIN_SIDE_FRACTION));
  const width = Math.round(Math.min(Math.max(box.width, minSide), image.width));
  const height = Math.round(Math.min(Math.max(box.height, minSide), image.height));
  const x = Math.round(Math.min(Math.max(box.x, 0), image.width - width));
  const y = Math.round(Math.min(Math.max(box.y, 0), image.height - height));
  return { x, y, width, height };
}

export function moveBox(
  box: Box,
  dx: number,
  dy: number,
  image: { width: number; height: number },
) {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy }, image);
}

/** Resizes from the bottom-right corner; the top-left corner stays put. */
export function resizeBox(
  box: Box,
  dWidth: number,
  dHeight: number,
  image: { width: number; height: number },
): Box {
  const width = Math.min(box.width + dWidth, image.width - box.x);
  const height = Math.min(box.height + dHeight, image.height - box.y);
  return clampBox({ ...box, width, height }, image);
}

/** A starting box for templates that carry none: the middle 40% of the image. */
export function centredBox(image: { width: number; height: number }): Box {
  return clampBox(
    {
      x: image.width * 0.3,
      y: image.height * 0.3,
      width: image.width * 0.4,
      height: image.height * 0.4,
    },
    image,
  );
}
