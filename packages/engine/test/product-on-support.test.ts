import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFromSaliency } from '../src/pipeline/detect-product.js';
import { measureFootprintIn, placeProduct } from '../src/pipeline/place-product.js';
import type { Raster } from '../src/pipeline/raster.js';
import type { Box } from '../src/types.js';

const SIDE = 300;

/** A one-channel map: 0 everywhere, `value` inside each box. */
function mapOf(boxes: Box[], value = 230): Raster {
  const data = new Uint8Array(SIDE * SIDE);
  for (const box of boxes) {
    for (let y = box.y; y < box.y + box.height; y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1) data[y * SIDE + x] = value;
    }
  }
  return { data, width: SIDE, height: SIDE, channels: 1 };
}

const template: Raster = {
  data: new Uint8Array(SIDE * SIDE * 3).fill(200),
  width: SIDE,
  height: SIDE,
  channels: 3,
};

describe('the template product standing on furniture', () => {
  // A side table two fifths of the picture wide: its top, an apron and four legs to the floor.
  const table: Box[] = [
    { x: 90, y: 130, width: 120, height: 12 },
    { x: 96, y: 142, width: 108, height: 20 },
    { x: 98, y: 162, width: 8, height: 128 },
    { x: 194, y: 162, width: 8, height: 128 },
  ];

  it('takes the pot standing on a side table, not the table', () => {
    const pot = { x: 130, y: 50, width: 40, height: 80 };
    const found = detectFromSaliency(template, mapOf([...table, pot]));
    expect(found).not.toBeNull();
    // The box ends at the table top (give or take the margin) and is about as wide as the pot.
    expect(found!.y + found!.height).toBeLessThanOrEqual(pot.y + pot.height + 6);
    expect(found!.width).toBeLessThan(pot.width * 1.3);
  });

  it('takes one of a pot and a lamp standing side by side on the table, not both', () => {
    const pot = { x: 100, y: 85, width: 40, height: 45 };
    const lampShade = { x: 150, y: 40, width: 50, height: 35 };
    const lampStem = { x: 170, y: 75, width: 10, height: 55 };
    // The model half believes the wall between them, and their feet meet on the table's top.
    const haze = mapOf([{ x: 140, y: 95, width: 30, height: 35 }], 60);
    const sure = mapOf([
      ...table,
      pot,
      lampShade,
      lampStem,
      { x: 100, y: 126, width: 100, height: 4 },
    ]);
    for (let i = 0; i < sure.data.length; i += 1)
      sure.data[i] = Math.max(sure.data[i]!, haze.data[i]!);
    const found = detectFromSaliency(template, sure);
    expect(found).not.toBeNull();
    expect(found!.y + found!.height).toBeLessThanOrEqual(136);
    const holdsPot = found!.x <= pot.x + 5 && found!.x + found!.width >= pot.x + pot.width - 5;
    const holdsLamp =
      found!.x <= lampShade.x + 5 && found!.x + found!.width >= lampShade.x + lampShade.width - 5;
    expect(holdsPot !== holdsLamp).toBe(true);
  });

  it('keeps a potted plant whole: a pot lower than the plant is not a support', () => {
    const stem = { x: 145, y: 80, width: 10, height: 100 };
    const leaves = { x: 120, y: 40, width: 60, height: 40 };
    const pot = { x: 125, y: 180, width: 50, height: 50 };
    const found = detectFromSaliency(template, mapOf([leaves, stem, pot]));
    expect(found).not.toBeNull();
    expect(found!.y + found!.height).toBeGreaterThanOrEqual(pot.y + pot.height);
  });
});

describe('a product joined to what runs off the picture', () => {
  it('takes the tablet the model is sure of, not the caption band it half believes', () => {
    const tablet = { x: 80, y: 60, width: 140, height: 150 };
    // The band across the picture's foot, the desk's edge joining it to the tablet and a line of
    // the desk's planks running through the tablet from side to side.
    const doubtful = mapOf(
      [
        { x: 0, y: 230, width: SIDE, height: 70 },
        { x: 0, y: 205, width: SIDE, height: 25 },
        { x: 0, y: 110, width: SIDE, height: 15 },
      ],
      150,
    );
    const sure = mapOf([tablet], 250);
    for (let i = 0; i < sure.data.length; i += 1) {
      sure.data[i] = Math.max(sure.data[i]!, doubtful.data[i]!);
    }
    const found = detectFromSaliency(template, sure);
    expect(found).not.toBeNull();
    expect(found!.width).toBeLessThan(tablet.width * 1.2);
    expect(found!.y + found!.height).toBeLessThan(tablet.y + tablet.height + 15);
  });
});

describe('the edge of a product cut from a white backdrop', () => {
  it('brings no light fringe into a dark scene', async () => {
    // A dark disc whose soft rim (half opaque) and transparent surround still hold the white
    // backdrop it was photographed on, as a cut-out's edge does.
    const size = 120;
    const cutOut = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const p = (y * size + x) * 4;
        const distance = Math.hypot(x - size / 2, y - size / 2);
        const inside = distance < 40;
        const rim = !inside && distance < 44;
        cutOut.set(inside ? [40, 40, 45] : [245, 240, 242], p);
        cutOut[p + 3] = inside ? 255 : rim ? 128 : 0;
      }
    }
    const png = new Uint8Array(
      await sharp(cutOut, { raw: { width: size, height: size, channels: 4 } })
        .png()
        .toBuffer(),
    );
    const frame: Raster = {
      data: new Uint8Array(400 * 400 * 3).fill(35),
      width: 400,
      height: 400,
      channels: 3,
    };
    const box = { x: 110, y: 110, width: 180, height: 180 };
    await placeProduct({
      frame,
      cutOut: png,
      box,
      limits: { x: 0, y: 0, width: 400, height: 400 },
    });
    let brightest = 0;
    for (let i = 0; i < frame.width * frame.height; i += 1) {
      brightest = Math.max(brightest, frame.data[i * 3]!);
    }
    // Scene and product are both dark: nothing in between may be lighter than either by much.
    expect(brightest).toBeLessThan(60);
  });
});

describe('where the old product stood', () => {
  it('reads the floor off the product box when segmentation found only specks of the product', () => {
    // A black bicycle on a dark floor: of the detected box (floor at 400 plus the detection's
    // margin), segmentation kept only the saddle.
    const width = 500;
    const object = new Uint8Array(width * 500);
    for (let y = 120; y < 130; y += 1) for (let x = 200; x < 240; x += 1) object[y * width + x] = 1;
    const detected = { x: 84, y: 92, width: 332, height: 324 };
    const footprint = measureFootprintIn(object, width, detected);
    expect(footprint!.bottom).toBeGreaterThan(395);
    expect(footprint!.bottom).toBeLessThanOrEqual(405);
    expect(footprint!.box.width).toBeGreaterThan(290);
  });

  it("stands on the box's floor when the mask lost the product's thin foot", () => {
    // A lamp: the mask holds its shade; the stem down to the table (y = 400) was missed.
    const width = 500;
    const object = new Uint8Array(width * 500);
    for (let y = 100; y < 200; y += 1) for (let x = 150; x < 300; x += 1) object[y * width + x] = 1;
    const detected = { x: 138, y: 88, width: 174, height: 324 };
    const footprint = measureFootprintIn(object, width, detected);
    expect(footprint!.bottom).toBeGreaterThan(395);
    expect(footprint!.box.width).toBe(150);
  });

  it('keeps the mask when it holds the product', () => {
    const width = 500;
    const object = new Uint8Array(width * 500);
    for (let y = 200; y < 380; y += 1) for (let x = 150; x < 300; x += 1) object[y * width + x] = 1;
    const footprint = measureFootprintIn(object, width, {
      x: 140,
      y: 190,
      width: 170,
      height: 200,
    });
    expect(footprint!.bottom).toBe(380);
    expect(footprint!.area).toBe(150 * 180);
  });
});
