import { decodeImage, toSharp, type Raster } from './raster.js';

/** A band this thin (share of the side, at least MIN_BAND pixels) is a margin, not a cut-out's air. */
const MAX_BAND_SHARE = 0.02;
const MIN_BAND = 2;
/** Below this alpha a pixel is not opaque. */
const OPAQUE = 250;

/**
 * Decodes a template with and without its alpha. Many exported ad PNGs (WooCommerce's pattern
 * photos among them) carry a transparent row or two at an edge; flattened on white, that is a
 * white line along the picture, which re-framing then spreads into a band. When the picture is
 * opaque but for such thin edge bands, the bands are given the colours of the nearest opaque
 * row or column. A template whose transparency is real (a product render on nothing) is left as
 * it is.
 */
export async function decodeTemplate(
  bytes: Uint8Array,
): Promise<{ withAlpha: Raster; rgb: Raster }> {
  const withAlpha = await decodeImage(bytes, { channels: 4 });
  const bands = transparentMargins(withAlpha);
  if (!bands) return { withAlpha, rgb: await decodeImage(bytes, { channels: 3 }) };
  const repaired = fillMargins(withAlpha, bands);
  // The rest is flattened on white as decodeImage does it.
  const { data, info } = await toSharp(repaired)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb: Raster = {
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    channels: 3,
  };
  return { withAlpha: repaired, rgb };
}

type Bands = { top: number; bottom: number; left: number; right: number };

/** The thin, mostly transparent bands at the edges, or null when there are none or the rest is not opaque. */
function transparentMargins(image: Raster): Bands | null {
  const { data, width, height } = image;
  const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3]!;
  const rowClear = (y: number) => {
    let clear = 0;
    for (let x = 0; x < width; x++) if (alpha(x, y) < OPAQUE) clear++;
    return clear > width / 2;
  };
  const columnClear = (x: number) => {
    let clear = 0;
    for (let y = 0; y < height; y++) if (alpha(x, y) < OPAQUE) clear++;
    return clear > height / 2;
  };
  const limitOf = (side: number) => Math.max(MIN_BAND, Math.floor(side * MAX_BAND_SHARE));
  // Counts one past the limit at most: enough to tell a margin from meant transparency.
  const band = (isClear: (k: number) => boolean, side: number) => {
    let k = 0;
    while (k <= limitOf(side) && isClear(k)) k++;
    return k;
  };
  const bands: Bands = {
    top: band(rowClear, height),
    bottom: band((k) => rowClear(height - 1 - k), height),
    left: band(columnClear, width),
    right: band((k) => columnClear(width - 1 - k), width),
  };
  if (bands.top + bands.bottom + bands.left + bands.right === 0) return null;
  // A band wider than the limit is transparency the picture means (an object on nothing).
  if (Math.max(bands.top, bands.bottom) > limitOf(height)) return null;
  if (Math.max(bands.left, bands.right) > limitOf(width)) return null;
  if (bands.top + bands.bottom >= height || bands.left + bands.right >= width) return null;
  let inside = 0;
  let opaque = 0;
  for (let y = bands.top; y < height - bands.bottom; y++) {
    for (let x = bands.left; x < width - bands.right; x++) {
      inside++;
      if (alpha(x, y) >= OPAQUE) opaque++;
    }
  }
  return opaque >= inside * 0.995 ? bands : null;
}

/** Each pixel of a band takes the colour of the nearest pixel inside the bands, opaque. */
function fillMargins(image: Raster, bands: Bands): Raster {
  const { width, height } = image;
  const data = new Uint8Array(image.data);
  const clamp = (v: number, low: number, high: number) => Math.min(high, Math.max(low, v));
  for (let y = 0; y < height; y++) {
    const sourceY = clamp(y, bands.top, height - 1 - bands.bottom);
    for (let x = 0; x < width; x++) {
      const sourceX = clamp(x, bands.left, width - 1 - bands.right);
      if (sourceX === x && sourceY === y) continue;
      const to = (y * width + x) * 4;
      const from = (sourceY * width + sourceX) * 4;
      data[to] = data[from]!;
      data[to + 1] = data[from + 1]!;
      data[to + 2] = data[from + 2]!;
      data[to + 3] = 255;
    }
  }
  return { data, width, height, channels: 4 };
}
