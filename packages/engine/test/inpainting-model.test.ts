import { afterEach, describe, expect, it } from 'vitest';
import { fillHole, replaceInventedColours } from '../src/pipeline/fill-region.js';
import type { Raster } from '../src/pipeline/raster.js';
import { inpaintWithMigan } from '../src/ml/migan-model.js';

const WALL = [196, 178, 160];
const FLOOR = [120, 96, 78];
const HORIZON = 150;

/** A studio: a wall meeting a floor at HORIZON, with a little grain; the floor planked or not. */
function studio(width: number, height: number, planked = false): Raster {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const base = y < HORIZON ? WALL : FLOOR;
      const noise = Math.sin(x * 12.9898 + y * 78.233);
      const wood = planked && y >= HORIZON ? (x % 24 < 3 ? -50 : 0) + Math.sin(y / 3 + x) * 12 : 0;
      const grain = Math.round(noise * 4 + wood);
      data.set(
        base.map((v) => v + grain),
        (y * width + x) * 3,
      );
    }
  }
  return { data, width, height, channels: 3 };
}

/** Whether a pixel lies on one of the thin diagonal lines of `veined`, every 45 px. */
const isVein = (x: number, y: number) => (((y - 0.5 * x) % 45) + 45) % 45 < 3;

/**
 * A surface of one `level` crossed by thin lines `veinStep` levels from it (marble's veins), with
 * a little grain: too even for the rim spread, too sparse for the texture measures.
 */
function veined(width: number, height: number, level: number, veinStep: number): Raster {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value =
        level + (isVein(x, y) ? veinStep : 0) + Math.round(Math.sin(x * 12.9898 + y * 78.233) * 3);
      data.set([value, value, value - 4], (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

/** A loud red "old product" standing across the horizon. */
function objectHole(width: number, height: number): Uint8Array {
  const hole = new Uint8Array(width * height);
  for (let y = 90; y < 230; y += 1) for (let x = 100; x < 200; x += 1) hole[y * width + x] = 1;
  return hole;
}

function paint(raster: Raster, hole: Uint8Array): void {
  for (let i = 0; i < hole.length; i += 1) if (hole[i]) raster.data.set([250, 0, 20], i * 3);
}

/** Mean absolute difference from `color` over the hole's pixels in rows [from, to). */
function meanError(raster: Raster, hole: Uint8Array, color: number[], from: number, to: number) {
  let sum = 0;
  let count = 0;
  for (let y = from; y < to; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      const i = y * raster.width + x;
      if (!hole[i]) continue;
      for (let c = 0; c < 3; c += 1) sum += Math.abs(raster.data[i * 3 + c]! - color[c]!);
      count += 3;
    }
  }
  return sum / count;
}

/**
 * At 1024 px: an old product's hole, and round it the 8 px its red bled into the wall and floor
 * (an anti-aliased edge, a JPEG's chroma), which no hole follows to the pixel. `ringAt` is a
 * pixel's distance outside the hole (0 inside it).
 */
function objectWithBleed() {
  const width = 1024;
  const height = 600;
  const image = studio(width, height, true);
  const hole = new Uint8Array(width * height);
  for (let y = 60; y < 420; y += 1) for (let x = 380; x < 640; x += 1) hole[y * width + x] = 1;
  paint(image, hole);
  const ringAt = (x: number, y: number) =>
    hole[y * width + x] ? 0 : Math.max(380 - x, x - 639, 60 - y, y - 419, 0);
  for (let y = 52; y < 428; y += 1) {
    for (let x = 372; x < 648; x += 1) {
      const distance = ringAt(x, y);
      if (distance === 0) continue;
      const share = 1 - (distance - 1) / 8;
      const at = (y * width + x) * 3;
      image.data.set(
        [
          250 * share + image.data[at]! * (1 - share),
          image.data[at + 1]! * (1 - share),
          20 * share + image.data[at + 2]! * (1 - share),
        ].map(Math.round),
        at,
      );
    }
  }
  return { image, hole, ringAt, width, height };
}

afterEach(() => {
  delete process.env.ADTWIN_LEARNED_MODELS;
});

describe('filling with the inpainting model (MI-GAN)', () => {
  it("carries a studio's wall and floor through the hole, and changes nothing else", async () => {
    const image = studio(320, 300);
    const hole = objectHole(320, 300);
    paint(image, hole);
    const before = image.data.slice();
    expect(await inpaintWithMigan(image, hole)).toBe(true);
    // Wall above the horizon, floor below it (a few rows either side are the edge itself).
    expect(meanError(image, hole, WALL, 90, HORIZON - 6)).toBeLessThan(14);
    expect(meanError(image, hole, FLOOR, HORIZON + 6, 230)).toBeLessThan(14);
    for (let i = 0; i < hole.length; i += 1) {
      if (hole[i]) {
        // Nothing of the red object is left.
        expect(image.data[i * 3]! - image.data[i * 3 + 1]!).toBeLessThan(90);
      } else {
        expect(image.data.subarray(i * 3, i * 3 + 3)).toEqual(before.subarray(i * 3, i * 3 + 3));
      }
    }
  });

  it("does not grow the object's edge, left just outside the hole, back into it", async () => {
    const { image, hole } = objectWithBleed();
    expect(await inpaintWithMigan(image, hole)).toBe(true);
    let reddish = 0;
    for (let i = 0; i < hole.length; i += 1) {
      if (hole[i] && image.data[i * 3]! - image.data[i * 3 + 1]! > 90) reddish += 1;
    }
    expect(reddish).toBe(0);
  });

  it('with feather, blends the band round the hole into the photo, past it and in kept pixels nothing', async () => {
    // At 1024 px the band is 10 px, the red bled 8 px.
    const { image, hole, ringAt, width, height } = objectWithBleed();
    // A word's box in the band, on the hole's right: kept as it is.
    const keep = new Uint8Array(width * height);
    for (let y = 200; y < 220; y += 1) for (let x = 640; x < 650; x += 1) keep[y * width + x] = 1;
    const before = image.data.slice();
    expect(await inpaintWithMigan(image, hole, { feather: true, keep })).toBe(true);
    let redNear = 0;
    let redNearBefore = 0;
    let near = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = y * width + x;
        const at = i * 3;
        const distance = ringAt(x, y);
        const changed = [0, 1, 2].some((c) => image.data[at + c] !== before[at + c]);
        if (keep[i] || (!hole[i] && distance > 12)) expect(changed).toBe(false);
        if (!keep[i] && distance >= 1 && distance <= 3) {
          redNear += image.data[at]! - image.data[at + 1]!;
          redNearBefore += before[at]! - before[at + 1]!;
          near += 1;
        }
      }
    }
    // Right round the hole the band is mostly the model's: the bled red fades with the fill.
    expect(redNear / near).toBeLessThan((redNearBefore / near) * 0.5);
  });

  it('fills a textured scene with the model, and never paints protected pixels (the ad’s words)', async () => {
    const image = studio(320, 300, true);
    const hole = objectHole(320, 300);
    paint(image, hole);
    const protect = new Uint8Array(hole.length);
    for (let y = 100; y < 120; y += 1) for (let x = 110; x < 190; x += 1) protect[y * 320 + x] = 1;
    const before = image.data.slice();
    expect(await fillHole(image, hole, { protect, model: true })).toBe('model');
    for (let i = 0; i < hole.length; i += 1) {
      if (protect[i])
        expect(image.data.subarray(i * 3, i * 3 + 3)).toEqual(before.subarray(i * 3, i * 3 + 3));
    }
  });

  it('leaves a plain backdrop to the smooth fill, which is exact there', async () => {
    const image = studio(320, 300);
    for (let i = 0; i < image.data.length; i += 3) image.data.set(WALL, i);
    const hole = objectHole(320, 300);
    paint(image, hole);
    expect(await fillHole(image, hole, { model: true })).toBe('smooth');
    expect(meanError(image, hole, WALL, 0, 300)).toBe(0);
  });

  it('fills a backdrop crossed by faint veins (marble) with the model, and the veins go on', async () => {
    // Light stone with veins 30 levels darker.
    const width = 320;
    const height = 300;
    const image = veined(width, height, 228, -30);
    const hole = objectHole(width, height);
    paint(image, hole);
    expect(await fillHole(image, hole, { model: true })).toBe('model');
    let onVein = 0;
    let onVeinCount = 0;
    let off = 0;
    let offCount = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = y * width + x;
        if (!hole[i]) continue;
        const level = image.data[i * 3 + 1]!;
        if (isVein(x, y)) {
          onVein += level;
          onVeinCount += 1;
        } else if (!isVein(x - 4, y) && !isVein(x + 4, y)) {
          off += level;
          offCount += 1;
        }
      }
    }
    // A smooth fill is one grey cloud: on and off the veins' lines alike.
    expect(off / offCount - onVein / onVeinCount).toBeGreaterThan(8);
  });

  it('leaves a near-black surface with faint lines (a leather sofa’s seams) to the smooth fill', async () => {
    // There the model made up a dark figure where the smooth fill is a plausible shade.
    const image = veined(320, 300, 20, 30);
    const hole = objectHole(320, 300);
    paint(image, hole);
    expect(await fillHole(image, hole, { model: true })).toBe('smooth');
  });

  it('falls back to the classical fill when the learned models are off', async () => {
    process.env.ADTWIN_LEARNED_MODELS = '0';
    const image = studio(320, 300);
    const hole = objectHole(320, 300);
    paint(image, hole);
    expect(await inpaintWithMigan(image, hole)).toBe(false);
    expect(await fillHole(image, hole, { model: true })).not.toBe('model');
    expect(meanError(image, hole, WALL, 90, HORIZON - 6)).toBeLessThan(20);
  });

  it('fills the pieces of scene the hole encloses with it, and leaves their protected pixels', async () => {
    // The hole is a ring (a pair of glasses' frame); inside it, under a tenth of its area, the
    // lens's blue reflection lies on the floor, where no hole follows it.
    const image = studio(320, 300, true);
    const hole = new Uint8Array(320 * 300);
    const inRing = (x: number, y: number) => x >= 100 && x < 220 && y >= 160 && y < 280;
    const inPiece = (x: number, y: number) => x >= 145 && x < 175 && y >= 205 && y < 235;
    // A word of the ad's that lies in the piece: never painted.
    const isWord = (x: number, y: number) => x >= 155 && x < 165 && y >= 215 && y < 225;
    const protect = new Uint8Array(320 * 300);
    for (let y = 0; y < 300; y += 1) {
      for (let x = 0; x < 320; x += 1) {
        if (inRing(x, y) && !inPiece(x, y)) hole[y * 320 + x] = 1;
        if (isWord(x, y)) protect[y * 320 + x] = 1;
        else if (inPiece(x, y)) image.data.set([20, 20, 90], (y * 320 + x) * 3);
      }
    }
    paint(image, hole);
    const before = image.data.slice();
    expect(await fillHole(image, hole, { protect, model: true })).toBe('model');
    let reflection = 0;
    for (let y = 0; y < 300; y += 1) {
      for (let x = 0; x < 320; x += 1) {
        const i = y * 320 + x;
        const pixel = image.data.subarray(i * 3, i * 3 + 3);
        // Past the ring and the 3 px band the model's fill is blended into, nothing changes.
        const nearRing = x >= 96 && x < 224 && y >= 156 && y < 284;
        if (protect[i] || !nearRing) {
          expect(pixel).toEqual(before.subarray(i * 3, i * 3 + 3));
        } else if (inRing(x, y) && pixel[2]! - pixel[0]! > 40) {
          reflection += 1;
        }
      }
    }
    expect(reflection).toBe(0);
  });

  /** Lit from the upper left, as a studio's lamp lights its paper: a smooth falloff. */
  const litWallAt = (x: number, y: number) =>
    WALL.map((v) => Math.round(v - 50 * Math.hypot(x / 1024, y / 1024) ** 1.5));

  /** A lit studio wall meeting a planked floor at `horizon`, 1024 px square. */
  const litStudio = (horizon: number): Raster => {
    const data = new Uint8Array(1024 * 1024 * 3);
    for (let y = 0; y < 1024; y += 1) {
      for (let x = 0; x < 1024; x += 1) {
        const wood = x % 40 < 4 ? -40 : Math.round(Math.sin(y / 3 + x) * 8);
        data.set(y < horizon ? litWallAt(x, y) : FLOOR.map((v) => v + wood), (y * 1024 + x) * 3);
      }
    }
    return { data, width: 1024, height: 1024, channels: 3 };
  };

  /**
   * The wall in a hole spanning columns 260-900 from row 300, cell by cell (32 px) down to just
   * above `horizon`: the largest mean difference of a cell from the true light.
   */
  const worstWallCell = (image: Raster, truth: Raster, horizon: number): number => {
    let worst = 0;
    for (let top = 300; top + 32 <= horizon - 8; top += 32) {
      for (let left = 260; left + 32 <= 900; left += 32) {
        let difference = 0;
        for (let y = top; y < top + 32; y += 1) {
          for (let x = left; x < left + 32; x += 1) {
            const i = (y * 1024 + x) * 3 + 1;
            difference += image.data[i]! - truth.data[i]!;
          }
        }
        worst = Math.max(worst, Math.abs(difference / 32 / 32));
      }
    }
    return worst;
  };

  it("fills a large hole's lit studio wall as the wall's own light, the floor with the model", async () => {
    // A lit studio wall above a planked floor, and a hole of two fifths of the
    // picture across both (two chairs taken): at 512 the model paints panels on such a wall.
    const width = 1024;
    const horizon = 760;
    const image = litStudio(horizon);
    const truth = litStudio(horizon);
    const hole = new Uint8Array(width * width);
    for (let y = 300; y < 980; y += 1) for (let x = 260; x < 900; x += 1) hole[y * width + x] = 1;
    // Between two legs the wall shows, closed in by the hole and the floor, with the chairs'
    // shadow at its foot.
    for (let y = 640; y < horizon; y += 1) {
      for (let x = 500; x < 600; x += 1) {
        hole[y * width + x] = 0;
        if (y >= 720)
          image.data.set(
            litWallAt(x, y).map((v) => v - 40),
            (y * width + x) * 3,
          );
      }
    }
    paint(image, hole);
    expect(await fillHole(image, hole, { model: true })).toBe('model');
    // The wall in the hole and between the legs within a few levels of the true light: the
    // shadow between the legs went with the chairs.
    expect(worstWallCell(image, truth, horizon)).toBeLessThan(6);
    // The floor's planks go on through the hole: the model filled it, not a smooth blur.
    const floor = new Uint8Array(width * width);
    for (let y = horizon + 20; y < 960; y += 1)
      for (let x = 300; x < 860; x += 1) floor[y * width + x] = 1;
    expect(grainOf(image, floor)).toBeGreaterThan(2);
  });

  it("fills the wall of a large hole that reaches only a little below the floor's edge", async () => {
    // A bicycle against a lit wall: the hole is on the wall but for its tyres, which reach 8% of it
    // below the floor's edge. The wall is filled as the wall's own light there too.
    const horizon = 900;
    const image = litStudio(horizon);
    const truth = litStudio(horizon);
    const hole = new Uint8Array(1024 * 1024);
    for (let y = 300; y < 955; y += 1) for (let x = 260; x < 900; x += 1) hole[y * 1024 + x] = 1;
    paint(image, hole);
    expect(await fillHole(image, hole, { model: true })).toBe('model');
    expect(worstWallCell(image, truth, horizon)).toBeLessThan(6);
  });

  it("gives the model's fill the grain of the photo round it", async () => {
    // Film grain over a textured scene, and a hole large enough to be filled at a reduced size.
    const width = 1024;
    const height = 768;
    const image = studio(width, height, true);
    let state = 99;
    const random = () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x7fffffff;
    };
    for (let i = 0; i < image.data.length; i += 3) {
      const noise = Math.round((random() + random() + random() - 1.5) * 10);
      for (let c = 0; c < 3; c += 1)
        image.data[i + c] = Math.max(0, Math.min(255, image.data[i + c]! + noise));
    }
    const hole = new Uint8Array(width * height);
    for (let y = 100; y < 600; y += 1) for (let x = 250; x < 750; x += 1) hole[y * width + x] = 1;
    paint(image, hole);
    const rim = new Uint8Array(width * height);
    for (let y = 70; y < 630; y += 1) {
      for (let x = 220; x < 780; x += 1) if (!hole[y * width + x]) rim[y * width + x] = 1;
    }
    expect(await fillHole(image, hole, { model: true })).toBe('model');
    expect(grainOf(image, hole)).toBeGreaterThan(grainOf(image, rim) * 0.8);
  });
});

const MADE_UP_YELLOW = [236, 214, 12];

/** Whether the pixel at `i` is of the bright yellow no studio here holds. */
const isMadeUpYellow = (raster: Raster, i: number) =>
  raster.data[i * 3]! > 200 && raster.data[i * 3 + 1]! > 170 && raster.data[i * 3 + 2]! < 80;

/**
 * A planked studio with an old product's hole whose fill is the studio itself (as a perfect fill
 * would be) but for a blob of bright yellow on the floor: what MI-GAN made of a living room's
 * orange armchair on a grey rug.
 */
function fillWithMadeUpBlob() {
  const width = 640;
  const height = 400;
  const image = studio(width, height, true);
  const original = image.data.slice();
  const hole = new Uint8Array(width * height);
  for (let y = 80; y < 260; y += 1) for (let x = 200; x < 440; x += 1) hole[y * width + x] = 1;
  for (let y = 190; y < 240; y += 1) {
    for (let x = 260; x < 380; x += 1) {
      if (((x - 320) / 60) ** 2 + ((y - 215) / 25) ** 2 <= 1)
        image.data.set(MADE_UP_YELLOW, (y * width + x) * 3);
    }
  }
  return { image, original, hole, width };
}

describe("a colour the model's fill made up", () => {
  it('is filled again from the scene round it, and nothing outside the hole changes', async () => {
    const { image, original, hole } = fillWithMadeUpBlob();
    expect(await replaceInventedColours(image, hole)).toBe(true);
    let yellow = 0;
    let changedOutside = 0;
    for (let i = 0; i < hole.length; i += 1) {
      if (hole[i] && isMadeUpYellow(image, i)) yellow += 1;
      if (!hole[i] && [0, 1, 2].some((c) => image.data[i * 3 + c] !== original[i * 3 + c]))
        changedOutside += 1;
    }
    expect(yellow).toBe(0);
    expect(changedOutside).toBe(0);
    // Where the blob was, the floor again (its planks' seams make the error a few levels).
    expect(meanError(image, hole, FLOOR, 195, 235)).toBeLessThan(20);
  });

  it('stays when the scene holds that colour beside the hole (a yellow chair), and a fill of the scene stays', async () => {
    const { image, hole, width } = fillWithMadeUpBlob();
    for (let y = 280; y < 340; y += 1) {
      for (let x = 460; x < 520; x += 1) image.data.set(MADE_UP_YELLOW, (y * width + x) * 3);
    }
    const withBlob = Buffer.from(image.data);
    expect(await replaceInventedColours(image, hole)).toBe(false);
    expect(Buffer.from(image.data).equals(withBlob)).toBe(true);
    const scene = studio(640, 400, true);
    const sceneBefore = Buffer.from(scene.data);
    expect(await replaceInventedColours(scene, hole)).toBe(false);
    expect(Buffer.from(scene.data).equals(sceneBefore)).toBe(true);
  });
});

/** Standard deviation of the differences between horizontal neighbours both in `mask`, over √2. */
function grainOf(raster: Raster, mask: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 1; i < mask.length; i += 1) {
    if (!mask[i] || !mask[i - 1] || i % raster.width === 0) continue;
    const d = raster.data[i * 3 + 1]! - raster.data[(i - 1) * 3 + 1]!;
    if (Math.abs(d) > 12) continue;
    sum += d * d;
    count += 1;
  }
  return Math.sqrt(sum / count / 2);
}
