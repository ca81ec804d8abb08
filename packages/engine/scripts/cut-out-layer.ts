import sharp from 'sharp';
import { clipBox } from '../src/pipeline/raster.js';
import type { ProductCutOut } from '../src/types.js';

/**
 * The cut-out as a layer the size of the photo (as rembg writes it): the photo's own pixels at
 * full resolution, opaque where the product is and transparent everywhere else.
 */
export async function cutOutLayer(photo: Uint8Array, cutOut: ProductCutOut): Promise<Uint8Array> {
  const { data, info } = await sharp(photo)
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const box = clipBox(cutOut.box, width, height);
  // The cut-out may be smaller than the photo (the engine works at most at 1024 px).
  const alpha = await sharp(cutOut.png)
    .extractChannel(3)
    .resize(cutOut.box.width, cutOut.box.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      const at = y * width + x;
      data[at * 4 + 3] = inside
        ? alpha[(y - cutOut.box.y) * cutOut.box.width + (x - cutOut.box.x)]!
        : 0;
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}
