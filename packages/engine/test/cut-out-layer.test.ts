import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutOutLayer } from '../scripts/cut-out-layer.js';

describe('the cut-out written as a layer the size of the photo', () => {
  it("takes the edge's colour from the cut-out, without the old backdrop's share", async () => {
    // A 20 x 10 photo on a light backdrop; the cut-out covers columns 5..14, its column 5 an edge
    // pixel the engine has decontaminated to the product's dark colour.
    const photo = await sharp({
      create: { width: 20, height: 10, channels: 3, background: { r: 230, g: 230, b: 230 } },
    })
      .png()
      .toBuffer();
    const cut = new Uint8Array(10 * 10 * 4);
    for (let i = 0; i < 100; i += 1) cut.set([30, 30, 30, i % 10 === 0 ? 128 : 255], i * 4);
    const png = await sharp(cut, { raw: { width: 10, height: 10, channels: 4 } })
      .png()
      .toBuffer();
    const layer = await cutOutLayer(new Uint8Array(photo), {
      png: new Uint8Array(png),
      box: { x: 5, y: 0, width: 10, height: 10 },
      method: 'model',
    });
    const { data } = await sharp(layer).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => (y * 20 + x) * 4;
    expect(data[at(5, 4) + 3]).toBe(128);
    expect(data[at(5, 4)]).toBe(30);
    expect(data[at(8, 4)]).toBe(230);
    expect(data[at(8, 4) + 3]).toBe(255);
    expect(data[at(2, 4) + 3]).toBe(0);
  });
});
