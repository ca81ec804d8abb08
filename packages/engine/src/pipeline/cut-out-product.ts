import sharp from 'sharp';
import { EngineError } from '../engine-error.js';
import type { Box, ProductCutOut } from '../types.js';
import {
  boundingBoxOf,
  decodeImage,
  dilate,
  measureTransparency,
  resizeMask,
  resizeRaster,
  type Raster,
} from './raster.js';
import { cutOutWithModel, decontaminate } from './model-cut-out.js';
import { estimateBorderColor, segmentForeground } from './segment-foreground.js';

/** The working size of the photo, and the most a cut-out's longer side gets (see cutOutInDetail). */
const MAX_SIDE = 1024;
const SEGMENTATION_SIDE = 320;

/**
 * Cuts the product out of its photo: the photo's own alpha when it has one, else the segmentation
 * model's cut-out, else (the model could not load or saw nothing) GrabCut against the photo's
 * border. The result says which of the three ran.
 */
export async function cutOutProduct(bytes: Uint8Array): Promise<ProductCutOut> {
  const meta = await readSize(bytes);
  const raster = await decodeImage(bytes, { maxSide: MAX_SIDE, channels: 4 });
  const { alpha, method } = await findAlpha(raster);
  const box = boundingBoxOf(alpha, raster.width, 24);
  if (!box || box.width < 4 || box.height < 4) {
    throw new EngineError('bad_input', 'No product could be found in the product photo.');
  }
  const layer =
    (await cutOutInDetail(bytes, meta, raster, alpha, box, method)) ??
    cropLayer(raster, alpha, box);
  const png = await sharp(layer.data, {
    raw: { width: layer.width, height: layer.height, channels: 4 },
  })
    .png()
    .toBuffer();
  const toPhoto = meta.width / raster.width;
  return {
    png: new Uint8Array(png),
    box: {
      x: Math.round(box.x * toPhoto),
      y: Math.round(box.y * toPhoto),
      width: Math.round(box.width * toPhoto),
      height: Math.round(box.height * toPhoto),
    },
    method,
  };
}

/** The cut-out at the working raster's resolution: its colours, the alpha found, in the box. */
function cropLayer(raster: Raster, alpha: Uint8Array, box: Box): Raster {
  const out = new Uint8Array(box.width * box.height * 4);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const src = (y + box.y) * raster.width + x + box.x;
      const dst = y * box.width + x;
      out[dst * 4] = raster.data[src * 4]!;
      out[dst * 4 + 1] = raster.data[src * 4 + 1]!;
      out[dst * 4 + 2] = raster.data[src * 4 + 2]!;
      out[dst * 4 + 3] = alpha[src]!;
    }
  }
  return { data: out, width: box.width, height: box.height, channels: 4 };
}

/** Least gain in resolution for which the photo is read again round the product. */
const MIN_DETAIL_GAIN = 1.2;

/**
 * The cut-out with the photo's own detail: the alpha is found on the photo scaled to MAX_SIDE,
 * but a product that fills a small part of a large photo (a camera on a 4000 px table shot) was
 * then a few hundred pixels wide and was scaled up into the ad, soft. Here the product's box is
 * read again from the photo at up to MAX_SIDE on the product's own longer side, the alpha
 * scaled up to it (the photo's own alpha where it has one), and the edge's colours freed of the
 * backdrop again at that size. Null when the photo holds no more detail than the raster.
 */
async function cutOutInDetail(
  bytes: Uint8Array,
  photo: { width: number; height: number },
  raster: Raster,
  alpha: Uint8Array,
  box: Box,
  method: ProductCutOut['method'],
): Promise<Raster | null> {
  const toPhoto = photo.width / raster.width;
  const gain = Math.min(toPhoto, MAX_SIDE / Math.max(box.width, box.height));
  if (gain < MIN_DETAIL_GAIN) return null;
  const width = Math.round(box.width * gain);
  const height = Math.round(box.height * gain);
  const left = Math.min(photo.width - 1, Math.round(box.x * toPhoto));
  const top = Math.min(photo.height - 1, Math.round(box.y * toPhoto));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(photo.width - left, Math.round(box.width * toPhoto))),
    height: Math.max(1, Math.min(photo.height - top, Math.round(box.height * toPhoto))),
  };
  const { data } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .extract(region)
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const detail: Raster = { data: new Uint8Array(data), width, height, channels: 4 };
  const found = cropLayer(raster, alpha, box);
  const foundAlpha = new Uint8Array(box.width * box.height);
  for (let i = 0; i < foundAlpha.length; i += 1) foundAlpha[i] = found.data[i * 4 + 3]!;
  const scaled = await resizeMask(foundAlpha, box, { width, height });
  const detailAlpha = new Uint8Array(width * height);
  for (let i = 0; i < detailAlpha.length; i += 1) {
    // A photo with its own alpha keeps it, exact at this size, where the product was found.
    detailAlpha[i] =
      method === 'alpha' ? (scaled[i]! > 0 ? detail.data[i * 4 + 3]! : 0) : scaled[i]!;
  }
  if (method !== 'alpha') decontaminate(detail, detailAlpha);
  for (let i = 0; i < detailAlpha.length; i += 1) detail.data[i * 4 + 3] = detailAlpha[i]!;
  return detail;
}

async function findAlpha(
  raster: Raster,
): Promise<{ alpha: Uint8Array; method: ProductCutOut['method'] }> {
  if (measureTransparency(raster) > 0.01)
    return { alpha: dropFaintShadow(raster), method: 'alpha' };
  const original = raster.data.slice();
  try {
    const alpha = await cutOutWithModel(raster);
    if (alpha.some((value) => value >= 128)) {
      dropFloorReflection(raster, alpha);
      return { alpha, method: 'model' };
    }
  } catch {
    // The model's weights or runtime are missing on this machine: GrabCut still works.
  }
  raster.data.set(original);
  const alpha = await segmentAlpha(raster);
  refineEdge(raster, alpha);
  return { alpha, method: 'grabcut' };
}

/** The photo's size as it is seen (turned by its EXIF orientation), read from its header. */
export async function readSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes).metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    if (!meta.width || !meta.height) throw new Error('no size');
    return rotated
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  } catch (error) {
    throw new EngineError('bad_input', 'The product image could not be read.', { cause: error });
  }
}

/**
 * Renders with alpha often carry a soft drop shadow as faint dark pixels: keep the alpha only near
 * solid pixels so the old shadow does not travel with the product.
 */
function dropFaintShadow(raster: Raster): Uint8Array {
  const { width, height } = raster;
  const solid = new Uint8Array(width * height);
  for (let i = 0; i < solid.length; i += 1) solid[i] = raster.data[i * 4 + 3]! >= 160 ? 1 : 0;
  const near = dilate(solid, width, height, 2);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = near[i] ? raster.data[i * 4 + 3]! : 0;
  return alpha;
}

async function segmentAlpha(raster: Raster): Promise<Uint8Array> {
  const scale = Math.min(1, SEGMENTATION_SIDE / Math.max(raster.width, raster.height));
  const small = await resizeRaster(
    raster,
    Math.max(8, Math.round(raster.width * scale)),
    Math.max(8, Math.round(raster.height * scale)),
    'linear',
  );
  const mask = await segmentForeground(small);
  // Upscale softly, then pull the edge slightly inwards: the outermost ring carries background
  // colour and would show as a halo on a different scene.
  const data = await resizeMask(mask, small, {
    width: raster.width,
    height: raster.height,
    blur: 1.2,
  });
  const alpha = new Uint8Array(raster.width * raster.height);
  for (let i = 0; i < alpha.length; i += 1) {
    alpha[i] = Math.max(0, Math.min(255, Math.round((data[i]! - 110) * 2.2)));
  }
  return alpha;
}

/**
 * Sharpens the upscaled edge against a plain background and removes its colour from the edge
 * pixels (in place): along the rim, alpha is where the pixel lies between the nearby product
 * colour and the background colour, and the background's share is taken out of its colour, so
 * no light or dark fringe travels into a scene of another colour.
 */
function refineEdge(raster: Raster, alpha: Uint8Array): void {
  const { width, height, data } = raster;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) rgb.set(data.subarray(i * 4, i * 4 + 3), i * 3);
  const background = estimateBorderColor(rgb, width, height);
  const edge = new Uint8Array(width * height);
  for (let i = 0; i < edge.length; i += 1) edge[i] = alpha[i]! > 0 && alpha[i]! < 255 ? 1 : 0;
  const band = dilate(edge, width, height, 3);
  const radius = 5;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!band[i]) continue;
      // The product's colour here: the mean of solid pixels close by.
      const sum = [0, 0, 0];
      let count = 0;
      for (let dy = -radius; dy <= radius; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -radius; dx <= radius; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= width || alpha[yy * width + xx] !== 255) continue;
          for (let c = 0; c < 3; c += 1) sum[c] = sum[c]! + data[(yy * width + xx) * 4 + c]!;
          count += 1;
        }
      }
      if (count === 0) continue;
      const product = sum.map((value) => value / count);
      const span = product.map((value, c) => value - background[c]!);
      const spanSquared = span.reduce((total, d) => total + d * d, 0);
      if (spanSquared < 40 * 40) continue; // product and background too alike to tell apart
      const own = [0, 1, 2].map((c) => data[i * 4 + c]! - background[c]!);
      const share = own.reduce((total, d, c) => total + d * span[c]!, 0) / spanSquared;
      const refined = Math.max(0, Math.min(1, share));
      alpha[i] = Math.round(refined * 255);
      if (alpha[i]! < 8) continue;
      for (let c = 0; c < 3; c += 1) {
        const unmixed = background[c]! + own[c]! / Math.max(0.2, alpha[i]! / 255);
        data[i * 4 + c] = Math.max(0, Math.min(255, Math.round(unmixed)));
      }
    }
  }
}

/** Share of the product's columns that must show a reflection under them for it to be cut. */
const REFLECTING_COLUMNS = 0.6;

/**
 * A product photographed on a glossy floor stands on its own reflection, and the model takes the
 * two as one object: the new scene would get a grey band of the old floor under the product. In a
 * column, the reflection is a smooth run at the bottom of the mask that grows lighter downwards
 * (it fades into the floor), under a dark contact edge. When most columns show one, the alpha
 * below each column's contact edge is cleared (in place); columns between take the contact line
 * of their neighbours.
 */
export function dropFloorReflection(raster: Raster, alpha: Uint8Array): void {
  const { width, height, data, channels } = raster;
  const lum = (x: number, y: number) => {
    const p = (y * width + x) * channels;
    return 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  };
  let minY = height;
  let maxY = -1;
  for (let i = 0; i < alpha.length; i += 1) {
    if (alpha[i]! < 128) continue;
    const y = Math.floor(i / width);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (maxY < 0) return;
  const objectHeight = maxY - minY + 1;
  const minRun = Math.max(4, Math.round(objectHeight * 0.03));
  const soft = Math.max(3, Math.round(objectHeight * 0.01));
  const contact = new Int32Array(width).fill(-1);
  let columns = 0;
  let reflecting = 0;
  for (let x = 0; x < width; x += 1) {
    let bottom = -1;
    let top = -1;
    for (let y = height - 1; y >= 0; y -= 1) {
      if (alpha[y * width + x]! < 128) continue;
      if (bottom < 0) bottom = y;
      top = y;
    }
    if (bottom < 0) continue;
    columns += 1;
    // The smooth run, read upwards from the mask's bottom (past its soft lowest pixels), on the
    // mean of three rows so the grain of the photo does not end it.
    const start = Math.max(top, bottom - soft);
    const smooth = (y: number) =>
      (lum(x, y) + lum(x, Math.max(top, y - 1)) + lum(x, Math.min(bottom, y + 1))) / 3;
    let y = start;
    while (y - 1 >= top && Math.abs(smooth(y - 1) - smooth(y)) <= 6) y -= 1;
    const run = start - y;
    if (run < minRun || run > (bottom - top + 1) * 0.4 || y - 1 < top) continue;
    // The contact edge: the darkest row just above the run, where the product meets its image.
    let edgeRow = y - 1;
    for (let above = y - 1; above >= Math.max(top, y - soft * 3); above -= 1) {
      if (lum(x, above) < lum(x, edgeRow)) edgeRow = above;
    }
    const edge = lum(x, edgeRow);
    const fadesDown = smooth(start) - smooth(y) >= 30;
    const isDarkEdge = edge <= smooth(y) - 15 && edge <= smooth(start) * 0.6;
    if (!fadesDown || !isDarkEdge) continue;
    contact[x] = edgeRow + 1;
    reflecting += 1;
  }
  if (columns === 0 || reflecting < columns * REFLECTING_COLUMNS) return;
  let previous = -1;
  for (let x = 0; x < width; x += 1) {
    if (contact[x]! < 0) continue;
    if (previous >= 0) {
      for (let between = previous + 1; between < x; between += 1) {
        const t = (between - previous) / (x - previous);
        contact[between] = Math.round(contact[previous]! * (1 - t) + contact[x]! * t);
      }
    }
    previous = x;
  }
  for (let x = 0; x < width; x += 1) {
    const line = contact[x]!;
    if (line < 0) continue;
    for (let y = line; y < height; y += 1) alpha[y * width + x] = 0;
  }
}
