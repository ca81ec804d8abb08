import { describe, expect, it } from 'vitest';
import { fillHole } from '../src/pipeline/fill-region.js';
import { countGuideLines } from '../src/pipeline/patch-fill.js';
import { findSurfaceBoundary } from '../src/pipeline/surface-boundary.js';
import { findSupportEdge } from '../src/pipeline/support-edge.js';
import {
  closeOnFrameEdges,
  findRemovalHole,
  removeProduct,
} from '../src/pipeline/remove-product.js';
import { decodeImage, type Raster } from '../src/pipeline/raster.js';
import { readFixture } from '../src/quality/fixture-cases.js';

type Box = { x: number; y: number; width: number; height: number };

function makeRaster(width: number, height: number, color: (x: number, y: number) => number[]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(color(x, y), (y * width + x) * 3);
  }
  return { data, width, height, channels: 3 } satisfies Raster;
}

function maskOf(width: number, height: number, inside: (x: number, y: number) => boolean) {
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) mask[y * width + x] = inside(x, y) ? 1 : 0;
  }
  return mask;
}

const inBox = (box: Box) => (x: number, y: number) =>
  x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

/** Share of the pixels `inside` (a shape on an image `width` wide) that the hole takes. */
function shareTaken(hole: Uint8Array, width: number, inside: (x: number, y: number) => boolean) {
  let all = 0;
  let taken = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!inside(i % width, Math.floor(i / width))) continue;
    all += 1;
    taken += hole[i]!;
  }
  return taken / all;
}

/** Deterministic value noise in [0, 1): the grain of a synthetic wood. */
function noise(x: number, y: number): number {
  const n = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return n - Math.floor(n);
}

const luminance = (raster: Raster, x: number, y: number) => {
  const i = (y * raster.width + x) * 3;
  return 0.299 * raster.data[i]! + 0.587 * raster.data[i + 1]! + 0.114 * raster.data[i + 2]!;
};

/** Share of the hole's pixels within `tolerance` (summed over channels) of a palette colour. */
function shareNearPalette(image: Raster, hole: Uint8Array, palette: number[][], tolerance: number) {
  let count = 0;
  let near = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i]) continue;
    count += 1;
    const pixel = image.data.subarray(i * 3, i * 3 + 3);
    const distance = Math.min(
      ...palette.map((c) => c.reduce((sum, v, k) => sum + Math.abs(v - pixel[k]!), 0)),
    );
    if (distance < tolerance) near += 1;
  }
  return near / count;
}

/** Paints the hole with a loud "old product" so that a pixel left unfilled or copied shows. */
function paintObject(raster: Raster, hole: Uint8Array): void {
  for (let i = 0; i < hole.length; i += 1) if (hole[i]) raster.data.set([250, 0, 20], i * 3);
}

describe('filling the hole of a removed product', () => {
  it('continues plank seams through the hole on a textured floor', async () => {
    const plank = 36;
    // Vertical planks of slightly different tones with grain streaks and a dark 3 px seam.
    const floor = (x: number, y: number) => {
      const index = Math.floor(x / plank);
      const within = x % plank;
      if (within < 3) return [60, 42, 30];
      const tone = 150 + ((index * 37) % 40);
      const grain = 18 * noise(x, Math.floor(y / 9)) + 6 * noise(x * 3, y);
      return [tone + grain, tone * 0.75 + grain, tone * 0.5 + grain * 0.6];
    };
    const image = makeRaster(420, 360, floor);
    const holeBox = { x: 120, y: 100, width: 170, height: 150 };
    const hole = maskOf(420, 360, inBox(holeBox));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('patches');
    // Each seam inside the hole is still a dark line where it should be: for every hole row,
    // the darkest pixel within 2 px of the seam is seam-dark.
    const seams: number[] = [];
    for (let x = 0; x < 420; x += plank) {
      if (x >= holeBox.x + 4 && x < holeBox.x + holeBox.width - 4) seams.push(x + 1);
    }
    expect(seams.length).toBeGreaterThanOrEqual(4);
    let continued = 0;
    let rows = 0;
    for (const seam of seams) {
      for (let y = holeBox.y; y < holeBox.y + holeBox.height; y += 1) {
        let darkest = 255;
        for (let dx = -2; dx <= 2; dx += 1)
          darkest = Math.min(darkest, luminance(image, seam + dx, y));
        rows += 1;
        if (darkest < 80) continued += 1;
      }
    }
    expect(continued / rows).toBeGreaterThan(0.9);
    // And no seam appears where there is none: plank middles stay light.
    let falseSeams = 0;
    for (const seam of seams) {
      for (let y = holeBox.y; y < holeBox.y + holeBox.height; y += 1) {
        if (luminance(image, seam + plank / 2, y) < 80) falseSeams += 1;
      }
    }
    expect(falseSeams / rows).toBeLessThan(0.05);
  });

  it('carries a slanted wall-floor edge straight through the hole', async () => {
    // Above the line: a fine-grained pale wall; below: a coarser dark floor.
    const edge = (x: number) => 150 + (x - 200) * 0.35;
    const scene = (x: number, y: number) =>
      y < edge(x)
        ? [200 + 14 * noise(x, y), 195 + 14 * noise(x, y), 185 + 14 * noise(x, y)]
        : [90 + 30 * noise(Math.floor(x / 3), Math.floor(y / 3)), 70, 50];
    const image = makeRaster(400, 300, scene);
    const holeBox = { x: 140, y: 90, width: 120, height: 130 };
    const hole = maskOf(400, 300, inBox(holeBox));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('patches');
    // Pixels clearly on one side of the line inside the hole take that side's look.
    let right = 0;
    let total = 0;
    for (let y = holeBox.y; y < holeBox.y + holeBox.height; y += 1) {
      for (let x = holeBox.x; x < holeBox.x + holeBox.width; x += 1) {
        const distance = y - edge(x);
        if (Math.abs(distance) < 6) continue;
        const isWall = luminance(image, x, y) > 150;
        total += 1;
        if (isWall === distance < 0) right += 1;
      }
    }
    expect(right / total).toBeGreaterThan(0.95);
  });

  it("keeps a support's top edge straight and sharp where the hole crosses it", async () => {
    // A plain pale wall over a woven dark runner (rows 260 to 330, a darker lip on top) that
    // ends at x = 520, under the object: past its end the wall goes on down to a light desk.
    const edgeRow = 260;
    const runnerEnd = 520;
    const scene = (x: number, y: number) => {
      if (y < edgeRow || (x >= runnerEnd && y < 300)) return [226, 225, 222];
      if (y >= 330 || x >= runnerEnd) return [214, 190, 160];
      const thread = noise(Math.floor(x / 4), Math.floor(y / 3));
      const tone = (y < edgeRow + 4 ? 30 : 55) + 60 * thread + 15 * noise(x, y);
      return [tone * 0.8, tone * 0.85, tone * 1.3];
    };
    const image = makeRaster(720, 480, scene);
    // An object standing on the runner's end: the hole runs from the wall down into the runner.
    const hole = maskOf(720, 480, (x, y) => x >= 200 && x < 540 && y >= 60 && y < 300);
    paintObject(image, hole);
    await fillHole(image, hole);
    let columns = 0;
    let straight = 0;
    let lightBelow = 0;
    let below = 0;
    for (let x = 200; x < runnerEnd - 4; x += 1) {
      // The edge is where the column turns from the wall's light to the runner's dark.
      let row = -1;
      for (let y = edgeRow - 20; y < edgeRow + 20; y += 1) {
        if (luminance(image, x, y) < 170) {
          row = y;
          break;
        }
      }
      columns += 1;
      // Straight: at the true row to the pixel, with the wall's light right above it (sharp).
      if (row === edgeRow && luminance(image, x, edgeRow - 1) > 200) straight += 1;
      // No wall copied into the runner's top rows (a ragged, smeared edge).
      for (let y = edgeRow; y < edgeRow + 12; y += 1) {
        below += 1;
        if (luminance(image, x, y) > 185) lightBelow += 1;
      }
    }
    expect(straight / columns).toBeGreaterThan(0.95);
    expect(lightBelow / below).toBeLessThan(0.01);
  });

  it('keeps a plain backdrop plain above a textured heap the hole stood on', async () => {
    // A white backdrop above, a heap of coarse dark-and-light pieces below the line y = 200.
    const heapTop = 200;
    const scene = (x: number, y: number) => {
      if (y < heapTop) return [246, 245, 243];
      const piece = noise(Math.floor(x / 6), Math.floor(y / 6));
      const tone = 60 + 120 * piece + 20 * noise(x, y);
      return [tone, tone * 0.6, tone * 0.35];
    };
    const image = makeRaster(420, 360, scene);
    // A round object sitting on the heap: most of it stood against the backdrop.
    const hole = maskOf(420, 360, (x, y) => Math.hypot(x - 210, y - 175) < 95);
    paintObject(image, hole);
    await fillHole(image, hole);
    let backdrop = 0;
    let backdropWhite = 0;
    let heap = 0;
    let heapDark = 0;
    for (let y = 0; y < 360; y += 1) {
      for (let x = 0; x < 420; x += 1) {
        if (!hole[y * 420 + x]) continue;
        const value = luminance(image, x, y);
        if (y < heapTop - 12) {
          backdrop += 1;
          if (value > 235) backdropWhite += 1;
        } else if (y > heapTop + 12) {
          heap += 1;
          if (value < 200) heapDark += 1;
        }
      }
    }
    // No wall of heap copied up into the backdrop, no haze of its colour, and the heap goes on.
    expect(backdropWhite / backdrop).toBeGreaterThan(0.98);
    expect(heapDark / heap).toBeGreaterThan(0.8);
  });

  it('carries the line between two textured surfaces (wet and dry sand) through the hole', async () => {
    // Wet sand above a slightly tilted, wavy shore line, a little lighter and grainier dry sand
    // below it (no straight sharp edge for the structure guide's lines to find).
    const shore = (x: number) => 175 - (x - 210) * 0.2 + 4 * Math.sin(x / 9);
    const scene = (x: number, y: number) => {
      const wet = 140 + 14 * noise(Math.floor(x / 5), Math.floor(y / 3)) + 6 * noise(x, y);
      const dry = 160 + 26 * noise(x, y);
      const t = Math.max(0, Math.min(1, (y - shore(x) + 2) / 4));
      const tone = wet * (1 - t) + dry * t;
      return [tone * 1.08, tone * 0.9, tone * 0.7];
    };
    const image = makeRaster(420, 360, scene);
    // A wide object lying across the shore.
    const hole = maskOf(420, 360, (x, y) => ((x - 210) / 130) ** 2 + ((y - 175) / 65) ** 2 < 1);
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('patches');
    let wet = 0;
    let wetDark = 0;
    let dry = 0;
    let dryLight = 0;
    for (let y = 0; y < 360; y += 1) {
      for (let x = 0; x < 420; x += 1) {
        if (!hole[y * 420 + x]) continue;
        // The mean over a few pixels: the grain of dry sand reaches down to the wet sand's tone.
        let sum = 0;
        for (let d = -2; d <= 2; d += 1) sum += luminance(image, x + d, y);
        const value = sum / 5;
        if (y < shore(x) - 12) {
          wet += 1;
          if (value < 149) wetDark += 1;
        } else if (y > shore(x) + 12) {
          dry += 1;
          if (value > 149) dryLight += 1;
        }
      }
    }
    // Each side of the shore goes on with its own sand: the wet sand does not spread over the dry.
    expect(wetDark / wet).toBeGreaterThan(0.95);
    expect(dryLight / dry).toBeGreaterThan(0.95);
  });

  it('fills a hole among flat things of unlike colours with their colours, not a blend', async () => {
    // Squares of four unlike flat colours (toys, fruit): no grain, but a smooth fill would mix
    // them into one blurred blob.
    const palette = [
      [220, 120, 40],
      [60, 70, 160],
      [40, 40, 50],
      [190, 160, 110],
    ];
    const colourAt = (x: number, y: number) =>
      palette[(Math.floor(x / 48) * 3 + Math.floor(y / 48) * 5 + ((x / 48) & (y / 48) & 1)) % 4]!;
    const image = makeRaster(360, 300, colourAt);
    const hole = maskOf(360, 300, (x, y) => Math.hypot(x - 180, y - 150) < 70);
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('patches');
    expect(shareNearPalette(image, hole, palette, 40)).toBeGreaterThan(0.85);
  });

  it('draws no guide lines through a printed cloth, and still draws plank seams', async () => {
    // A busy print lines its motifs up into straight segments by chance: taken for structure
    // crossing the hole, they pulled patches from wherever the same distance to some line was
    // found, and a large hole in the print came out in flat blotches.
    const photo = await decodeImage(readFixture('unseen/opencv-aloe.jpg'), { channels: 3 });
    const side = 900;
    const cloth = makeRaster(side, side, (x, y) => {
      const i = (y * photo.width + x) * 3;
      return [...photo.data.subarray(i, i + 3)];
    });
    const hole = maskOf(side, side, (x, y) => Math.hypot((x - 520) / 330, (y - 470) / 400) < 1);
    expect(await countGuideLines(cloth, hole)).toBe(0);
    const planks = makeRaster(300, 300, (x, y) => {
      const seam = y % 50 < 3 ? -70 : 0;
      const grain = noise(x, y) * 10;
      return [150 + seam + grain, 105 + seam + grain, 70 + seam];
    });
    const plankHole = maskOf(300, 300, inBox({ x: 100, y: 80, width: 100, height: 140 }));
    expect(await countGuideLines(planks, plankHole)).toBeGreaterThan(0);
  });

  it('fills a hole over half the picture in a printed cloth with copies of the print', async () => {
    // A print's motif (47 x 39 pixels: a ring round a dot) round a hole of more than half the
    // frame (an aloe's leaves spread over a patterned backdrop). The model, working at 512, made
    // it a mottled wash; copied, the print goes on.
    const motif = (x: number, y: number) => {
      const u = (x % 47) - 23;
      const v = (y % 39) - 19;
      const r = Math.hypot(u, v * 1.2);
      if (r < 5) return [200, 70, 60];
      if (r > 13 && r < 18) return [70, 140, 100];
      return [225, 215, 170];
    };
    const side = 1024;
    const print = makeRaster(side, side, motif);
    const hole = maskOf(side, side, (x, y) => Math.hypot((x - 512) / 480, (y - 512) / 385) < 1);
    paintObject(print, hole);
    expect(await fillHole(print, hole, { model: true })).toBe('patches');
    // Each pixel should be one of the print's three colours: a wash is none of them.
    const colours = [
      [200, 70, 60],
      [70, 140, 100],
      [225, 215, 170],
    ];
    expect(1 - shareNearPalette(print, hole, colours, 46)).toBeLessThan(0.1);
  });

  it('fills a flat background exactly flat', async () => {
    const image = makeRaster(300, 260, () => [212, 190, 160]);
    const hole = maskOf(300, 260, (x, y) => Math.hypot(x - 150, y - 130) < 70);
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    for (let i = 0; i < hole.length; i += 1) {
      if (!hole[i]) continue;
      expect([...image.data.subarray(i * 3, i * 3 + 3)]).toEqual([212, 190, 160]);
    }
  });

  it('keeps a gradient a gradient', async () => {
    const gradient = (x: number, y: number) => [40 + x / 2, 90 + y / 3, 200 - x / 4];
    const truth = makeRaster(320, 260, gradient);
    const image = makeRaster(320, 260, gradient);
    const hole = maskOf(320, 260, inBox({ x: 100, y: 70, width: 120, height: 120 }));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    let worst = 0;
    for (let i = 0; i < image.data.length; i += 1) {
      worst = Math.max(worst, Math.abs(image.data[i]! - truth.data[i]!));
    }
    expect(worst).toBeLessThanOrEqual(8);
  });

  it('never paints nor copies protected pixels, and copies nothing of the old product', async () => {
    const wood = (x: number, y: number) => {
      const grain = 40 * noise(Math.floor(x / 2), Math.floor(y / 7));
      return [120 + grain, 90 + grain, 60 + grain * 0.5];
    };
    const word = { x: 150, y: 60, width: 120, height: 30 };
    const image = makeRaster(400, 320, (x, y) =>
      inBox(word)(x, y) && (x + y) % 5 < 2 ? [255, 255, 255] : wood(x, y),
    );
    const holeBox = { x: 120, y: 70, width: 170, height: 170 };
    const hole = maskOf(400, 320, inBox(holeBox));
    paintObject(image, hole);
    // The product's anti-aliased rim, just outside the hole: half red.
    for (let y = holeBox.y - 1; y <= holeBox.y + holeBox.height; y += 1) {
      for (const x of [holeBox.x - 1, holeBox.x + holeBox.width]) {
        image.data.set([185, 45, 40], (y * 400 + x) * 3);
      }
    }
    const protect = maskOf(400, 320, inBox(word));
    const before = image.data.slice();
    expect(await fillHole(image, hole, { protect, exclude: protect })).toBe('patches');
    for (let i = 0; i < protect.length; i += 1) {
      if (!protect[i]) continue;
      for (let c = 0; c < 3; c += 1) expect(image.data[i * 3 + c]).toBe(before[i * 3 + c]);
    }
    let copied = 0;
    for (let i = 0; i < hole.length; i += 1) {
      if (!hole[i] || protect[i]) continue;
      const [r, g, b] = image.data.subarray(i * 3, i * 3 + 3);
      if (r! > 240 && g! > 240 && b! > 240) copied += 1; // a word's ink
      if (r! > 160 && g! < 60) copied += 1; // the old product or its rim
    }
    expect(copied).toBe(0);
  });

  it('fills every pixel of the hole when part of it will be covered (keepOut)', async () => {
    const wood = (x: number, y: number) => {
      const grain = 40 * noise(Math.floor(x / 2), Math.floor(y / 7));
      return [120 + grain, 90 + grain, 60 + grain * 0.5];
    };
    const image = makeRaster(360, 300, wood);
    const holeBox = { x: 100, y: 80, width: 160, height: 150 };
    const hole = maskOf(360, 300, inBox(holeBox));
    const keepOut = maskOf(360, 300, inBox({ x: 120, y: 100, width: 120, height: 110 }));
    paintObject(image, hole);
    expect(await fillHole(image, hole, { keepOut })).toBe('patches');
    for (let i = 0; i < hole.length; i += 1) {
      if (!hole[i]) continue;
      const [r, g] = image.data.subarray(i * 3, i * 3 + 2);
      expect(r! > 200 && g! < 40).toBe(false);
    }
  });
});

describe('finding all of the old product', () => {
  it("takes the old product's whole soft shadow on a plain background, past the allowed area", async () => {
    const paperTone = (y: number) => [236 - y / 40, 232 - y / 40, 226 - y / 40];
    const mouse = { x: 220, y: 260, width: 160, height: 70 };
    // A soft shadow around the mouse, reaching 30% of the box past it on every side.
    const shade = (x: number, y: number) => {
      const dx = (x - 300) / (mouse.width * 0.8);
      const dy = (y - 300) / (mouse.height * 1.1);
      const d = Math.hypot(dx, dy);
      return d >= 1 ? 1 : 0.72 + 0.28 * d * d;
    };
    const image = makeRaster(600, 600, (x, y) =>
      inBox(mouse)(x, y) ? [70, 68, 72] : paperTone(y).map((v) => v * shade(x, y)),
    );
    await removeProduct(image, mouse, maskOf(600, 600, inBox(mouse)));
    // Beyond the box grown by 5%, where the shadow still darkened the paper.
    let worst = 0;
    for (const [x, y] of [
      [200, 300],
      [400, 300],
      [300, 245],
      [300, 342],
      [205, 285],
    ] as const) {
      expect(shade(x, y)).toBeLessThan(0.97);
      worst = Math.max(worst, Math.abs(luminance(image, x, y) - paperTone(y)[1]!));
    }
    // The shadow darkened the paper there by 25 levels or more; a few are left of the estimate.
    expect(worst).toBeLessThanOrEqual(8);
  });

  const paper = (_x: number, y: number) => [236 - y / 40, 232 - y / 40, 226 - y / 40];
  const body = { x: 260, y: 200, width: 120, height: 300 };
  // The cap sits above the box the detection gave, past the shadow allowance.
  const cap = { x: 290, y: 150, width: 60, height: 50 };
  // A shelf edge touching the bottle's side and running across the whole frame.
  const shelf = { x: 0, y: 420, width: 600, height: 6 };

  it('removes a cap the product box cut off, and leaves the scene beyond alone', async () => {
    const image = makeRaster(600, 600, (x, y) => {
      if (inBox(body)(x, y)) return [40, 70, 45];
      if (inBox(cap)(x, y)) return [200, 150, 40];
      if (inBox(shelf)(x, y)) return [90, 80, 70];
      return paper(x, y);
    });
    const truth = makeRaster(600, 600, (x, y) => (inBox(shelf)(x, y) ? [90, 80, 70] : paper(x, y)));
    const recorded = maskOf(600, 600, inBox(body));
    await removeProduct(image, body, recorded);
    let worst = 0;
    for (let y = cap.y - 4; y < cap.y + cap.height; y += 1) {
      for (let x = cap.x - 4; x < cap.x + cap.width + 4; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          const i = (y * 600 + x) * 3 + c;
          worst = Math.max(worst, Math.abs(image.data[i]! - truth.data[i]!));
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(12);
    // The shelf goes on beyond the reach: outside the allowed area it is untouched.
    const allowed = { x: 254, y: 185, width: 132, height: 330 };
    for (let x = 0; x < 600; x += 1) {
      if (inBox(allowed)(x, 422)) continue;
      expect(luminance(image, x, 422)).toBeLessThan(100);
    }
  });

  it("takes a part of the object's colour the model's map runs into the scene (a saucer under a pot)", async () => {
    const pot = { x: 250, y: 250, width: 100, height: 140 };
    // The saucer lies below the box the detection gave, on the runner.
    const saucer = { x: 236, y: 392, width: 128, height: 10 };
    const deskTop = 400;
    const runner = (x: number, y: number) =>
      (x + 2 * y) % 7 < 3 ? [235, 236, 240] : [40, 44, 80 + 30 * noise(x, y)];
    const image = makeRaster(600, 600, (x, y) => {
      // A red print on white, as the pot and its saucer share.
      const print = (x + y) % 6 < 4 ? [205, 40, 55] : [235, 215, 215];
      if (inBox(pot)(x, y) || inBox(saucer)(x, y)) return print;
      return y < deskTop ? [226, 226, 222] : runner(x, y);
    });
    // The model is sure of the pot, and of the whole desk with the saucer on it.
    const saliency: Raster = {
      data: Uint8Array.from({ length: 600 * 600 }, (_, i) => {
        const x = i % 600;
        const y = Math.floor(i / 600);
        return inBox(pot)(x, y) || inBox(saucer)(x, y) || y >= deskTop ? 255 : 0;
      }),
      width: 600,
      height: 600,
      channels: 1,
    };
    const { hole, object } = await findRemovalHole(image, pot, undefined, [], saliency);
    let missed = 0;
    for (let y = saucer.y; y < saucer.y + saucer.height; y += 1) {
      for (let x = saucer.x; x < saucer.x + saucer.width; x += 1)
        missed += hole[y * 600 + x] ? 0 : 1;
    }
    expect(missed).toBe(0);
    // It is the object's: the new product stands where the saucer stood.
    expect(object[(saucer.y + saucer.height - 1) * 600 + 300]).toBe(1);
    // The runner beside and below it stays.
    for (const [x, y] of [
      [120, 405],
      [480, 405],
      [300, 440],
    ] as const) {
      expect(hole[y * 600 + x]).toBe(0);
    }
  });
});

describe("the hole at the frame's edges", () => {
  it('takes in a thin strip of scene left between the hole and the frame, and nothing wider', () => {
    // The hole reaches the right edge on every row but a few, where it stops 3 px short (the most at 400 px): filled
    // up to the frame above and below, those pixels stood as a seam of the photo's own tone. At the
    // top it stops 40 px short of the frame: that is scene, and stays.
    const width = 400;
    const height = 300;
    const hole = maskOf(
      width,
      height,
      (x, y) => y >= 40 && x >= 100 && (x < 397 || y < 140 || y >= 160),
    );
    const protect = maskOf(width, height, (x, y) => x >= 397 && y >= 150 && y < 152);
    closeOnFrameEdges(hole, width, height, protect);
    const at = (x: number, y: number) => hole[y * width + x];
    for (const y of [140, 145, 159]) for (const x of [397, 399]) expect(at(x, y)).toBe(1);
    expect(at(398, 150)).toBe(0);
    for (const x of [100, 250, 399]) expect(at(x, 39)).toBe(0);
    expect(at(99, 200)).toBe(0);
    // The bottom rows run to the frame already: nothing past them changes.
    expect(at(50, height - 1)).toBe(0);
  });

  it('takes in a small pocket of scene the hole closes in against the frame, not the scene itself', () => {
    // The hole covers the lower part of the frame but for a 30x15 patch at the left edge (where
    // a grey patch with the mask's steps stood) and the scene above it.
    const width = 400;
    const height = 300;
    const pocket = inBox({ x: 0, y: 200, width: 30, height: 15 });
    const hole = maskOf(width, height, (x, y) => y >= 150 && !pocket(x, y));
    closeOnFrameEdges(hole, width, height);
    const at = ([x, y]: readonly [number, number]) => hole[y * width + x];
    const inPocket = [
      [0, 200],
      [29, 214],
      [15, 207],
    ] as const;
    const inScene = [
      [0, 0],
      [399, 140],
      [200, 149],
    ] as const;
    expect(inPocket.map(at)).toEqual([1, 1, 1]);
    expect(inScene.map(at)).toEqual([0, 0, 0]);
  });
});

describe("taking the old product's hard shadow on a textured surface", () => {
  // A flat object lying on a surface, sure in the model's map; its shadow falls below it.
  const object = (x: number, y: number) => ((x - 300) / 110) ** 2 + ((y - 260) / 40) ** 2 < 1;
  const shadow = (x: number, y: number) =>
    !object(x, y) && ((x - 280) / 110) ** 2 + ((y - 300) / 40) ** 2 < 1;
  const box = { x: 170, y: 200, width: 260, height: 160 };
  const saliency: Raster = {
    data: Uint8Array.from({ length: 600 * 600 }, (_, i) =>
      object(i % 600, Math.floor(i / 600)) ? 255 : 0,
    ),
    width: 600,
    height: 600,
    channels: 1,
  };
  const share = (hole: Uint8Array, inside: (x: number, y: number) => boolean) => {
    let all = 0;
    let taken = 0;
    for (let y = 0; y < 600; y += 1) {
      for (let x = 0; x < 600; x += 1) {
        if (!inside(x, y)) continue;
        all += 1;
        taken += hole[y * 600 + x]!;
      }
    }
    return taken / all;
  };

  it('takes a dark shadow joined to the hole on evenly lit sand', async () => {
    const image = makeRaster(600, 600, (x, y) => {
      if (object(x, y)) return [30, 160, 120];
      const tone = 175 + 30 * noise(Math.floor(x / 3), Math.floor(y / 3));
      const light = shadow(x, y) ? 0.35 : 1;
      return [tone * light, tone * 0.85 * light, tone * 0.7 * light];
    });
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    expect(share(hole, shadow)).toBeGreaterThan(0.95);
    // The sand round them stays.
    expect(share(hole, (x, y) => y > 345 && y < 360 && x > 180 && x < 420)).toBeLessThan(0.05);
  });

  it('leaves a mildly darker patch joined to the hole (wet sand is no shadow)', async () => {
    const image = makeRaster(600, 600, (x, y) => {
      if (object(x, y)) return [30, 160, 120];
      const tone = 175 + 30 * noise(Math.floor(x / 3), Math.floor(y / 3));
      const light = shadow(x, y) ? 0.75 : 1;
      return [tone * light, tone * 0.85 * light, tone * 0.7 * light];
    });
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    expect(share(hole, (x, y) => shadow(x, y) && y > 300)).toBeLessThan(0.2);
  });

  it('leaves a dark surface that runs on past the allowed area (a heap under the object)', async () => {
    const image = makeRaster(600, 600, (x, y) => {
      if (object(x, y)) return [30, 160, 120];
      const tone = 175 + 30 * noise(Math.floor(x / 3), Math.floor(y / 3));
      const light = y > 290 ? 0.35 : 1;
      return [tone * light, tone * 0.85 * light, tone * 0.7 * light];
    });
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    expect(share(hole, (x, y) => y > 320 && y < 360 && x > 180 && x < 420)).toBeLessThan(0.2);
  });

  it('takes no dark pieces of a surface that has its own (loose tea)', async () => {
    const isDarkPiece = (x: number, y: number) => noise(Math.floor(x / 9), Math.floor(y / 9)) < 0.4;
    const image = makeRaster(600, 600, (x, y) => {
      if (object(x, y)) return [30, 160, 120];
      const tone = (isDarkPiece(x, y) ? 50 : 190) + 20 * noise(x, y);
      return [tone, tone * 0.7, tone * 0.4];
    });
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    // Dark pieces a little way from the object (past its edge) are the tea's own.
    const ring = (x: number, y: number) =>
      !object(x, y) && ((x - 300) / 135) ** 2 + ((y - 260) / 65) ** 2 < 1 && isDarkPiece(x, y);
    expect(share(hole, ring)).toBeLessThan(0.5);
  });
});

describe('finding a boundary between two surfaces through the hole', () => {
  const cloth = (x: number, y: number) => 24 * noise(Math.floor(x / 3), Math.floor(y / 3));
  const round = (x: number, y: number) => Math.hypot(x - 210, y - 180) < 90;

  it('finds the shore between wet and dry sand', () => {
    const shore = (x: number) => 180 - (x - 210) * 0.2;
    const image = makeRaster(420, 360, (x, y) => {
      const tone = (y < shore(x) ? 140 : 165) + cloth(x, y);
      return [tone, tone * 0.85, tone * 0.7];
    });
    const line = findSurfaceBoundary(image, maskOf(420, 360, round));
    expect(line).not.toBeNull();
    // Found where it is: the line passes within a few pixels of the shore at the hole's middle.
    const { nx, ny, c } = line!;
    expect(Math.abs((c - nx * 210) / ny - shore(210))).toBeLessThan(6);
  });

  it('finds none in shading that deepens gradually across a cloth', () => {
    const image = makeRaster(420, 360, (x, y) => {
      const tone = 230 - y * 0.6 + cloth(x, y);
      return [tone * 0.6, tone, tone * 0.6];
    });
    expect(findSurfaceBoundary(image, maskOf(420, 360, round))).toBeNull();
  });

  it('finds none where a different thing lies at each end (a light strip, a dark shade)', () => {
    // Green cloth; lower left a light strip (a pencil), lower right a dark shade, at one height.
    const image = makeRaster(420, 360, (x, y) => {
      const base = [90, 150, 80].map((v) => v + cloth(x, y));
      if (y > 170 && x < 210) return [220, 210, 120];
      if (y > 170) return base.map((v) => v * 0.35);
      return base;
    });
    expect(findSurfaceBoundary(image, maskOf(420, 360, round))).toBeNull();
  });

  it('finds none where one side is a mix of unlike things (dark and light pieces below cloth)', () => {
    const image = makeRaster(420, 360, (x, y) => {
      if (y < 180) return [90, 150, 80].map((v) => v + cloth(x, y));
      const isDark = (Math.floor(x / 12) + Math.floor(y / 12)) % 2 === 0;
      return isDark ? [40, 40, 40] : [230, 220, 120];
    });
    expect(findSurfaceBoundary(image, maskOf(420, 360, round))).toBeNull();
  });

  it('finds none that passes beside the hole (a shade just under it)', () => {
    const image = makeRaster(420, 360, (x, y) => {
      const base = [90, 150, 80].map((v) => v + cloth(x, y));
      return y > 274 ? base.map((v) => v * 0.4) : base;
    });
    expect(findSurfaceBoundary(image, maskOf(420, 360, round))).toBeNull();
  });
});

describe("finding a wall's foot through the hole", () => {
  it("takes the wall's meeting with the floor seen on one side, not a plant's leaves beside the hole's top", () => {
    // A light wall meets a floor at row 200, seen left of the hole only: the hole (a bicycle's)
    // runs off the frame's right edge, and its top is a narrow tongue (the saddle). Right of the
    // tongue a plant's dark leaves hang down to rows 80 or 92, the leaves' tips unevenly: along
    // row 80 seven samples in ten step from wall to leaf, more strongly than the floor's edge.
    const wall = [222, 220, 216];
    const floor = [190, 168, 148];
    const leaf = [40, 70, 40];
    const isLeaf = (x: number, y: number) => x >= 226 && y < 118 && y >= (x % 10 < 7 ? 80 : 92);
    const image = makeRaster(300, 260, (x, y) => (isLeaf(x, y) ? leaf : y < 200 ? wall : floor));
    const body = inBox({ x: 60, y: 120, width: 240, height: 110 });
    const tongue = inBox({ x: 150, y: 40, width: 70, height: 80 });
    const hole = maskOf(300, 260, (x, y) => body(x, y) || tongue(x, y));
    paintObject(image, hole);
    const edge = findSupportEdge(image, hole);
    expect(edge).not.toBeNull();
    // The line runs level between rows 199 and 200.
    expect(Math.abs(edge!.line.c / edge!.line.ny - 199.5)).toBeLessThan(1.5);
    expect(Math.abs(edge!.line.nx)).toBeLessThan(0.02);
  });
});

describe('filling a hole on a studio background', () => {
  /** Deterministic Gaussian-ish grain (sum of three uniforms), sd about `sd`. */
  const grainAt = (x: number, y: number, sd: number) =>
    (noise(x, y) + noise(x + 71, y + 13) + noise(x + 5, y + 97) - 1.5) * 2 * sd;
  /** Mean luminance of the hole's pixels in rows [from, to) within columns [x0, x1). */
  const rowsMean = (raster: Raster, x0: number, x1: number, from: number, to: number) => {
    let sum = 0;
    for (let y = from; y < to; y += 1)
      for (let x = x0; x < x1; x += 1) sum += luminance(raster, x, y);
    return sum / ((to - from) * (x1 - x0));
  };
  /**
   * A grey studio of `tone` with grain, 300x260, whose hole is a body and a tongue of it that runs
   * to the frame's edge, filled as a smooth surface.
   */
  const fillHoleOffFrame = async (
    tone: (x: number, y: number) => number,
    body: Box,
    tongue: Box,
  ): Promise<Raster> => {
    const image = makeRaster(300, 260, (x, y) => {
      const value = tone(x, y) + grainAt(x, y, 1);
      return [value, value, value];
    });
    const [inBody, inTongue] = [inBox(body), inBox(tongue)];
    const hole = maskOf(300, 260, (x, y) => inBody(x, y) || inTongue(x, y));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    return image;
  };

  it("carries a table top's faint edge (a shade off the wall) straight and sharp through the hole", async () => {
    // A wall darkening a little downward meets a table top 9 levels darker at row 150.
    const scene = (x: number, y: number) => {
      const tone = (y < 150 ? 205 - y / 20 : 194 - y / 30) + grainAt(x, y, 2);
      return [tone + 4, tone, tone - 6];
    };
    const truth = makeRaster(300, 280, scene);
    const image = makeRaster(300, 280, scene);
    const hole = maskOf(300, 280, inBox({ x: 110, y: 70, width: 80, height: 150 }));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    // Across the hole's columns, the step two rows either side of the edge is the photo's.
    const step = (r: Raster) => rowsMean(r, 115, 185, 150, 153) - rowsMean(r, 115, 185, 147, 150);
    expect(step(image) / step(truth)).toBeGreaterThan(0.8);
    // And nowhere else is there one: no soft ramp over the rows around it.
    const ramp = rowsMean(image, 115, 185, 135, 145) - rowsMean(image, 115, 185, 155, 165);
    expect(
      Math.abs(ramp - (rowsMean(truth, 115, 185, 135, 145) - rowsMean(truth, 115, 185, 155, 165))),
    ).toBeLessThan(3);
  });

  it('draws no streak across the hole from a dark remnant at one end of its rows', async () => {
    // A plain backdrop; just left of the hole a small dark smudge (a bit of the old product's shade).
    const smudge = (x: number, y: number) => -45 * Math.exp(-((x - 94) ** 2 + (y - 120) ** 2) / 60);
    const image = makeRaster(300, 260, (x, y) => {
      const tone = 200 + smudge(x, y) + grainAt(x, y, 1);
      return [tone, tone, tone];
    });
    const hole = maskOf(300, 260, inBox({ x: 100, y: 60, width: 100, height: 140 }));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    // Across the smudge's rows, from a fifth of the way in, the fill is the backdrop.
    let darkest = 255;
    for (let x = 120; x < 196; x += 4) {
      let sum = 0;
      for (let y = 115; y < 125; y += 1)
        for (let dx = 0; dx < 4; dx += 1) sum += luminance(image, x + dx, y);
      darkest = Math.min(darkest, sum / 40);
    }
    expect(darkest).toBeGreaterThan(194);
  });

  it('fills the shade a hole encloses with it: no remnant, and no streak across its rows', async () => {
    // The shade between two vases lies inside the old object's outline, as known pixels. Kept, it
    // stood in the smooth surface as a dark wedge; as ends of rows, it was drawn across as streaks.
    const isShade = inBox({ x: 130, y: 100, width: 20, height: 30 });
    const image = makeRaster(300, 260, (x, y) => {
      const tone = (isShade(x, y) ? 60 : 200 - y / 40) + grainAt(x, y, 1);
      return [tone, tone, tone];
    });
    const outline = inBox({ x: 100, y: 60, width: 100, height: 140 });
    const hole = maskOf(300, 260, (x, y) => outline(x, y) && !isShade(x, y));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    const backdrop = 200 - 115 / 40;
    expect(rowsMean(image, 130, 150, 100, 130)).toBeGreaterThan(backdrop - 4);
    expect(rowsMean(image, 155, 195, 100, 130)).toBeGreaterThan(backdrop - 4);
  });

  it("gives rows that run to the frame's edge the ends of the rows beside them: no line there", async () => {
    // A few rows of the hole reach the frame's left edge; right of the hole those rows meet a soft
    // shade (a bit of the old product's). With only that end, the shade was drawn across the whole
    // row to the frame, and stood out as a dark line along the wall.
    const shade = (x: number, y: number) =>
      x >= 150 ? -30 * Math.exp(-((x - 150) / 20) - ((y - 124) / 6) ** 2) : 0;
    const image = await fillHoleOffFrame(
      (x, y) => 200 + shade(x, y),
      { x: 24, y: 60, width: 124, height: 140 },
      { x: 0, y: 120, width: 24, height: 8 },
    );
    expect(rowsMean(image, 2, 20, 120, 128)).toBeGreaterThan(195);
  });

  it("takes a far row's end where much of the hole runs to the frame's edge: no band of the far side's shade", async () => {
    // The lower half of the hole reaches the frame's left edge (a mouse's soft shadow at the
    // frame's corner); right of the hole those rows meet the shadow's edge. Carried across from
    // that end, the shadow lay over the whole lower half as a dark band with a hard top.
    const shade = (x: number, y: number) =>
      x >= 160 ? -40 * Math.exp(-(x - 160) / 30) * Math.min(1, Math.max(0, (y - 110) / 60)) : 0;
    const image = await fillHoleOffFrame(
      (x, y) => 200 + shade(x, y),
      { x: 40, y: 40, width: 120, height: 180 },
      { x: 0, y: 130, width: 40, height: 90 },
    );
    expect(rowsMean(image, 2, 60, 180, 216)).toBeGreaterThan(195);
  });

  it("still carries a line seen at a row's one end across to the frame's edge", async () => {
    // A studio's table edge: a faint dark line along the wall's foot. Most of the hole runs to
    // the frame's right edge; the line is seen only at the hole's left, and must go on to the right.
    const line = (y: number) => (y >= 150 && y < 154 ? -14 : 0);
    const image = await fillHoleOffFrame(
      (_x, y) => 205 + line(y),
      { x: 60, y: 40, width: 180, height: 190 },
      { x: 240, y: 70, width: 60, height: 140 },
    );
    const lineDip = (x0: number, x1: number) =>
      (rowsMean(image, x0, x1, 130, 140) + rowsMean(image, x0, x1, 164, 174)) / 2 -
      rowsMean(image, x0, x1, 150, 154);
    expect(lineDip(250, 298)).toBeGreaterThan(3);
  });

  it("carries a wall's soft meeting with the floor across to the frame's edge", async () => {
    // The wall (light) gives way to the floor (darker) over a few rows behind the hole, which runs
    // to the frame's right edge from above that line to far below it: the floor must not turn back
    // into the wall at the right, though the nearest rows with a right end there are the wall's.
    const tone = (y: number) => 210 - 30 * Math.min(1, Math.max(0, (y - 95) / 15));
    const image = await fillHoleOffFrame(
      (_x, y) => tone(y),
      { x: 60, y: 60, width: 180, height: 170 },
      { x: 240, y: 80, width: 60, height: 145 },
    );
    expect(rowsMean(image, 250, 298, 82, 90)).toBeGreaterThan(203);
    expect(rowsMean(image, 250, 298, 118, 145)).toBeLessThan(187);
  });

  it("leaves no strip of the old tone between the fill and the frame's side", async () => {
    // A light studio wall; the old product's dark side runs to the frame's right edge, and the
    // hole found for it stops 3 px short on a few rows: those pixels stayed dark beside the fill.
    const image = makeRaster(400, 300, (x, y) => {
      const tone = 210 + grainAt(x, y, 1);
      return [tone, tone, tone];
    });
    const inHole = (x: number, y: number) =>
      y >= 100 && y < 260 && x >= 150 && (x < 397 || y < 170 || y >= 190);
    const hole = maskOf(400, 300, inHole);
    for (let y = 100; y < 260; y += 1) {
      for (let x = 150; x < 400; x += 1) image.data.set([40, 40, 40], (y * 400 + x) * 3);
    }
    const box = { x: 150, y: 100, width: 250, height: 160 };
    await removeProduct(image, box, undefined, [], {
      found: { hole, object: hole.slice() },
      model: false,
    });
    expect(rowsMean(image, 397, 400, 170, 190)).toBeGreaterThan(195);
  });

  it("copies nothing of the frame's made-up margin into the hole", async () => {
    // A wide photo framed square: the band below it is a smooth made-up fill, and the old
    // product stands just above it. Copied into the hole, the band showed as flat blots.
    const wood = (x: number, y: number) => {
      const grain = 40 * noise(Math.floor(x / 2), Math.floor(y / 7));
      return [120 + grain, 90 + grain, 60 + grain * 0.5];
    };
    const band = (_x: number, y: number) => y >= 280;
    const image = makeRaster(400, 320, (x, y) => (band(x, y) ? [128, 128, 128] : wood(x, y)));
    const box = { x: 120, y: 110, width: 170, height: 160 };
    const hole = maskOf(400, 320, inBox(box));
    paintObject(image, hole);
    await removeProduct(image, box, undefined, [], {
      found: { hole, object: hole.slice() },
      margin: maskOf(400, 320, band),
      model: false,
    });
    let flat = 0;
    for (let i = 0; i < hole.length; i += 1) {
      if (!hole[i]) continue;
      const pixel = image.data.subarray(i * 3, i * 3 + 3);
      if (pixel.every((v) => Math.abs(v - 128) < 6)) flat += 1;
    }
    expect(flat).toBe(0);
  });

  it('leaves a hole too large for the model on an unevenly lit rim to push-pull: no rows drawn across', async () => {
    // A close-up: the hole takes 72% of the picture, and light and shade alternate down its rim
    // (a blurred room behind). Carried along the rows, each row's ends made coloured streaks.
    const image = makeRaster(200, 200, (x, y) => {
      const tone = 150 + 30 * Math.sin(y / 20) + grainAt(x, y, 1);
      return [tone, tone, tone];
    });
    const hole = maskOf(200, 200, inBox({ x: 15, y: 6, width: 170, height: 170 }));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    // Down the hole's middle, 8-row means hardly change: a soft blur, not bands.
    const means = Array.from({ length: 16 }, (_, k) =>
      rowsMean(image, 95, 105, 20 + k * 8, 28 + k * 8),
    );
    expect(Math.max(...means) - Math.min(...means)).toBeLessThan(20);
  });

  it('continues a contact shadow wider than the product at its rows, and no higher', async () => {
    // A backdrop's gradient; a soft shadow along the old product's foot, wider than the hole.
    const truthAt = (x: number, y: number) =>
      (170 + x / 12 - y / 15) *
      (1 - 0.3 * Math.exp(-(((x - 160) / 110) ** 2) - ((y - 228) / 10) ** 2));
    const scene = (x: number, y: number) => {
      const tone = truthAt(x, y) + grainAt(x, y, 1.5);
      return [tone, tone, tone];
    };
    const image = makeRaster(320, 300, scene);
    const hole = maskOf(320, 300, inBox({ x: 110, y: 60, width: 100, height: 176 }));
    paintObject(image, hole);
    expect(await fillHole(image, hole)).toBe('smooth');
    // Down the hole's middle, 10 x 10 means follow the photo above the shadow: the clean backdrop,
    // not a dark haze drawn up from the shadow.
    const meanAt = (y: number, at: (x: number, y: number) => number) => {
      let sum = 0;
      for (let dy = 0; dy < 10; dy += 1)
        for (let dx = 0; dx < 10; dx += 1) sum += at(155 + dx, y + dy);
      return sum / 100;
    };
    let worst = 0;
    for (let y = 70; y < 200; y += 10) {
      worst = Math.max(
        worst,
        Math.abs(meanAt(y, (x, yy) => luminance(image, x, yy)) - meanAt(y, truthAt)),
      );
    }
    expect(worst).toBeLessThan(3);
    // And the shadow goes on across the foot (how much deeper it is in the middle is unknown).
    const backdrop = (x: number, y: number) => 170 + x / 12 - y / 15;
    expect(meanAt(222, backdrop) - meanAt(222, (x, yy) => luminance(image, x, yy))).toBeGreaterThan(
      15,
    );
  });
});

describe('taking a strap that runs from the old product off the frame', () => {
  // A dark camera body the model is sure of, hanging from a strap the model sees faintly (20 of
  // 255, fading out in the frame's last rows as its map does) up to the top of the frame. Seen as
  // faintly, a line of the scene: a shelf under the body that runs off the frame's right side, or
  // a table's back edge passing behind the body at half its height, across the frame.
  const body = inBox({ x: 200, y: 200, width: 200, height: 150 });
  const strap = inBox({ x: 244, y: 0, width: 12, height: 200 });
  const shelf = inBox({ x: 180, y: 350, width: 420, height: 16 });
  const backEdge = inBox({ x: 0, y: 260, width: 600, height: 8 });
  const box = { x: 190, y: 190, width: 220, height: 170 };
  const scene = (line: (x: number, y: number) => boolean) => {
    const image = makeRaster(600, 600, (x, y) => {
      if (body(x, y)) return [40, 40, 44];
      if (strap(x, y)) return [70, 45, 30];
      if (line(x, y)) return [120, 80, 50];
      const tone = 200 + (20 * x) / 600;
      return [tone, tone + 5, tone];
    });
    const saliency: Raster = {
      data: Uint8Array.from({ length: 600 * 600 }, (_, i) => {
        const x = i % 600;
        const y = Math.floor(i / 600);
        if (body(x, y)) return 255;
        if (strap(x, y)) return y < 5 ? 2 : 20;
        return line(x, y) ? 20 : 0;
      }),
      width: 600,
      height: 600,
      channels: 1,
    };
    return { image, saliency };
  };
  const share = (hole: Uint8Array, inside: (x: number, y: number) => boolean) =>
    shareTaken(hole, 600, inside);
  const farFromBody = (x: number) => x < 150 || x > 450;

  it('takes the strap up to the frame, and leaves the shelf the body rests over', async () => {
    const { image, saliency } = scene(shelf);
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    closeOnFrameEdges(hole, 600, 600);
    expect(share(hole, strap)).toBeGreaterThan(0.95);
    expect(share(hole, (x, y) => strap(x, y) && y < 5)).toBe(1);
    expect(share(hole, (x, y) => shelf(x, y) && farFromBody(x))).toBe(0);
  });

  it('leaves a line of the scene that passes behind the body off both sides', async () => {
    const { image, saliency } = scene(backEdge);
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    expect(share(hole, strap)).toBeGreaterThan(0.95);
    expect(share(hole, (x, y) => backEdge(x, y) && farFromBody(x))).toBe(0);
  });
});

describe('taking a handle the model does not see that runs from the old product off the frame', () => {
  // A tea infuser: a ball the model is sure of, on a heap of loose tea, with a thin metal handle
  // reaching from its side to the frame's left edge over a white backdrop. The model sees nothing
  // of the handle; between the handle and the ball lies a hinge among the tea's bits, so the
  // handle's line ends short of the ball.
  const ball = (x: number, y: number) => (x - 330) ** 2 + (y - 260) ** 2 < 80 ** 2;
  const handle = inBox({ x: 0, y: 236, width: 200, height: 8 });
  const hinge = inBox({ x: 200, y: 226, width: 52, height: 28 });
  const heap = (x: number, y: number) => y > 300 + 40 * Math.cos(x / 120) && y < 520;
  const box = { x: 240, y: 170, width: 180, height: 180 };
  // The model sees the ball alone, surely.
  const ballSaliency: Raster = {
    data: Uint8Array.from({ length: 600 * 600 }, (_, i) =>
      ball(i % 600, Math.floor(i / 600)) ? 255 : 0,
    ),
    width: 600,
    height: 600,
    channels: 1,
  };
  const scene = (backdrop: (x: number, y: number) => number) => {
    const image = makeRaster(600, 600, (x, y) => {
      if (ball(x, y)) return [150, 150, 155];
      if (handle(x, y)) return [185, 185, 190];
      if (hinge(x, y) || heap(x, y)) {
        const bit = noise(Math.floor(x / 6), Math.floor(y / 6));
        return [90 + 100 * bit, 50 + 60 * bit, 30];
      }
      const tone = backdrop(x, y);
      return [tone, tone, tone];
    });
    return { image, saliency: ballSaliency };
  };
  const share = (hole: Uint8Array, inside: (x: number, y: number) => boolean) =>
    shareTaken(hole, 600, inside);

  it('takes the handle up to the frame over a plain backdrop', async () => {
    const { image, saliency } = scene(() => 242);
    const { hole } = await findRemovalHole(image, box, undefined, [], saliency);
    expect(share(hole, handle)).toBeGreaterThan(0.95);
    expect(share(hole, hinge)).toBeGreaterThan(0.9);
    // The heap under the ball is the scene.
    expect(share(hole, (x, y) => heap(x, y) && (x < 150 || x > 500))).toBe(0);
  });

  it('leaves the seams of a plank wall behind the object, and a line that stops short of it', async () => {
    // Above the ball, a wall of planks whose seams run from the frame's top down to the floor
    // line at its foot; beside it, a lone rod over the white that stops 70 px short of the ball
    // with nothing between (another thing's edge pointing at the ball).
    const seam = (x: number, y: number) => y < 300 && x > 240 && x < 600 && x % 24 < 3;
    const rod = inBox({ x: 0, y: 240, width: 180, height: 8 });
    const image = makeRaster(600, 600, (x, y) => {
      if (ball(x, y)) return [150, 150, 155];
      if (seam(x, y)) return [150, 110, 80];
      if (rod(x, y)) return [185, 185, 190];
      return y < 300 && x > 240 ? [200, 160, 120] : [242, 242, 242];
    });
    const { hole } = await findRemovalHole(image, box, undefined, [], ballSaliency);
    expect(share(hole, (x, y) => seam(x, y) && y < 100)).toBe(0);
    expect(share(hole, (x, y) => rod(x, y) && x < 150)).toBe(0);
  });
});
