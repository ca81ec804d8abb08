import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeTemplate } from '../src/pipeline/template-margins.js';

const BLUE = [132, 191, 225];

/** A blue picture whose last `bottom` rows and `right` columns are transparent, as a PNG. */
async function pngWithMargins(width: number, height: number, bottom: number, right: number) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const clear = y >= height - bottom || x >= width - right;
      data.set([...BLUE, clear ? 0 : 255], at);
    }
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const pixel = (
  raster: { data: Uint8Array; width: number; channels: number },
  x: number,
  y: number,
) => [
  ...raster.data.subarray(
    (y * raster.width + x) * raster.channels,
    (y * raster.width + x) * raster.channels + 3,
  ),
];

describe('decodeTemplate', () => {
  it('gives thin transparent edge bands the colour of the picture, not white', async () => {
    const { rgb, withAlpha } = await decodeTemplate(await pngWithMargins(200, 100, 2, 1));
    expect([rgb.width, rgb.height]).toEqual([200, 100]);
    expect(pixel(rgb, 100, 99)).toEqual(BLUE);
    expect(pixel(rgb, 199, 50)).toEqual(BLUE);
    expect(pixel(rgb, 199, 99)).toEqual(BLUE);
    expect(withAlpha.data[(99 * 200 + 100) * 4 + 3]).toBe(255);
  });

  it('leaves a picture whose transparency is meant (an object on nothing) on white', async () => {
    // A quarter of the rows transparent is far past a margin.
    const { rgb } = await decodeTemplate(await pngWithMargins(200, 100, 25, 0));
    expect(pixel(rgb, 100, 99)).toEqual([255, 255, 255]);
    expect(pixel(rgb, 100, 10)).toEqual(BLUE);
  });
});
