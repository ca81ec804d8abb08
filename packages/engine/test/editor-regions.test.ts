import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngine, type Box } from '../src/index.js';
import { wordsOfRecordedText } from '../src/analyze-template.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import type { Raster } from '../src/pipeline/raster.js';
import { findPhrase } from '../src/text/replace-words.js';
import { keepTheAd, prepareSwapInputs } from '../src/providers/ai-inputs.js';
import { readFixture } from '../src/quality/fixture-cases.js';

afterAll(() => closeEngine());

/** What the editor sends: the regions a person drew, the words recorded with a template. */

const SIDE = 1024;
const GREY = [200, 205, 210];
const RED = [190, 20, 30];

const inside = (box: Box, x: number, y: number) =>
  x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

function raster(color: (x: number, y: number) => number[]): Raster {
  const data = new Uint8Array(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) data.set(color(x, y), (y * SIDE + x) * 3);
  }
  return { data, width: SIDE, height: SIDE, channels: 3 };
}

async function png(image: Raster): Promise<Uint8Array> {
  const bytes = await sharp(image.data, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

async function pixels(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(bytes).removeAlpha().raw().toBuffer());
}

describe('a Remove region the person painted', () => {
  // One long red object on a striped wall; the person paints over its left end only.
  const object: Box = { x: 300, y: 300, width: 220, height: 100 };
  const painted: Box = { x: 296, y: 296, width: 108, height: 108 };
  const wall = (_x: number, y: number) => ((y >> 2) % 2 ? GREY : [170, 175, 180]);
  const place = { box: { x: 650, y: 650, width: 250, height: 250 }, rotation: 0 };

  async function swap() {
    const template = raster((x, y) => (inside(object, x, y) ? RED : wall(x, y)));
    const mask = raster((x, y) => (inside(painted, x, y) ? [255, 255, 255] : [0, 0, 0]));
    const outcome = await composeSwap({
      template: await png(template),
      product: readFixture('products/solidus_hat.png'),
      productMask: { png: await png(mask), painted: true },
      placement: place,
      size: '1024x1024',
    });
    expect(outcome.frame.crop).toEqual({ x: 0, y: 0, width: SIDE, height: SIDE });
    return { before: template.data, after: await pixels(outcome.png) };
  }

  it('erases exactly the painted pixels: the rest of the object and the wall stay as they were', async () => {
    const { before, after } = await swap();
    let erased = 0;
    let changedOutside = 0;
    const samples: number[][] = [];
    // The placed product and its shadow stay inside the place box grown by a margin.
    const placeArea: Box = { x: 560, y: 560, width: 464, height: 464 };
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        const at = (y * SIDE + x) * 3;
        if (inside(painted, x, y)) {
          if (inside(object, x, y) && after[at + 1]! > 100) erased += 1;
        } else if (!inside(placeArea, x, y)) {
          if (after[at] !== before[at] || after[at + 1] !== before[at + 1]) {
            changedOutside += 1;
            if (changedOutside < 5) samples.push([x, y, before[at]!, after[at]!]);
          }
        }
      }
    }
    // The fill continues what is around, the rest of the object too: most of it is wall again.
    expect(erased).toBeGreaterThan(100 * 100 * 0.6);
    expect(samples).toEqual([]);
    expect(changedOutside).toBe(0);
  });
});

describe('a painted Remove region on the AI providers', () => {
  it("opens exactly the painted pixels to the model; every other pixel stays the template's", async () => {
    const painted: Box = { x: 300, y: 320, width: 180, height: 140 };
    const template = raster((x, y) => (inside(painted, x, y) ? RED : GREY));
    const mask = raster((x, y) => (inside(painted, x, y) ? [255, 255, 255] : [0, 0, 0]));
    const inputs = await prepareSwapInputs({
      template: await png(template),
      product: readFixture('products/solidus_hat.png'),
      productMask: { png: await png(mask), painted: true },
      productBox: painted,
      size: '1024x1024',
    });
    const alpha = await sharp(inputs.mask).extractChannel(3).raw().toBuffer();
    let open = 0;
    let openOutside = 0;
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        if (alpha[y * SIDE + x] !== 0) continue;
        if (inside(painted, x, y)) open += 1;
        else openOutside += 1;
      }
    }
    expect([open, openOutside]).toEqual([painted.width * painted.height, 0]);

    // Whatever the model answers, only the painted pixels take it.
    const blue = await sharp({
      create: { width: SIDE, height: SIDE, channels: 3, background: '#1030d0' },
    })
      .png()
      .toBuffer();
    const kept = await pixels(await keepTheAd(new Uint8Array(blue), inputs, '1024x1024'));
    const framed = await pixels(inputs.template);
    let wrong = 0;
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        const at = (y * SIDE + x) * 3;
        const expected = inside(painted, x, y)
          ? [0x10, 0x30, 0xd0]
          : [...framed.subarray(at, at + 3)];
        if (expected.some((value, c) => kept[at + c] !== value)) wrong += 1;
      }
    }
    expect(wrong).toBe(0);
  });
});

describe("the ad's words and the two regions", () => {
  const oldProduct: Box = { x: 100, y: 100, width: 200, height: 200 };
  const word: Box = { x: 620, y: 640, width: 160, height: 40 };
  const place = { box: { x: 560, y: 480, width: 300, height: 300 }, rotation: 0 };

  async function swap(includeText: boolean) {
    const template = raster((x, y) =>
      inside(oldProduct, x, y)
        ? RED
        : inside(word, x, y) && (x >> 3) % 2 === 0
          ? [20, 20, 20]
          : GREY,
    );
    const outcome = await composeSwap({
      template: await png(template),
      product: readFixture('products/solidus_hat.png'),
      productBox: oldProduct,
      placement: place,
      recordedText: [{ text: 'SALE', box: word }],
      includeText,
      size: '1024x1024',
    });
    const after = await pixels(outcome.png);
    let changed = 0;
    for (let y = word.y; y < word.y + word.height; y += 1) {
      for (let x = word.x; x < word.x + word.width; x += 1) {
        const at = (y * SIDE + x) * 3;
        if (after[at] !== template.data[at]) changed += 1;
      }
    }
    return changed;
  }

  it('keeps the words in front of the new product unless the person includes them', async () => {
    expect(await swap(false)).toBe(0);
    expect(await swap(true)).toBeGreaterThan(word.width * word.height * 0.2);
  });
});

describe('words recorded with a template', () => {
  const headline: Box = { x: 55, y: 56, width: 341, height: 55 };

  it('become one line of words inside the phrase box, found by a replacement', () => {
    const template = raster(() => GREY);
    const words = wordsOfRecordedText(
      [
        { text: 'Paint Bold', box: headline },
        { text: '$12.99', box: { x: 53, y: 165, width: 143, height: 42 } },
      ],
      template,
    );
    expect(words.map((word) => word.text)).toEqual(['Paint', 'Bold', '$12.99']);
    const [paint, bold] = words;
    expect(paint!.line).toBe(bold!.line);
    expect(paint!.box.x).toBe(headline.x);
    expect(bold!.box.x).toBeGreaterThan(paint!.box.x + paint!.box.width);
    expect(bold!.box.x + bold!.box.width).toBeLessThanOrEqual(headline.x + headline.width + 1);
    expect(findPhrase(words, 'bold')).toEqual([bold]);
  });

  it('let a swap replace a word without reading the image', async () => {
    const template = raster((x, y) =>
      inside(headline, x, y) && (x >> 3) % 2 === 0 ? [20, 20, 20] : GREY,
    );
    const outcome = await composeSwap({
      template: await png(template),
      product: readFixture('products/solidus_hat.png'),
      productBox: { x: 400, y: 400, width: 300, height: 300 },
      recordedText: [{ text: 'Paint Bold', box: headline }],
      replacements: [{ toReplace: 'Bold', replacement: 'Calm' }],
      size: '1024x1024',
    });
    expect(outcome.wordChanges).toHaveLength(1);
    expect(outcome.wordChanges[0]!.skipped).toBeUndefined();
    expect(outcome.wordChanges[0]!.area).not.toBeNull();
  });
});
