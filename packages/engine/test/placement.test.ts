import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';

afterAll(() => closeEngine());

describe('a placement the editor chose', () => {
  it('puts the product, turned, in the place box: as large as fits, on its floor, centred', async () => {
    // A plain 600 x 600 template whose old product stands at the lower left.
    const template = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#c8ccd2' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 100, height: 200, channels: 3, background: '#203040' },
          })
            .png()
            .toBuffer(),
          left: 100,
          top: 300,
        },
      ])
      .png()
      .toBuffer();
    // A product cut out beforehand: a red bar twice as wide as it is tall.
    const cutOut = await sharp({
      create: { width: 100, height: 50, channels: 4, background: '#d02020ff' },
    })
      .png()
      .toBuffer();
    const outcome = await composeSwap({
      template: new Uint8Array(template),
      product: new Uint8Array(cutOut),
      productCutOut: {
        png: new Uint8Array(cutOut),
        box: { x: 0, y: 0, width: 100, height: 50 },
        method: 'alpha',
      },
      productBox: { x: 100, y: 300, width: 100, height: 200 },
      placement: { box: { x: 350, y: 100, width: 200, height: 200 }, rotation: 90 },
      size: '1024x1024',
    });
    const scale = outcome.frame.width / outcome.frame.crop.width;
    const at = (value: number, origin: number) => (value - origin) * scale;
    // Turned upright it is 50 x 100: scaled by 2 it fills the box's height, centred across it.
    const placed = outcome.placement.box;
    expect(placed.width).toBeCloseTo(100 * scale, -1);
    expect(placed.height).toBeCloseTo(200 * scale, -1);
    expect(placed.x).toBeCloseTo(at(400, outcome.frame.crop.x), -1);
    expect(placed.y + placed.height).toBeCloseTo(at(300, outcome.frame.crop.y), -1);

    const { data, info } = await sharp(outcome.png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number): [number, number, number] => {
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const [r, g, b] = pixel(placed.x + placed.width / 2, placed.y + placed.height / 2);
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(120);
    // The old product is gone from where it stood.
    const [or, og, ob] = pixel(at(150, outcome.frame.crop.x), at(400, outcome.frame.crop.y));
    expect(or + og + ob).toBeGreaterThan(450);
  });
});
