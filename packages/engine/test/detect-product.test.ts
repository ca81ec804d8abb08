import { describe, expect, it } from 'vitest';
import { detectFromSaliency } from '../src/pipeline/detect-product.js';
import type { Raster } from '../src/pipeline/raster.js';
import type { Box } from '../src/types.js';

const SIDE = 200;

/** A saliency map of SIDE x SIDE with the given boxes painted at the given probabilities. */
function saliencyWith(parts: { box: Box; value: number }[]): Raster {
  const data = new Uint8Array(SIDE * SIDE);
  for (const { box, value } of parts) {
    for (let y = box.y; y < box.y + box.height; y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1) data[y * SIDE + x] = value;
    }
  }
  return { data, width: SIDE, height: SIDE, channels: 1 };
}

const template: Raster = {
  data: new Uint8Array(SIDE * SIDE * 3),
  width: SIDE,
  height: SIDE,
  channels: 3,
};
const sure = (x: number, y: number, width: number, height: number) => ({
  box: { x, y, width, height },
  value: 230,
});
const bottom = (box: Box | null) => (box ? box.y + box.height : -1);

describe('product detection from a saliency map', () => {
  it('ends the box at the top of a side table on legs, not wider than what stands on it', () => {
    const objects = [sure(62, 40, 20, 60), sure(96, 70, 40, 30)]; // a lamp and a pot
    const table = [sure(55, 100, 90, 8), sure(58, 108, 6, 88), sure(136, 108, 6, 88)];
    const found = detectFromSaliency(template, saliencyWith([...objects, ...table]));
    expect(found).not.toBeNull();
    expect(bottom(found)).toBeLessThan(106);
    expect(found!.y).toBeLessThan(75);
  });

  it('takes one of two objects standing side by side on a table: the whole one', () => {
    // A lamp whose shade the frame cuts, and a pot beside it, on a side table on legs.
    const lamp = [sure(50, 0, 40, 30), sure(66, 30, 8, 60), sure(58, 90, 24, 10)];
    const pot = sure(100, 65, 30, 35);
    const table = [sure(40, 100, 110, 14), sure(43, 114, 6, 82), sure(141, 114, 6, 82)];
    const found = detectFromSaliency(template, saliencyWith([...lamp, pot, ...table]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(90);
    expect(found!.y).toBeGreaterThan(55);
    expect(bottom(found)).toBeLessThan(106);
  });

  it('prefers a whole object on a table to a larger one the frame cuts', () => {
    const cutByTheFrame = sure(50, 0, 40, 100);
    const pot = sure(100, 60, 40, 40);
    const table = [sure(30, 100, 140, 14), sure(33, 114, 6, 82), sure(161, 114, 6, 82)];
    const found = detectFromSaliency(template, saliencyWith([cutByTheFrame, pot, ...table]));
    expect(found!.x).toBeGreaterThan(90);
  });

  it('takes a compact object, not a band across the whole picture', () => {
    const band = sure(0, 150, 200, 15);
    const object = sure(121, 41, 28, 28);
    const found = detectFromSaliency(template, saliencyWith([band, object]));
    expect(found).not.toBeNull();
    expect(bottom(found)).toBeLessThan(100);
  });

  it('takes an object with a body, not a thin line', () => {
    const line = sure(30, 100, 140, 5);
    const object = sure(145, 30, 25, 25);
    const found = detectFromSaliency(template, saliencyWith([line, object]));
    expect(found!.x).toBeGreaterThan(120);
  });

  it('keeps a product on a table with a small piece beside it whole', () => {
    // A vase and, close by, a leaf fallen from it: one object with a piece.
    const vase = sure(80, 40, 40, 60);
    const leaf = sure(122, 90, 8, 10);
    const table = [sure(40, 100, 110, 8), sure(43, 108, 6, 88), sure(141, 108, 6, 88)];
    const found = detectFromSaliency(template, saliencyWith([vase, leaf, ...table]));
    expect(found!.x + found!.width).toBeGreaterThan(128);
  });

  it('keeps a pot under a plant, which is solid beneath its rim', () => {
    const plant = sure(85, 40, 30, 60);
    const pot = [sure(70, 100, 60, 8), sure(75, 108, 50, 50)];
    const found = detectFromSaliency(template, saliencyWith([plant, ...pot]));
    expect(bottom(found)).toBeGreaterThan(155);
  });

  it('leaves out a thin line that joins the product to something cut by the frame', () => {
    const phone = sure(120, 80, 30, 60);
    // A monitor's lit edge, thicker where it runs off the frame nearer the camera.
    const edge = [sure(40, 105, 80, 3), sure(0, 102, 40, 8)];
    const found = detectFromSaliency(template, saliencyWith([phone, ...edge]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(100);
  });

  it('leaves out a lattice tower joined to the side of the product by thin bars', () => {
    // A rocket on its launch platform, and beside it a tower of thin legs and cross bars,
    // joined to the platform by a bar; the frame cuts both at the bottom.
    const rocket = [sure(90, 30, 14, 130), sure(70, 160, 60, 40)];
    const tower = [sure(150, 40, 3, 160), sure(175, 40, 3, 160), sure(130, 170, 20, 3)];
    for (let y = 50; y < 200; y += 20) tower.push(sure(150, y, 28, 3));
    const found = detectFromSaliency(template, saliencyWith([...rocket, ...tower]));
    expect(found).not.toBeNull();
    expect(found!.x + found!.width).toBeLessThan(140);
    expect(found!.y).toBeLessThan(35);
    expect(bottom(found)).toBeGreaterThan(190);
  });

  it('keeps a thin part reaching out sideways inside the frame', () => {
    // A kettle the frame cuts at the bottom, its thin spout reaching out to the right.
    const kettle = sure(70, 100, 60, 100);
    const spout = sure(130, 120, 50, 3);
    const found = detectFromSaliency(template, saliencyWith([kettle, spout]));
    expect(found!.x + found!.width).toBeGreaterThan(175);
  });

  it('keeps a part held by a thin post inside the frame', () => {
    const body = sure(70, 100, 60, 50);
    const post = sure(98, 60, 3, 40);
    const saddle = sure(88, 52, 24, 8);
    const found = detectFromSaliency(template, saliencyWith([body, post, saddle]));
    expect(found!.y).toBeLessThan(55);
  });

  it("leaves out the flat band the ad's words are set on, with the words", () => {
    // A white desk, a dark tablet reaching into a grey banner across the top with words on it.
    const banded: Raster = { ...template, data: new Uint8Array(SIDE * SIDE * 3).fill(255) };
    const paint = (box: Box, value: number) => {
      for (let y = box.y; y < box.y + box.height; y += 1) {
        for (let x = box.x; x < box.x + box.width; x += 1) {
          banded.data.fill(value, (y * SIDE + x) * 3, (y * SIDE + x) * 3 + 3);
        }
      }
    };
    paint({ x: 0, y: 0, width: SIDE, height: 50 }, 90);
    paint({ x: 70, y: 40, width: 70, height: 120 }, 20);
    const words = [{ x: 10, y: 15, width: 50, height: 14 }];
    paint(words[0]!, 250);
    const map = saliencyWith([sure(0, 0, SIDE, 50), sure(70, 40, 70, 120)]);
    const found = detectFromSaliency(banded, map, { exclude: words });
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(60);
    expect(found!.x + found!.width).toBeLessThan(150);
    expect(found!.y).toBeGreaterThan(30);
  });

  it('keeps what the model is surest of when the shape runs off the frame', () => {
    const tablet = { box: { x: 80, y: 60, width: 70, height: 80 }, value: 252 };
    const desk = { box: { x: 0, y: 110, width: 80, height: 30 }, value: 150 };
    const found = detectFromSaliency(template, saliencyWith([tablet, desk]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(70);
  });

  it('keeps a product the frame cuts whole', () => {
    const sofa = { box: { x: 0, y: 80, width: 150, height: 60 }, value: 252 };
    const found = detectFromSaliency(template, saliencyWith([sofa]));
    expect(found!.x).toBe(0);
    expect(found!.x + found!.width).toBeGreaterThan(145);
  });

  it('does not join parts along a thin faint strand', () => {
    const glasses = { box: { x: 60, y: 40, width: 80, height: 30 }, value: 250 };
    const nose = { box: { x: 98, y: 70, width: 6, height: 40 }, value: 80 };
    const lips = { box: { x: 85, y: 110, width: 30, height: 15 }, value: 200 };
    const found = detectFromSaliency(template, saliencyWith([glasses, nose, lips]));
    expect(found).not.toBeNull();
    expect(bottom(found)).toBeLessThan(100);
  });

  it('joins sure parts across a broad faint body', () => {
    const wheels = [sure(40, 120, 20, 20), sure(140, 120, 20, 20)];
    const body = { box: { x: 40, y: 90, width: 120, height: 30 }, value: 80 };
    const found = detectFromSaliency(template, saliencyWith([...wheels, body]));
    expect(found!.x).toBeLessThan(45);
    expect(found!.x + found!.width).toBeGreaterThan(155);
  });
  it('leaves out a pencil lying beside the product, a line longer than the product', () => {
    const lid = sure(120, 60, 40, 40);
    // Diagonal, its tip a few pixels from the lid.
    const pencil = Array.from({ length: 90 }, (_, step) => sure(25 + step, 20 + step, 4, 4));
    const found = detectFromSaliency(template, saliencyWith([lid, ...pencil]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(100);
  });
  it('joins two equally sure parts far apart that lie in one faint body', () => {
    // A pale car drawn on a pale backdrop: sure wheels, a body the model barely sees, and a dark
    // rim that parts one wheel from the body.
    const body = { box: { x: 25, y: 90, width: 150, height: 50 }, value: 15 };
    const rim = { box: { x: 142, y: 117, width: 26, height: 23 }, value: 0 };
    const wheels = [sure(35, 120, 20, 20), sure(145, 120, 20, 20)];
    const found = detectFromSaliency(template, saliencyWith([body, rim, ...wheels]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeLessThan(30);
    expect(found!.x + found!.width).toBeGreaterThan(170);
    expect(found!.y).toBeLessThan(95);
  });
  it('takes a whole subject seen faintly near the middle, not a sure part in a corner', () => {
    const cornerPart = sure(0, 160, 40, 40);
    const subject = { box: { x: 80, y: 60, width: 45, height: 45 }, value: 30 };
    const found = detectFromSaliency(template, saliencyWith([cornerPart, subject]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(70);
    expect(bottom(found)).toBeLessThan(115);
  });

  it('keeps a sure part the frame cuts below the middle over a faint one', () => {
    const product = sure(90, 150, 40, 50);
    const faint = { box: { x: 80, y: 40, width: 45, height: 45 }, value: 30 };
    const found = detectFromSaliency(template, saliencyWith([product, faint]));
    expect(found).not.toBeNull();
    expect(found!.y).toBeGreaterThan(140);
  });
});

describe('one piece of a group of furniture', () => {
  const half = (x: number, y: number, width: number, height: number) => ({
    box: { x, y, width, height },
    value: 180,
  });
  const certain = (x: number, y: number, width: number, height: number) => ({
    box: { x, y, width, height },
    value: 250,
  });

  it('takes the armchair of a room, not the sideboard, mirror and pouf it is seen with', () => {
    // A sideboard the model half believes joins the round mirror above it, the armchair before it
    // and a pouf beside that into one shape; the model is certain of the three pieces.
    const sideboard = half(40, 80, 120, 50);
    const mirror = certain(80, 40, 30, 40);
    const armchair = certain(100, 110, 50, 50);
    const pouf = certain(60, 125, 25, 25);
    const found = detectFromSaliency(template, saliencyWith([sideboard, mirror, armchair, pouf]));
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThan(90);
    expect(found!.y).toBeGreaterThan(100);
    expect(found!.width).toBeLessThan(70);
  });

  it('keeps a potted plant whole: its sure pieces are its pot and thin leaves', () => {
    const map = saliencyWith([half(50, 40, 100, 78), certain(80, 120, 40, 30)]);
    // Two long leaves, 12 pixels thick, rising from the pot to either side.
    for (let t = 0; t <= 1; t += 0.002) {
      for (const [x0, x1] of [
        [88, 45],
        [112, 155],
      ]) {
        const x = Math.round(x0! + (x1! - x0!) * t);
        const y = Math.round(118 - 85 * t);
        for (let dx = -6; dx < 6; dx += 1) map.data[y * SIDE + x + dx] = 250;
      }
    }
    const found = detectFromSaliency(template, map);
    expect(found).not.toBeNull();
    expect(found!.y).toBeLessThan(45);
    expect(found!.width).toBeGreaterThan(100);
  });

  it('keeps a range of products whole: pieces alike in size on one line', () => {
    // Three jars of one brand side by side, joined by the shadows between them.
    const shadows = half(40, 90, 120, 50);
    const jars = [certain(40, 80, 34, 60), certain(83, 80, 34, 60), certain(126, 80, 34, 60)];
    const found = detectFromSaliency(template, saliencyWith([shadows, ...jars]));
    expect(found).not.toBeNull();
    expect(found!.width).toBeGreaterThan(110);
  });

  it('keeps a glass bottle whole: the model is sure only of its cap and its label', () => {
    const glass = half(80, 40, 40, 120);
    const cap = certain(86, 28, 28, 22);
    const label = certain(80, 85, 40, 40);
    const found = detectFromSaliency(template, saliencyWith([glass, cap, label]));
    expect(found).not.toBeNull();
    expect(found!.height).toBeGreaterThan(110);
  });

  it('keeps a keyboard whole: its sure keys are many small pieces', () => {
    const body = half(30, 80, 140, 60);
    const keys = Array.from({ length: 12 }, (_, k) =>
      certain(38 + (k % 6) * 22, 90 + Math.floor(k / 6) * 22, 8, 8),
    );
    const found = detectFromSaliency(template, saliencyWith([body, ...keys]));
    expect(found).not.toBeNull();
    expect(found!.width).toBeGreaterThan(130);
  });
});
