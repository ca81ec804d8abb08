import sharp from 'sharp';
import { clipBox } from '../src/pipeline/raster.js';
import type { ProductCutOut } from '../src/types.js';

/**
 * The cut-out as a layer the size of the photo (as rembg writes it): the photo's own pixels at
 * full resolution, opaque where the product is and transparent everywhere else. Along the edge,
 * where the product is partly there, the colour is the cut-out's: the engine took the old
 * backdrop's share out of those pixels, and the photo's would lay a fringe of it on any scene.
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
  const layer = await sharp(cutOut.png)
    .ensureAlpha()
    .resize(cutOut.box.width, cutOut.box.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      const at = y * width + x;
      if (!inside) {
        data[at * 4 + 3] = 0;
        continue;
      }
      const from = ((y - cutOut.box.y) * cutOut.box.width + (x - cutOut.box.x)) * 4;
      const alpha = layer[from + 3]!;
      data[at * 4 + 3] = alpha;
      if (alpha > 0 && alpha < 255) {
        for (let k = 0; k < 3; k += 1) data[at * 4 + k] = layer[from + k]!;
      }
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}
