import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import {
  chokeBackdropRim,
  measureCutOut,
  measureFootprint,
  planPlacement,
  standFeetOnFloor,
} from '../src/pipeline/place-product.js';
import { decodeImage, type Raster } from '../src/pipeline/raster.js';
import { matchTone, measureCrispness } from '../src/pipeline/scene-light.js';
import { layContactShadow } from '../src/pipeline/template-shadow.js';

afterAll(() => closeEngine());

describe('planning where the new product stands', () => {
  const tallSlot = { x: 100, y: 50, width: 120, height: 360 };
  // The old product (a bottle) fills most of its box and stands 20 px above the box's floor.
  const bottle = {
    area: 90 * 330,
    bottom: 390,
    footX: 170,
    box: { x: 115, y: 60, width: 90, height: 330 },
  };

  it('keeps a wide product inside a tall slot, standing on the contact line', () => {
    const box = planPlacement({
      source: { width: 800, height: 200, opaqueShare: 0.9 },
      slot: tallSlot,
      footprint: bottle,
    });
    expect(box.width).toBeLessThanOrEqual(tallSlot.width);
    expect(box.x).toBeGreaterThanOrEqual(tallSlot.x);
    expect(box.y + box.height).toBe(bottle.bottom);
  });

  it('stands the product on its lowest solid row, not on the faint rows below it', () => {
    // The cut-out's last 20 of 200 rows are a faint rim (alpha below 128).
    const box = planPlacement({
      source: { width: 100, height: 200, opaqueShare: 0.8, solidBottom: 180 },
      slot: tallSlot,
      footprint: bottle,
    });
    const scale = box.height / 200;
    expect(Math.abs(box.y + 180 * scale - bottle.bottom)).toBeLessThanOrEqual(1);
  });

  /** A 200x200 cut-out (RGBA PNG) whose opaque pixels are those `isSolid` says. */
  const cutOut = (isSolid: (x: number, y: number) => boolean) => {
    const data = new Uint8Array(200 * 200 * 4);
    for (let y = 0; y < 200; y += 1) {
      for (let x = 0; x < 200; x += 1) {
        if (isSolid(x, y)) data.set([40, 40, 40, 255], (y * 200 + x) * 4);
      }
    }
    return sharp(data, { raw: { width: 200, height: 200, channels: 4 } })
      .png()
      .toBuffer();
  };

  it('stands a shoe on its sole, not on the tip of a lace hanging below it', async () => {
    // The shoe's body ends at row 139; a lace 2 px wide hangs from it to row 189.
    const shoe = await cutOut(
      (x, y) =>
        (y >= 60 && y < 140 && x >= 10 && x < 190) || (y >= 140 && y < 190 && x >= 120 && x < 122),
    );
    expect((await measureCutOut(shoe)).solidBottom).toBe(140);
    // A stool's four thin legs are what it stands on, and so is a short fringe under a body.
    const stool = await cutOut(
      (x, y) =>
        (y >= 20 && y < 40 && x >= 20 && x < 180) ||
        (y >= 40 && y < 190 && [20, 70, 120, 170].some((leg) => x >= leg && x < leg + 6)),
    );
    expect((await measureCutOut(stool)).solidBottom).toBe(190);
    const fringed = await cutOut(
      (x, y) => (y >= 60 && y < 140 && x >= 10 && x < 190) || (y >= 140 && y < 146 && x === 100),
    );
    expect((await measureCutOut(fringed)).solidBottom).toBe(146);
  });

  it("stands the product on the old object's lowest row even below the slot", () => {
    // The old object's foot (a saucer) reached 15 px below the detection box and was removed.
    const box = planPlacement({
      source: { width: 100, height: 200, opaqueShare: 0.9 },
      slot: { ...tallSlot, height: 325 },
      footprint: bottle,
    });
    expect(box.y + box.height).toBe(bottle.bottom);
  });

  it('fills the old product box, not the slot, whatever share of it the old product covered', () => {
    const small = {
      area: 60 * 60,
      bottom: 400,
      footX: 160,
      box: { x: 130, y: 340, width: 60, height: 60 },
    };
    const box = planPlacement({
      source: { width: 500, height: 500, opaqueShare: 1 },
      slot: { x: 0, y: 0, width: 400, height: 400 },
      footprint: small,
    });
    expect(box.width * box.height).toBeGreaterThan(60 * 60 * 0.9);
    expect(box.width * box.height).toBeLessThan(400 * 400 * 0.3 * 1.1);
    expect(Math.abs(box.x + box.width / 2 - small.footX)).toBeLessThanOrEqual(1);
  });

  it('fills the box of a sparse old product (a bicycle) instead of matching its few pixels', () => {
    const bicycle = {
      area: Math.round(300 * 200 * 0.2),
      bottom: 400,
      footX: 250,
      box: { x: 100, y: 200, width: 300, height: 200 },
    };
    const box = planPlacement({
      source: { width: 400, height: 300, opaqueShare: 0.9 },
      slot: { x: 85, y: 190, width: 330, height: 220 },
      footprint: bicycle,
    });
    expect(box.height).toBe(200);
    expect(box.width).toBeGreaterThanOrEqual(266);
    expect(box.y + box.height).toBe(bicycle.bottom);
  });

  it('scales a product in the place of a plant to the pot it stood in, not to its leaves', () => {
    // Leaves 300 px wide over a pot 90 px wide; the new product (a mug) has a body 150 px wide
    // and a handle, 200 px in all.
    const plant = {
      area: Math.round(300 * 300 * 0.5),
      bottom: 400,
      footX: 250,
      baseWidth: 90,
      box: { x: 100, y: 100, width: 300, height: 300 },
    };
    const mug = {
      width: 200,
      height: 160,
      opaqueShare: 0.8,
      foot: { centre: 125, baseWidth: 150 },
    };
    const box = planPlacement({ source: mug, slot: plant.box, footprint: plant });
    const bodyWidth = (box.width * mug.foot.baseWidth) / mug.width;
    expect(bodyWidth).toBeGreaterThanOrEqual(90);
    expect(bodyWidth).toBeLessThanOrEqual(90 * 1.2);
    expect(box.y + box.height).toBe(plant.bottom);
    // The mug's body, not its box, is centred on the pot.
    expect(Math.abs(box.x + (box.width * mug.foot.centre) / mug.width - plant.footX)).toBeLessThan(
      2,
    );
  });

  it('keeps the box fit when the old product stands on a base as wide as itself', () => {
    const bottle = {
      area: Math.round(90 * 330 * 0.9),
      bottom: 390,
      footX: 160,
      baseWidth: 88,
      box: { x: 115, y: 60, width: 90, height: 330 },
    };
    const source = {
      width: 100,
      height: 300,
      opaqueShare: 0.9,
      foot: { centre: 50, baseWidth: 60 },
    };
    const box = planPlacement({ source, slot: tallSlot, footprint: bottle });
    const unmeasured = planPlacement({
      source: { ...source, foot: undefined },
      slot: tallSlot,
      footprint: { ...bottle, baseWidth: undefined },
    });
    expect(box).toEqual(unmeasured);
    expect(box.height).toBe(270);
  });

  it('sizes the product by the old object body, not by a long strap hanging from it', () => {
    // A 200 x 160 camera body with a 10 px wide strap rising 240 px above it.
    const width = 400;
    const mask = new Uint8Array(width * 500);
    const fill = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y += 1) mask.fill(1, y * width + x0, y * width + x0 + w);
    };
    fill(100, 300, 200, 160);
    fill(270, 60, 10, 240);
    const camera = measureFootprint(mask, width)!;
    expect(camera.box).toEqual({ x: 100, y: 60, width: 200, height: 400 });
    expect(camera.body).toEqual({ x: 100, y: 300, width: 200, height: 160 });
    const box = planPlacement({
      source: { width: 100, height: 100, opaqueShare: 1 },
      slot: { x: 80, y: 40, width: 240, height: 440 },
      footprint: camera,
    });
    expect(box.height).toBe(160);
    expect(box.y + box.height).toBe(460);
    // A solid object without thin parts has no separate body.
    const solid = new Uint8Array(width * 500);
    solid.set(mask.subarray(300 * width, 460 * width), 300 * width);
    expect(measureFootprint(solid, width)!.body).toBeUndefined();
  });

  it('sizes a tall product in a wide slot by the old outline, never taller than the old product', () => {
    // A round fruit 800 px across (its outline a disc), replaced by a bottle 220 x 600.
    const orange = {
      area: Math.round(Math.PI * 400 * 400),
      bottom: 900,
      footX: 500,
      centreX: 500,
      outlineArea: Math.round(Math.PI * 400 * 400),
      box: { x: 100, y: 100, width: 800, height: 800 },
    };
    const box = planPlacement({
      source: { width: 220, height: 600, opaqueShare: 0.9, outlineArea: 220 * 600 * 0.95 },
      slot: { x: 50, y: 0, width: 900, height: 1000 },
      footprint: orange,
    });
    expect(box.height).toBe(800);
    expect(box.y + box.height).toBe(orange.bottom);
    expect(Math.abs(box.x + box.width / 2 - orange.footX)).toBeLessThanOrEqual(1);
  });

  it('sizes a boxier product to the old outline area, inside the old box', () => {
    // A mug-shaped block (its outline its whole box) where a round fruit stood: the box fit
    // would cover 4/pi of the fruit's area; the outline match keeps it to the fruit's.
    const fruit = {
      area: Math.round(Math.PI * 200 * 200),
      bottom: 500,
      footX: 300,
      outlineArea: Math.round(Math.PI * 200 * 200),
      box: { x: 100, y: 100, width: 400, height: 400 },
    };
    const box = planPlacement({
      source: { width: 300, height: 300, opaqueShare: 1, outlineArea: 300 * 300 },
      slot: { x: 0, y: 0, width: 600, height: 600 },
      footprint: fruit,
    });
    expect(box.width).toBeLessThan(400);
    expect(Math.abs((box.width * box.height) / fruit.outlineArea - 1)).toBeLessThan(0.02);
    expect(box.y + box.height).toBe(fruit.bottom);
  });

  it('keeps the product within 70% of the picture, however much of it the old one filled', () => {
    // A close-up: a round fruit 860 px across in a 1024 px picture, replaced by a mug.
    const fruit = {
      area: Math.round(Math.PI * 430 * 430),
      bottom: 1000,
      footX: 512,
      outlineArea: Math.round(Math.PI * 430 * 430),
      box: { x: 82, y: 140, width: 860, height: 860 },
    };
    const mug = { width: 480, height: 350, opaqueShare: 0.75, outlineArea: 480 * 350 * 0.85 };
    const slot = { x: 50, y: 100, width: 924, height: 924 };
    const free = planPlacement({ source: mug, slot, footprint: fruit });
    const framed = planPlacement({
      source: mug,
      slot,
      footprint: fruit,
      frame: { width: 1024, height: 1024 },
    });
    expect(free.width).toBeGreaterThan(1024 * 0.75);
    expect(framed.width).toBeLessThanOrEqual(Math.round(1024 * 0.7));
    expect(framed.y + framed.height).toBe(fruit.bottom);
  });

  it('keeps the size of a wide but slight product, which covers little of the picture', () => {
    // A cap 80% as wide as a portrait picture, its box a quarter of the picture's area.
    const object = {
      area: 820 * 500,
      bottom: 1400,
      footX: 512,
      box: { x: 102, y: 900, width: 820, height: 500 },
    };
    const cap = { width: 820, height: 490, opaqueShare: 0.7 };
    const box = planPlacement({
      source: cap,
      slot: { x: 60, y: 330, width: 900, height: 1100 },
      footprint: object,
      frame: { width: 1024, height: 1536 },
    });
    expect(box.width).toBe(820);
  });

  it('keeps a tall product standing in a scene below 60% of the picture height', () => {
    // A plant whose leaves filled the picture, replaced by a bottle: its box covers little of the
    // picture's area, but as tall as the old plant it would reach from the floor to the top.
    const plant = {
      area: 300000,
      bottom: 976,
      footX: 600,
      outlineArea: 720000,
      box: { x: 0, y: 0, width: 1024, height: 976 },
    };
    const bottle = { width: 221, height: 603, opaqueShare: 0.88, outlineArea: 123000 };
    const slot = { x: 150, y: 40, width: 870, height: 936 };
    const free = planPlacement({ source: bottle, slot, footprint: plant });
    expect(free.height).toBeGreaterThan(900);
    const framed = planPlacement({
      source: bottle,
      slot,
      footprint: plant,
      frame: { width: 1024, height: 1024 },
    });
    expect(framed.height).toBeLessThanOrEqual(Math.round(1024 * 0.6));
    expect(framed.y + framed.height).toBe(plant.bottom);
    // A product wider than tall (a beanie) is held by the 70% rule only.
    const beanie = { width: 620, height: 560, opaqueShare: 0.9, outlineArea: 620 * 560 * 0.85 };
    const wide = planPlacement({
      source: beanie,
      slot,
      footprint: plant,
      frame: { width: 1024, height: 1024 },
    });
    expect(wide.height).toBeGreaterThan(Math.round(1024 * 0.6));
  });

  it('keeps the product whole inside the picture when the old box reached past its edges', () => {
    // The old product's box reaches past the frame's top and right; its foot is below the frame.
    const reaching = {
      area: 500 * 700,
      bottom: 1100,
      footX: 900,
      outlineArea: 500 * 700,
      box: { x: 650, y: -100, width: 500, height: 1200 },
    };
    const box = planPlacement({
      source: { width: 300, height: 400, opaqueShare: 0.9, outlineArea: 300 * 400 * 0.9 },
      slot: reaching.box,
      footprint: reaching,
      frame: { width: 1024, height: 1024 },
    });
    expect(box.x).toBeGreaterThanOrEqual(20);
    expect(box.y).toBeGreaterThanOrEqual(20);
    expect(box.x + box.width).toBeLessThanOrEqual(1024 - 20);
    expect(box.y + box.height).toBeLessThanOrEqual(1024 - 20);
  });

  it('lets a wide product in a tall slot grow past the old width, by at most 30%', () => {
    const box = planPlacement({
      source: { width: 800, height: 200, opaqueShare: 0.9, outlineArea: 800 * 200 * 0.95 },
      slot: { x: 0, y: 0, width: 400, height: 420 },
      footprint: { ...bottle, outlineArea: 90 * 330 },
    });
    expect(box.width).toBeGreaterThan(bottle.box.width);
    expect(box.width).toBeLessThanOrEqual(Math.round(bottle.box.width * 1.3) + 1);
    expect(box.y + box.height).toBe(bottle.bottom);
  });

  it('shrinks rather than sinks below the contact line when the slot is too low', () => {
    // The old object reached above the slot; the product, as tall as it was, would not fit
    // between the slot's top and the contact line, and is made smaller instead of sinking.
    const box = planPlacement({
      source: { width: 100, height: 400, opaqueShare: 0.9, outlineArea: 100 * 400 * 0.9 },
      slot: { x: 100, y: 200, width: 200, height: 200 },
      footprint: {
        area: 150 * 240,
        bottom: 390,
        footX: 200,
        outlineArea: 150 * 240,
        box: { x: 125, y: 150, width: 150, height: 240 },
      },
    });
    expect(box.y).toBeGreaterThanOrEqual(200);
    expect(box.y + box.height).toBe(390);
  });

  it('keeps the size when the narrow lowest part lies far off the middle (a shadow streak)', () => {
    // Sunglasses lying on sand: their lowest pixels are a temple's shadow at the far left, not
    // a base they stand on; a cap in their place is not shrunk to that streak's width.
    const glasses = {
      area: Math.round(800 * 600 * 0.3),
      bottom: 700,
      footX: 150,
      baseWidth: 300,
      centreX: 450,
      outlineArea: Math.round(800 * 500 * 0.75),
      box: { x: 50, y: 100, width: 800, height: 600 },
      body: { x: 50, y: 100, width: 800, height: 500 },
    };
    const cap = {
      width: 700,
      height: 400,
      opaqueShare: 0.65,
      foot: { centre: 380, baseWidth: 680 },
      outlineArea: 700 * 400 * 0.7,
    };
    const slot = { x: 0, y: 50, width: 900, height: 700 };
    const lying = planPlacement({ source: cap, slot, footprint: glasses });
    expect(lying.width).toBeGreaterThanOrEqual(700);
    // It is centred (its foot) on the glasses' middle, not on the streak at their left.
    expect(Math.abs(lying.x + (lying.width * cap.foot.centre) / cap.width - 450)).toBeLessThan(60);
    // The same narrow base under the middle (a pot under leaves) does carry the object.
    const standing = planPlacement({
      source: cap,
      slot,
      footprint: { ...glasses, centreX: 200 },
    });
    expect(standing.width).toBeLessThan(400);
  });

  it("measures the old product's outline and middle from its mask", () => {
    const width = 200;
    const disc = new Uint8Array(width * 200);
    for (let y = 0; y < 200; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if ((x - 100) ** 2 + (y - 100) ** 2 <= 80 * 80) disc[y * width + x] = 1;
      }
    }
    const footprint = measureFootprint(disc, width)!;
    expect(Math.abs(footprint.outlineArea! / (Math.PI * 80 * 80) - 1)).toBeLessThan(0.03);
    expect(Math.abs(footprint.centreX! - 100)).toBeLessThan(0.5);
  });

  it('fits the product beside ad copy that overlaps its slot', () => {
    const slot = { x: 0, y: 0, width: 400, height: 400 };
    const price = { x: 0, y: 150, width: 180, height: 40 };
    const box = planPlacement({
      source: { width: 300, height: 300, opaqueShare: 1 },
      slot,
      footprint: {
        area: 300 * 300,
        bottom: 400,
        footX: 200,
        box: { x: 50, y: 100, width: 300, height: 300 },
      },
      avoid: [price],
    });
    const overlaps =
      box.x < price.x + price.width &&
      price.x < box.x + box.width &&
      box.y < price.y + price.height &&
      price.y < box.y + box.height;
    expect(overlaps).toBe(false);
    expect(box.width).toBeGreaterThan(150);
  });
});

describe('a product on legs in front of a wall', () => {
  // A stool's cut-out, 200 x 400: its two front feet end at row 399, its back feet at row 360.
  const source = { width: 200, height: 400 };
  const feet = [
    { left: 0, right: 15, bottom: 399 },
    { left: 30, right: 45, bottom: 360 },
    { left: 150, right: 165, bottom: 360 },
    { left: 184, right: 199, bottom: 399 },
  ];
  const frame = { width: 1024, height: 1024 };
  // Planned at half size on the old object's contact line, row 855: back feet at row 835.
  const box = { x: 400, y: 655, width: 100, height: 200 };
  const wallFoot = { nx: 0, ny: 1, c: 810 };

  it("moves it down until its back feet stand on the floor, clear of the wall's foot", () => {
    const moved = standFeetOnFloor({
      box,
      source,
      feet,
      wallFoot,
      contact: 855,
      footX: 450,
      frame,
    });
    expect(moved.x).toBe(box.x);
    expect(moved.width).toBe(box.width);
    // The back feet now end 3% of the frame below the line.
    expect(moved.y + 360 * 0.5).toBeGreaterThanOrEqual(810 + 0.03 * 1024 - 0.5);
    expect(moved.y + 360 * 0.5).toBeLessThan(810 + 0.03 * 1024 + 1);
  });

  it("leaves it where the old object stood above the line (a table's front edge)", () => {
    const tableEdge = { nx: 0, ny: 1, c: 900 };
    expect(
      standFeetOnFloor({ box, source, feet, wallFoot: tableEdge, contact: 855, footX: 450, frame }),
    ).toEqual(box);
  });

  it("goes no lower than the frame's margin", () => {
    const low = { ...box, y: 780 };
    const moved = standFeetOnFloor({
      box: low,
      source,
      feet,
      wallFoot: { nx: 0, ny: 1, c: 975 },
      contact: 990,
      footX: 450,
      frame,
    });
    expect(moved.y + moved.height).toBe(Math.round(1024 * 0.98));
  });
});

describe('the rim of a product cut from a light backdrop', () => {
  // One row: solid white paper, a soft rim of the white backdrop, a soft rim of the dark body.
  const pixels = [
    [232, 232, 232, 255],
    [228, 228, 228, 150],
    [215, 215, 215, 200],
    [40, 40, 40, 150],
  ];
  const row = (): Raster => ({
    data: new Uint8Array(pixels.flat()),
    width: pixels.length,
    height: 1,
    channels: 4,
  });
  const backdrop = [230, 230, 230];

  it('loses its backdrop-coloured soft pixels in a dark scene, keeps the solid and dark ones', () => {
    const product = row();
    chokeBackdropRim(product, backdrop, [20, 20, 25]);
    expect(product.data[3]).toBe(255);
    expect(product.data[7]).toBe(0);
    expect(product.data[11]).toBe(0);
    expect(product.data[15]).toBe(150);
  });

  it('is left as it is in a scene as light as the backdrop', () => {
    const product = row();
    chokeBackdropRim(product, backdrop, [210, 212, 215]);
    expect([...product.data]).toEqual(pixels.flat());
  });
});

describe('light and texture of the scene', () => {
  it('shades a flat product like the old product was lit', () => {
    const data = new Uint8Array(40 * 20 * 4).fill(160);
    for (let p = 3; p < data.length; p += 4) data[p] = 255;
    const product: Raster = { data, width: 40, height: 20, channels: 4 };
    matchTone(product, { lightness: 60, slopeX: 20, slopeY: 0, castA: 0, castB: 0 });
    const left = product.data[(10 * 40 + 1) * 4]!;
    const right = product.data[(10 * 40 + 38) * 4]!;
    expect(right - left).toBeGreaterThan(10);
  });

  it('measures a softened picture as less crisp', async () => {
    const { data } = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="#fff"/><rect x="20" y="20" width="40" height="40" fill="#222"/></svg>',
      ),
    )
      .flatten()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const crisp: Raster = { data: new Uint8Array(data), width: 80, height: 80, channels: 3 };
    const blurred = await sharp(data, { raw: { width: 80, height: 80, channels: 3 } })
      .blur(2)
      .raw()
      .toBuffer();
    const soft: Raster = { ...crisp, data: new Uint8Array(blurred) };
    expect(measureCrispness(soft)).toBeLessThan(measureCrispness(crisp) * 0.8);
  });
});

/** A plain grey studio: a dark block standing on y = 330, with or without a shadow to its right. */
async function studio(withShadow: boolean): Promise<Uint8Array> {
  const shadow = withShadow
    ? '<ellipse cx="300" cy="332" rx="110" ry="16" fill="#000" opacity="0.45" filter="url(#soft)"/>'
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><filter id="soft"><feGaussianBlur stdDeviation="5"/></filter></defs>
    <rect width="512" height="512" fill="#c8c8c8"/>${shadow}
    <rect x="200" y="170" width="110" height="160" fill="#3a2a5a"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const whiteCube = async () =>
  new Uint8Array(
    await sharp({ create: { width: 100, height: 100, channels: 4, background: '#f0f0f0ff' } })
      .png()
      .toBuffer(),
  );

describe('the contact shadow', () => {
  const side = 200;
  const plainFrame = (level: number): Raster => ({
    data: new Uint8Array(side * side * 3).fill(level),
    width: side,
    height: side,
    channels: 3,
  });
  // A solid product 40 x 60 with a transparent margin of 5 px below it, at (80, 100).
  const product: Raster = {
    data: new Uint8Array(40 * 65 * 4),
    width: 40,
    height: 65,
    channels: 4,
  };
  for (let i = 0; i < 40 * 60; i += 1) product.data.set([90, 60, 40, 255], i * 4);
  const to = { x: 80, y: 100, width: 40, height: 65 };
  /** Lays the contact shadow of `shaped` at `at` on a plain light frame, within all of it. */
  const layOnPlain = (shaped: Raster, at: typeof to) => {
    const frame = plainFrame(240);
    const laid = layContactShadow({
      frame,
      before: frame.data.slice(),
      product: shaped,
      to: at,
      limits: { x: 0, y: 0, width: side, height: side },
    });
    return { frame, laid };
  };
  const grey = (frame: Raster, x: number, y: number) => frame.data[(y * side + x) * 3]!;

  it('darkens the surface right under the product foot, and nothing far from it', () => {
    const { frame, laid } = layOnPlain(product, to);
    expect(laid).toBeGreaterThan(0);
    expect(grey(frame, 100, 161)).toBeLessThan(170);
    expect(grey(frame, 100, 195)).toBe(240);
    expect(grey(frame, 30, 161)).toBe(240);
    expect(grey(frame, 100, 80)).toBe(240);
  });

  it('lays nothing under a product that touches the surface with a tip only', () => {
    // A bar 100 x 40 with a 6 px wide plug hanging 20 px below its right end.
    const plug: Raster = {
      data: new Uint8Array(100 * 60 * 4),
      width: 100,
      height: 60,
      channels: 4,
    };
    const fill = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y += 1) {
        for (let x = x0; x < x0 + w; x += 1) plug.data.set([200, 30, 30, 255], (y * 100 + x) * 4);
      }
    };
    fill(0, 0, 100, 40);
    fill(90, 40, 6, 20);
    const { laid } = layOnPlain(plug, { x: 50, y: 100, width: 100, height: 60 });
    expect(laid).toBe(0);
  });

  /** An RGBA product of the given size, solid where `solid(x, y)` holds. */
  const shape = (width: number, height: number, solid: (x: number, y: number) => boolean) => {
    const raster: Raster = { data: new Uint8Array(width * height * 4), width, height, channels: 4 };
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (solid(x, y)) raster.data.set([60, 80, 120, 255], (y * width + x) * 4);
      }
    }
    return raster;
  };

  it('follows a box seen from above along both of its sloping lower edges', () => {
    // The box's lower outline is a V: 76 rows at its middle column, 61 at its sides.
    const bottomOf = (x: number) => 60 + Math.round(15 * (1 - Math.abs(x - 50) / 50));
    const box = shape(101, 80, (x, y) => y <= bottomOf(x));
    const { frame } = layOnPlain(box, { x: 40, y: 50, width: 101, height: 80 });
    // Under the edge a quarter of the way in: right below it, and not a depth further down.
    expect(grey(frame, 40 + 25, 50 + bottomOf(25) + 1)).toBeLessThan(200);
    expect(grey(frame, 40 + 25, 50 + bottomOf(25) + 20)).toBeGreaterThan(236);
    expect(grey(frame, 40 + 50, 50 + bottomOf(50) + 1)).toBeLessThan(200);
    // And along the edges past where they rise out of the lowest rows, to the box's ends.
    expect(grey(frame, 40 + 95, 50 + bottomOf(95) + 1)).toBeLessThan(200);
    expect(grey(frame, 40 + 5, 50 + bottomOf(5) + 1)).toBeLessThan(200);
  });

  it('lays no line along the sole of a shoe tilted toe-down in the air', () => {
    // A bar 40 px thick whose straight sole rises from its left end, 1 px in 10.
    const soleOf = (x: number) => 70 - Math.round(x / 10);
    const shoe = shape(101, 72, (x, y) => y <= soleOf(x) && y > soleOf(x) - 40);
    const { frame } = layOnPlain(shoe, { x: 40, y: 50, width: 101, height: 72 });
    expect(grey(frame, 40 + 70, 50 + soleOf(70) + 1)).toBeGreaterThan(236);
  });

  it('lays no ears beside the ends of a rounded base, above its lowest row', () => {
    // A mug's body 80 px wide whose base is an arc 8 px deeper in the middle than at its ends.
    const baseOf = (x: number) =>
      60 + Math.round(8 * Math.sqrt(Math.max(0, 1 - ((x - 50) / 40) ** 2)));
    const mug = shape(101, 72, (x, y) => x >= 10 && x <= 90 && y <= baseOf(x));
    const { frame } = layOnPlain(mug, { x: 40, y: 50, width: 101, height: 72 });
    expect(grey(frame, 40 + 50, 50 + baseOf(50) + 1)).toBeLessThan(200);
    // Beside the base's end, at its height: past the shadow's depth (5 px here) nothing.
    expect(grey(frame, 40 + 96, 50 + 61)).toBeGreaterThan(236);
  });

  it('keeps to the bottom of a round base and does not climb its sides', () => {
    const ball = shape(101, 101, (x, y) => (x - 50) ** 2 + (y - 50) ** 2 <= 40 ** 2);
    const { frame } = layOnPlain(ball, { x: 40, y: 50, width: 101, height: 101 });
    expect(grey(frame, 40 + 50, 50 + 91)).toBeLessThan(200);
    // Right under the ball's side, 49 degrees up from its lowest point.
    expect(grey(frame, 40 + 80, 50 + 78)).toBeGreaterThan(236);
  });

  it('rests a body on its base and lays no wedge under a knob that hangs below it at one side', () => {
    // A body 80 x 60 at columns 10-89, and a knob 6 px wide at columns 2-7 reaching 5 rows lower.
    const camera = shape(
      92,
      70,
      (x, y) => (x >= 10 && x < 90 && y < 60) || (x >= 2 && x < 8 && y >= 40 && y < 65),
    );
    const { frame, laid } = layOnPlain(camera, { x: 50, y: 60, width: 92, height: 70 });
    expect(laid).toBeGreaterThan(0);
    expect(grey(frame, 50 + 50, 60 + 61)).toBeLessThan(190);
    // Under the knob the shadow stays on the base's line, not on the knob's tip.
    expect(grey(frame, 50 + 4, 60 + 66)).toBeGreaterThan(236);
  });

  it('lays a shadow under each foot of a product on legs, the back feet higher, none between', () => {
    // A seat 100 x 20 on three legs 8 px wide: the front one ends at row 99, the two at the
    // sides (seen further back) at row 90.
    const legs = [
      { from: 4, bottom: 90 },
      { from: 46, bottom: 99 },
      { from: 88, bottom: 90 },
    ];
    const stool = shape(
      100,
      100,
      (x, y) => y < 20 || legs.some((leg) => x >= leg.from && x < leg.from + 8 && y <= leg.bottom),
    );
    const { frame } = layOnPlain(stool, { x: 50, y: 50, width: 100, height: 100 });
    for (const leg of legs) {
      expect(grey(frame, 50 + leg.from + 4, 50 + leg.bottom + 1)).toBeLessThan(200);
    }
    // Between the feet, on the front foot's line and on the back feet's: the floor as it was.
    expect(grey(frame, 50 + 27, 50 + 100)).toBeGreaterThan(236);
    expect(grey(frame, 50 + 70, 50 + 91)).toBeGreaterThan(236);
  });

  it('lays nothing under two cords hanging below a body, whose ends are no feet', () => {
    // A body 100 x 40 and two cords 2 px thick hanging from it, ending 4 rows apart.
    const cords = shape(
      100,
      100,
      (x, y) => y < 40 || (x >= 20 && x < 22 && y < 96) || (x >= 78 && x < 80 && y < 100),
    );
    const { laid } = layOnPlain(cords, { x: 50, y: 50, width: 100, height: 100 });
    expect(laid).toBe(0);
  });

  it('adds nothing where the template shadow is already as dark, and stays inside the limits', () => {
    const frame = plainFrame(120);
    const before = plainFrame(240).data;
    layContactShadow({
      frame,
      before,
      product,
      to,
      limits: { x: 0, y: 0, width: side, height: side },
    });
    expect(grey(frame, 100, 161)).toBe(120);
    const limited = plainFrame(240);
    layContactShadow({
      frame: limited,
      before: limited.data.slice(),
      product,
      to,
      limits: { x: 0, y: 0, width: side, height: 160 },
    });
    expect(grey(limited, 100, 161)).toBe(240);
  });
});

describe('the template shadow', () => {
  it('darkens the floor beside the new product where the template had a shadow', async () => {
    const meanOfRegion = async (
      png: Uint8Array,
      area: { x: number; y: number; w: number; h: number },
    ) => {
      const raster = await decodeImage(png, { channels: 3 });
      let sum = 0;
      for (let y = area.y; y < area.y + area.h; y += 1) {
        for (let x = area.x; x < area.x + area.w; x += 1)
          sum += raster.data[(y * raster.width + x) * 3]!;
      }
      return sum / (area.w * area.h);
    };
    const results: number[] = [];
    for (const withShadow of [true, false]) {
      const outcome = await composeSwap({
        template: await studio(withShadow),
        product: await whiteCube(),
        productBox: { x: 195, y: 165, width: 120, height: 170 },
        size: '1024x1024',
      });
      const { box } = outcome.placement;
      // The floor just right of the new product's foot, past any generic contact shadow.
      const floor = { x: box.x + box.width + 10, y: box.y + box.height - 6, w: 40, h: 12 };
      results.push(await meanOfRegion(outcome.png, floor));
      expect(box.y + box.height).toBeGreaterThan(
        outcome.productBox.y + outcome.productBox.height - 24,
      );
    }
    const [shadowed, plain] = results as [number, number];
    expect(plain - shadowed).toBeGreaterThan(15);
  });
});
