import { describe, expect, it } from 'vitest';
import {
  computeFrame,
  extendPastEdges,
  renderFrame,
  usableArea,
} from '../src/pipeline/frame-template.js';
import type { Raster } from '../src/pipeline/raster.js';

/** A raster of one colour plus a little noise, optionally with an alpha channel. */
function scene(width: number, height: number, channels: 3 | 4, colour = [90, 120, 150]): Raster {
  const data = new Uint8Array(width * height * channels);
  let state = 7;
  for (let i = 0; i < width * height; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const noise = ((state / 0x7fffffff) * 2 - 1) * 6;
    for (let c = 0; c < 3; c += 1) data[i * channels + c] = Math.round(colour[c]! + noise);
    if (channels === 4) data[i * channels + 3] = 255;
  }
  return { data, width, height, channels };
}

function meanOfColumn(raster: Raster, x: number, channel = 0): number {
  let sum = 0;
  for (let y = 0; y < raster.height; y += 1) {
    sum += raster.data[(y * raster.width + x) * raster.channels + channel]!;
  }
  return sum / raster.height;
}

describe('a template with transparent margins', () => {
  it('takes half-transparent and transparent edge lines as margin, not picture', () => {
    const template = scene(200, 100, 4);
    // The last column half transparent, the first two rows fully transparent.
    for (let y = 0; y < 100; y += 1) template.data[(y * 200 + 199) * 4 + 3] = 128;
    for (let i = 0; i < 2 * 200; i += 1) template.data[i * 4 + 3] = 0;
    expect(usableArea(template)).toEqual({ x: 0, y: 2, width: 199, height: 98 });
    expect(usableArea(scene(200, 100, 4))).toBeNull();
  });

  it('keeps a wide transparent area as picture (a cut-out on a transparent background)', () => {
    const template = scene(200, 100, 4);
    for (let y = 0; y < 100; y += 1) {
      for (let x = 0; x < 60; x += 1) template.data[(y * 200 + x) * 4 + 3] = 0;
    }
    // At most 5% of the width (10 columns) is trimmed, not the 60 transparent ones.
    expect(usableArea(template)!.x).toBe(10);
  });

  it('frames past the margin without a light line where the template was transparent', async () => {
    // A dark picture whose last column is half transparent: flattened on white it is light.
    const withAlpha = scene(300, 200, 4, [40, 40, 40]);
    const rgb = scene(300, 200, 3, [40, 40, 40]);
    for (let y = 0; y < 200; y += 1) {
      withAlpha.data[(y * 300 + 299) * 4 + 3] = 128;
      for (let c = 0; c < 3; c += 1) rgb.data[(y * 300 + 299) * 3 + c] = 148;
    }
    const usable = usableArea(withAlpha);
    // A wide product in a landscape template framed square: the frame reaches past the sides.
    const product = { x: 5, y: 40, width: 290, height: 120 };
    const frame = computeFrame(rgb, product, '1024x1024', [], [], usable);
    expect(frame.crop.x + frame.crop.width).toBeGreaterThan(300);
    const out = await renderFrame(rgb, frame);
    for (let x = 0; x < out.width; x += 1) expect(meanOfColumn(out, x)).toBeLessThan(60);
    const naive = await renderFrame(rgb, computeFrame(rgb, product, '1024x1024'));
    const lightest = Math.max(...Array.from({ length: 1024 }, (_, x) => meanOfColumn(naive, x)));
    expect(lightest).toBeGreaterThan(80);
  });
});

describe('the frame past the template edges', () => {
  it('stays inside the template when the product fits it without its air', () => {
    const frame = computeFrame(
      { width: 1200, height: 1000 },
      { x: 100, y: 20, width: 900, height: 960 },
      '1024x1024',
    );
    expect(frame.crop.y).toBeGreaterThanOrEqual(0);
    expect(frame.crop.y + frame.crop.height).toBeLessThanOrEqual(1000);
    expect(frame.crop.x).toBeGreaterThanOrEqual(0);
  });

  it('continues the edge in tone, without a seam, a band or streaks', () => {
    // Left half of the known picture dark, right half light, top to bottom: vertical stripes of
    // one row would be copied as horizontal streaks by a naive edge stretch.
    const raster = scene(300, 300, 3);
    const known = { x: 0, y: 60, width: 300, height: 180 };
    for (let y = known.y; y < known.y + known.height; y += 1) {
      for (let x = 0; x < 300; x += 1) {
        // One bright row in the picture next to the top edge: stretched, it would be a streak.
        const value = y === known.y ? 250 : x < 150 ? 60 : 180;
        for (let c = 0; c < 3; c += 1) raster.data[(y * 300 + x) * 3 + c] = value;
      }
    }
    extendPastEdges(raster, known);
    const at = (x: number, y: number) => raster.data[(y * 300 + x) * 3]!;
    // No band: far above the edge the tone is the picture's near the edge, side by side.
    expect(Math.abs(at(40, 5) - 60)).toBeLessThan(25);
    expect(Math.abs(at(260, 5) - 180)).toBeLessThan(25);
    // No streak: the one bright edge row is not carried far into the margin.
    expect(at(40, 20)).toBeLessThan(120);
    // No seam: right past the edge, the margin is the edge's own colour.
    expect(Math.abs(at(40, known.y + known.height) - 60)).toBeLessThan(20);
  });
});
