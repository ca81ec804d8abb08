import { boxInMask, base64OfDataUrl, maskSize } from './remove-mask';
import type { Box } from '@adtwin/shared';

type Size = { width: number; height: number };

/** The colour strokes are painted in; only their opacity counts for the server. */
export const MASK_COLOUR = 'rgb(217, 45, 63)';

function loadImage(src: string, isCrossOrigin = false): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // A stored mask may come from another origin (S3): read back, it must not taint the canvas.
    if (isCrossOrigin) image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The painted area could not be loaded.'));
    image.src = src;
  });
}

/** An image's own pixel size. */
export async function imageSize(url: string): Promise<Size> {
  const image = await loadImage(url);
  return { width: image.naturalWidth, height: image.naturalHeight };
}

function canvasOf(size: Size) {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return { canvas, context: canvas.getContext('2d', { willReadFrequently: true })! };
}

/**
 * The mask to send with a swap: the painted strokes at the mask's size, with the ad's text boxes
 * (template pixels) left out when the person keeps the text; base64 of a PNG.
 */
export async function maskToSend(painted: string, template: Size, keepOut: Box[]): Promise<string> {
  const size = maskSize(template);
  const { canvas, context } = canvasOf(size);
  context.drawImage(await loadImage(painted), 0, 0, size.width, size.height);
  for (const box of keepOut) {
    const inMask = boxInMask(box, template, size);
    context.clearRect(inMask.x, inMask.y, inMask.width, inMask.height);
  }
  return base64OfDataUrl(canvas.toDataURL('image/png'));
}

/** A stored mask (white: removed) as painted strokes again, to edit after reopening a design. */
export async function strokesOfStoredMask(url: string, template: Size): Promise<string> {
  const size = maskSize(template);
  const { canvas, context } = canvasOf(size);
  context.drawImage(await loadImage(url, true), 0, 0, size.width, size.height);
  const pixels = context.getImageData(0, 0, size.width, size.height);
  const { data } = pixels;
  for (let i = 0; i < data.length; i += 4) {
    const isPainted = data[i]! >= 128 && data[i + 3]! >= 128;
    data[i] = 217;
    data[i + 1] = 45;
    data[i + 2] = 63;
    data[i + 3] = isPainted ? 255 : 0;
  }
  context.putImageData(pixels, 0, 0);
  return canvas.toDataURL('image/png');
}
