import sharp from 'sharp';
import type { Box, OutputSize } from '../types.js';
import { fillRegion, isSceneAround } from './fill-region.js';
import { countSet } from './mask-tools.js';
import type { Raster } from './raster.js';

/** Which part of the template (possibly reaching past its edges) becomes the output image. */
export type Frame = { crop: Box; width: number; height: number };

export function parseOutputSize(size: OutputSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** How far past the largest in-template crop the frame may grow to keep the ad's copy whole. */
const MAX_COPY_GROWTH = 1.35;
/** The same for the words the person asked to replace: losing those loses what they asked for. */
const MAX_REPLACED_GROWTH = 1.6;

/**
 * Re-frames the template to the output's aspect around its product: the largest crop that keeps
 * the product (with some air) and stays inside the template; only when the product, or the ad's
 * copy, cannot fit does the frame reach past the template's edges, which are then filled from them.
 */
export function computeFrame(
  template: { width: number; height: number },
  productBox: Box | null,
  size: OutputSize,
  alsoKeep: Box[] = [],
  /** All the ad's words: kept whole when the frame can hold them. */
  adCopy: Box[] = [],
): Frame {
  const out = parseOutputSize(size);
  const aspect = out.width / out.height;
  let cropWidth = Math.min(template.width, template.height * aspect);
  let cropHeight = cropWidth / aspect;
  const product = productBox ?? {
    x: template.width / 2,
    y: template.height / 2,
    width: 0,
    height: 0,
  };
  const needWidth = Math.max(product.width * 1.1, product.height * 1.1 * aspect);
  if (needWidth > cropWidth) {
    cropWidth = needWidth;
    cropHeight = cropWidth / aspect;
  }
  // The ad's copy should not be cut in half by a change of aspect: when it does not fit, the
  // frame may grow past the template's edges (filled from them) by up to MAX_COPY_GROWTH.
  const withCopy = unionOf([product, ...alsoKeep, ...adCopy]);
  const everything = unionOf([product, ...alsoKeep]);
  const growToHold = (box: Box, limit: number) => {
    const growth = Math.max((box.width * 1.04) / cropWidth, (box.height * 1.04) / cropHeight);
    if (growth > 1 && growth <= limit) {
      cropWidth *= growth;
      cropHeight *= growth;
    }
  };
  if (adCopy.length > 0) growToHold(withCopy, MAX_COPY_GROWTH);
  if (alsoKeep.length > 0) growToHold(everything, MAX_REPLACED_GROWTH);
  // Words to be replaced should stay in the picture too, when the crop can hold them all.
  const fits = (box: Box) => box.width <= cropWidth && box.height <= cropHeight;
  const focus = fits(withCopy) ? withCopy : fits(everything) ? everything : product;
  const center = (start: number, length: number, crop: number, limit: number) => {
    const ideal = start + length / 2 - crop / 2;
    if (crop >= limit) return (limit - crop) / 2; // centre the overflow on both sides
    return Math.max(0, Math.min(limit - crop, ideal));
  };
  return {
    crop: {
      x: center(focus.x, focus.width, cropWidth, template.width),
      y: center(focus.y, focus.height, cropHeight, template.height),
      width: cropWidth,
      height: cropHeight,
    },
    width: out.width,
    height: out.height,
  };
}

/** Where the template's visible part lands in the output, and which part of the template it is. */
function placeTemplate(template: { width: number; height: number }, frame: Frame) {
  const { crop } = frame;
  const scale = frame.width / crop.width;
  const x0 = Math.max(0, crop.x);
  const y0 = Math.max(0, crop.y);
  const x1 = Math.min(template.width, crop.x + crop.width);
  const y1 = Math.min(template.height, crop.y + crop.height);
  const left = Math.round((x0 - crop.x) * scale);
  const top = Math.round((y0 - crop.y) * scale);
  const width = Math.min(frame.width - left, Math.max(1, Math.round((x1 - x0) * scale)));
  const height = Math.min(frame.height - top, Math.max(1, Math.round((y1 - y0) * scale)));
  const extract = {
    left: Math.round(x0),
    top: Math.round(y0),
    width: Math.max(1, Math.min(template.width - Math.round(x0), Math.round(x1 - x0))),
    height: Math.max(1, Math.min(template.height - Math.round(y0), Math.round(y1 - y0))),
  };
  return { left, top, width, height, extract };
}

/**
 * The output pixels where the frame reaches past the template (1), made up rather than the
 * template's; null when the frame lies inside it.
 */
export function frameMargin(
  template: { width: number; height: number },
  frame: Frame,
): Uint8Array | null {
  const { left, top, width, height } = placeTemplate(template, frame);
  if (left === 0 && top === 0 && width === frame.width && height === frame.height) return null;
  const margin = new Uint8Array(frame.width * frame.height).fill(1);
  for (let y = 0; y < height; y += 1) {
    const row = (y + top) * frame.width + left;
    margin.fill(0, row, row + width);
  }
  return margin;
}

/**
 * Largest share of the frame a margin the model makes up may take: a band down each side of a
 * template a little narrower than the frame (a backpack held over a valley: 19%) carries the scene
 * on; wider (a tall vase and chair framed square: 45%), it invented things that are not there.
 */
const MODEL_MAX_MARGIN = 0.3;

/**
 * The frame's margin (`margin`, from frameMargin) when a swap fills it again together with the
 * old product's hole: beside a textured or uneven edge (a valley, a room), where renderFrame's
 * smooth fill is a blurred band down the picture's side. Beside a plain edge the smooth fill
 * stays: it is exact there. Null when there is none, or it is too wide (MODEL_MAX_MARGIN).
 */
export function sceneMargin(framed: Raster, margin: Uint8Array | null): Uint8Array | null {
  if (!margin || countSet(margin) > MODEL_MAX_MARGIN * margin.length) return null;
  return isSceneAround(framed, margin) ? margin : null;
}

/**
 * Renders the frame of a decoded RGB template at the output size. Where the frame reaches past
 * the template, the margin (frameMargin) is filled smoothly from the template's edge (mirroring
 * would copy objects near the edge, such as words, backwards); a swap may fill it again with the
 * old product's hole (sceneMargin).
 */
export async function renderFrame(template: Raster, frame: Frame): Promise<Raster> {
  const { left, top, width, height, extract } = placeTemplate(template, frame);
  const visible = await sharp(template.data, {
    raw: { width: template.width, height: template.height, channels: template.channels },
  })
    .extract(extract)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const out: Raster = {
    data: new Uint8Array(frame.width * frame.height * 3),
    width: frame.width,
    height: frame.height,
    channels: 3,
  };
  for (let y = 0; y < height; y += 1) {
    const row = (y + top) * frame.width + left;
    out.data.set(visible.subarray(y * width * 3, (y + 1) * width * 3), row * 3);
  }
  const margin = frameMargin(template, frame);
  if (margin) fillRegion(out, margin);
  return out;
}

/** Maps a box from template pixels into output pixels. */
export function boxToFrame(box: Box, frame: Frame): Box {
  const scale = frame.width / frame.crop.width;
  return {
    x: (box.x - frame.crop.x) * scale,
    y: (box.y - frame.crop.y) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

function unionOf(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
