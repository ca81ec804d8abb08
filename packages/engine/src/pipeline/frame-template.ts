import sharp from 'sharp';
import type { Box, OutputSize } from '../types.js';
import type { Raster } from './raster.js';

/** Which part of the template (possibly reaching past its edges) becomes the output image. */
export type Frame = { crop: Box; width: number; height: number };

export function parseOutputSize(size: OutputSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/**
 * Re-frames the template to the output's aspect around its product: the largest crop that keeps
 * the product (with some air) and stays inside the template; only when the product cannot fit
 * does the frame reach past the template's edges, which are then mirrored.
 */
export function computeFrame(
  template: { width: number; height: number },
  productBox: Box | null,
  size: OutputSize,
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
  const center = (start: number, length: number, crop: number, limit: number) => {
    const ideal = start + length / 2 - crop / 2;
    if (crop >= limit) return (limit - crop) / 2; // centre the overflow on both sides
    return Math.max(0, Math.min(limit - crop, ideal));
  };
  return {
    crop: {
      x: center(product.x, product.width, cropWidth, template.width),
      y: center(product.y, product.height, cropHeight, template.height),
      width: cropWidth,
      height: cropHeight,
    },
    width: out.width,
    height: out.height,
  };
}

/** Renders the frame of a decoded RGB template at the output size. */
export async function renderFrame(template: Raster, frame: Frame): Promise<Raster> {
  const { crop } = frame;
  const left = Math.max(0, Math.ceil(-crop.x));
  const top = Math.max(0, Math.ceil(-crop.y));
  const right = Math.max(0, Math.ceil(crop.x + crop.width - template.width));
  const bottom = Math.max(0, Math.ceil(crop.y + crop.height - template.height));
  let source = sharp(template.data, {
    raw: { width: template.width, height: template.height, channels: template.channels },
  });
  if (left || top || right || bottom) {
    const extended = await source
      .extend({ left, top, right, bottom, extendWith: 'mirror' })
      .raw()
      .toBuffer();
    source = sharp(extended, {
      raw: {
        width: template.width + left + right,
        height: template.height + top + bottom,
        channels: template.channels,
      },
    });
  }
  const extract = {
    left: Math.max(0, Math.round(crop.x + left)),
    top: Math.max(0, Math.round(crop.y + top)),
    width: Math.min(template.width + left + right, Math.round(crop.width)),
    height: Math.min(template.height + top + bottom, Math.round(crop.height)),
  };
  extract.width = Math.min(extract.width, template.width + left + right - extract.left);
  extract.height = Math.min(extract.height, template.height + top + bottom - extract.top);
  const data = await source
    .extract(extract)
    .resize(frame.width, frame.height, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: frame.width,
    height: frame.height,
    channels: 3,
  };
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
