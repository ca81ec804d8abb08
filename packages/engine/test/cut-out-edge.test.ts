import { describe, expect, it } from 'vitest';
import {
  colourShare,
  cutOutWithModel,
  decontaminate,
  refineModelAlpha,
  type Predict,
} from '../src/pipeline/model-cut-out.js';
import type { Raster } from '../src/pipeline/raster.js';

/**
 * A 60 x 40 photo: a product of grey `product` in columns 20..39 on a backdrop of grey 200.
 * Column 19 is a true edge pixel (40 % product, alpha 102); column 18 is the model's soft shoulder
 * (alpha 80), of the backdrop's colour unless `shoulder` says otherwise.
 */
function photo(product: number, shoulder = 200) {
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height * 3).fill(200);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 18; x < 40; x += 1) {
      const i = y * width + x;
      if (x === 18) {
        alpha[i] = 80;
        data.fill(shoulder, i * 3, i * 3 + 3);
      } else if (x === 19) {
        alpha[i] = 102;
        data.fill(Math.round(product * 0.4 + 200 * 0.6), i * 3, i * 3 + 3);
      } else {
        alpha[i] = 255;
        data.fill(product, i * 3, i * 3 + 3);
      }
    }
  }
  const raster: Raster = { data, width, height, channels: 3 };
  return { raster, alpha, at: (x: number) => 20 * width + x };
}

/** A plain grey 128 x 128 photo: the model maps of these tests say what it shows. */
const greyPhoto = (): Raster => ({
  data: new Uint8Array(128 * 128 * 4).fill(128),
  width: 128,
  height: 128,
  channels: 4,
});

describe('the edge of a learned cut-out', () => {
  it('drops the soft shoulder that lies on the old backdrop (no light halo)', () => {
    const { raster, alpha, at } = photo(30);
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBeLessThan(13);
  });

  it('keeps a true edge pixel and gives it the product colour', () => {
    const { raster, alpha, at } = photo(30);
    decontaminate(raster, alpha);
    expect(alpha[at(19)]).toBe(102);
    expect(raster.data[at(19) * 3]).toBeLessThan(45);
  });

  it('keeps a shoulder pixel whose colour lies well away from the backdrop (a chrome knob)', () => {
    const { raster, alpha, at } = photo(30, 160);
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBe(80);
  });

  it("keeps a face of the backdrop's colour that lies inside a darker rim line (a drive's rail)", () => {
    // Column 17 is a dark rim line of the product, half there; column 18, between it and the
    // product, is the rail's light face, of the backdrop's very grey. Cleared, it let the new
    // scene show through the rail in a jagged line.
    const { raster, alpha, at } = photo(30);
    for (let y = 0; y < raster.height; y += 1) {
      const i = y * raster.width + 17;
      alpha[i] = 120;
      raster.data.fill(100, i * 3, i * 3 + 3);
    }
    decontaminate(raster, alpha);
    expect(alpha[at(17)]).toBe(120);
    expect(alpha[at(18)]).toBe(80);
  });

  it('narrows the edge round the half-way line when product and backdrop are too alike', () => {
    // A white sole on a light backdrop: the model's soft shoulder would leave a pale rim.
    const { raster, alpha, at } = photo(215);
    alpha[at(19)] = 160;
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBeLessThan(13);
    expect(alpha[at(19)]).toBeGreaterThan(210);
    expect(alpha[at(30)]).toBe(255);
  });

  it("makes an alike edge crisp even where the model's ramp is wide (a white drone)", () => {
    // The model's ramp ran over 20 px at 1024 round a white drone's body: made three times
    // steeper, it still showed as a pale glow on sand.
    const { raster, alpha, at } = photo(215);
    alpha[at(18)] = 102;
    alpha[at(19)] = 153;
    decontaminate(raster, alpha);
    expect(alpha[at(18)]).toBeLessThan(13);
    expect(alpha[at(19)]).toBeGreaterThanOrEqual(242);
  });

  describe('on a coloured backdrop', () => {
    const BLUE = [110, 148, 166] as const;
    const GREY = [132, 133, 135] as const;
    /**
     * A grey leg (columns 20..39) on blue paper, kept opaque by the model from column 16: columns
     * 16 and 17 are blue in the leg's shade, 18 and 19 the photo's soft edge (a third and two
     * thirds grey). `column16` changes what column 16 shows.
     */
    const onBlue = (column16: readonly number[] = BLUE.map((c) => c * 0.8)) => {
      const width = 60;
      const height = 40;
      const data = new Uint8Array(width * height * 3);
      const alpha = new Uint8Array(width * height);
      const mix = (share: number) =>
        GREY.map((g, k) => Math.round(g * share + BLUE[k]! * (1 - share)));
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const i = y * width + x;
          const colour =
            x < 16 || x >= 40
              ? BLUE
              : x === 16
                ? column16
                : x === 17
                  ? BLUE.map((c) => c * 0.8)
                  : x === 18
                    ? mix(1 / 3)
                    : x === 19
                      ? mix(2 / 3)
                      : GREY;
          data.set(colour.map(Math.round), i * 3);
          alpha[i] = x >= 16 && x < 40 ? 255 : 0;
        }
      }
      const raster: Raster = { data, width, height, channels: 3 };
      return { raster, alpha, at: (x: number) => 20 * width + x };
    };

    it("clears the backdrop's colour the model kept opaque at the edge, in shade too", () => {
      const { raster, alpha, at } = onBlue();
      decontaminate(raster, alpha);
      expect(alpha[at(16)]).toBeLessThan(13);
      expect(alpha[at(17)]).toBeLessThan(13);
      // The soft edge keeps about the product's share (read against the product's colour nearby,
      // which the edge itself tints), in the product's colour.
      expect(alpha[at(18)]).toBeGreaterThan(60);
      expect(alpha[at(18)]).toBeLessThan(120);
      expect(alpha[at(19)]).toBeGreaterThan(145);
      expect(alpha[at(19)]).toBeLessThan(225);
      expect(raster.data[at(18) * 3 + 2]).toBeLessThan(145);
      expect(alpha[at(25)]).toBe(255);
    });

    it('keeps what is no mix of the two colours (a light highlight), and the product behind it', () => {
      const { raster, alpha, at } = onBlue([220, 220, 222]);
      decontaminate(raster, alpha);
      expect(alpha[at(16)]).toBe(255);
      expect(alpha[at(17)]).toBe(255);
    });

    it('leaves a white backdrop to the light-on-light rules', () => {
      const { raster, alpha, at } = onBlue();
      for (let i = 0; i < alpha.length; i += 1) {
        if (raster.data[i * 3] === BLUE[0]) raster.data.set([236, 236, 236], i * 3);
      }
      decontaminate(raster, alpha);
      expect(alpha[at(17)]).toBe(255);
    });
  });

  it('reads the product share of a colour between product and background', () => {
    expect(colourShare([115, 115, 115], [30, 30, 30], [200, 200, 200])).toBeCloseTo(0.5, 2);
    expect(colourShare([205, 200, 200], [30, 30, 30], [200, 200, 200])).toBe(0);
    expect(colourShare([210, 210, 210], [215, 215, 215], [200, 200, 200])).toBe(1);
  });
});

describe('the product in a scene the model takes whole', () => {
  /**
   * The model's map of a shoe (sure, clear of the frame) above a sofa it reads as half there and
   * that runs off the frame's bottom; its second look at the centre sees nothing.
   */
  const side = 1024;
  const predict: Predict = async (raster) => {
    const map = new Float32Array(side * side);
    if (raster.width !== 128) return map;
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        if (y >= 600) map[y * side + x] = 0.6;
        else if (y >= 300 && y < 500 && x >= 400 && x < 624) map[y * side + x] = 1;
      }
    }
    return map;
  };

  it('takes the sure part clear of the frame, not the furniture', async () => {
    const alpha = await cutOutWithModel(greyPhoto(), predict);
    expect(alpha[50 * 128 + 64]).toBe(255);
    expect(alpha[100 * 128 + 64]).toBe(0);
  });
});

describe('a small product in a scene', () => {
  /**
   * A mug (a tenth of the side) on an armchair that runs off the frame: the model takes the chair
   * at the first look and at the 70 % crop, where the chair still meets the crop's edges; at the
   * tighter crop it takes the mug.
   */
  const side = 1024;
  const predict: Predict = async (raster) => {
    const map = new Float32Array(side * side);
    const width = raster.width;
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        // Back to the photo's own pixels (128 wide), from the crop's.
        const offset = (128 - width) / 2;
        const px = offset + ((x + 0.5) * width) / side;
        const py = offset + ((y + 0.5) * width) / side;
        const isMug = px >= 58 && px < 70 && py >= 58 && py < 70;
        if (width < 80) map[y * side + x] = isMug ? 1 : 0;
        else map[y * side + x] = py >= 40 || isMug ? 0.95 : 0;
      }
    }
    return map;
  };

  it('looks closer at the centre until the product stands clear of the furniture', async () => {
    const alpha = await cutOutWithModel(greyPhoto(), predict);
    expect(alpha[64 * 128 + 64]).toBe(255);
    expect(alpha[110 * 128 + 20]).toBe(0);
  });
});

describe('thin parts and accessories', () => {
  const side = 1024;
  /** A model map drawn in the photo's own coordinates (0..1), for the photo and a padded look. */
  const mapOf =
    (shapes: (u: number, v: number, padded: boolean) => number, width: number, height: number) =>
    async (raster: Raster) => {
      const padded = raster.width !== width;
      const padX = (raster.width - width) / 2;
      const padY = (raster.height - height) / 2;
      const map = new Float32Array(side * side);
      for (let y = 0; y < side; y += 1) {
        for (let x = 0; x < side; x += 1) {
          const u = ((x + 0.5) * (raster.width / side) - padX) / width;
          const v = ((y + 0.5) * (raster.height / side) - padY) / height;
          map[y * side + x] = shapes(u, v, padded);
        }
      }
      return map;
    };
  /** A 128 x 128 photo drawn in greys. */
  const drawnPhoto = (greyAt: (x: number, y: number) => number): Raster => {
    const data = new Uint8Array(128 * 128 * 3);
    for (let y = 0; y < 128; y += 1) {
      for (let x = 0; x < 128; x += 1)
        data.fill(greyAt(x, y), (y * 128 + x) * 3, (y * 128 + x + 1) * 3);
    }
    return { data, width: 128, height: 128, channels: 3 };
  };

  it("leaves out what the model half sees past the edge (the photo's contact shadow)", async () => {
    // A dark box on a light backdrop with its grey shadow below, which the model reads as a
    // third there. The model's soft rim (3 px at 128) held the shadow's first rows: they came
    // along as a translucent grey band under the product. The soft edge is the edge band's
    // width (2 px) and no more.
    const width = 128;
    const height = 128;
    const photo = drawnPhoto((x, y) =>
      x >= 40 && x < 88 && y >= 40 && y < 88
        ? 30
        : x >= 36 && x < 92 && y >= 88 && y < 104
          ? 120
          : 200,
    );
    const predict = mapOf(
      (u, v) => {
        const x = u * width;
        const y = v * height;
        if (x >= 40 && x < 88 && y >= 40 && y < 88) return 1;
        if (x >= 36 && x < 92 && y >= 88 && y < 104) return 0.35;
        return 0;
      },
      width,
      height,
    );
    const alpha = await cutOutWithModel(photo, predict);
    expect(alpha[60 * width + 64]).toBe(255);
    expect(alpha[90 * width + 64]).toBe(0);
    expect(alpha[90 * width + 40]).toBe(0);
  });

  it('keeps a stalk the model sees faintly, not a wide faint blob beside the product', async () => {
    const width = 128;
    const height = 128;
    const dark = (x: number, y: number) =>
      (y >= 40 && y < 110 && x >= 30 && x < 98) || (y >= 15 && y < 40 && x >= 62 && x < 67);
    const photo = drawnPhoto((x, y) => (dark(x, y) ? 40 : 200));
    const predict = mapOf(
      (u, v) => {
        const x = u * width;
        const y = v * height;
        if (y >= 40 && y < 110 && x >= 30 && x < 98) return 1;
        if (y >= 15 && y < 40 && x >= 62 && x < 67) return 0.35;
        if (y >= 80 && y < 110 && x >= 98 && x < 125) return 0.35;
        return 0;
      },
      width,
      height,
    );
    const alpha = await cutOutWithModel(photo, predict);
    expect(alpha[22 * width + 64]).toBeGreaterThanOrEqual(128);
    expect(alpha[95 * width + 115]).toBe(0);
  });

  /**
   * A busy photo (fine stripes) of a plant running off the frame's bottom, with a small peg
   * clipped to it: the model's first look takes only the peg, its look with a margin the plant.
   */
  function plantPhoto(busy: boolean) {
    const width = 128;
    const height = 96;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i += 1)
      data.fill(busy && i % 2 ? 100 : 140, i * 3, i * 3 + 3);
    const predict = mapOf(
      (u, v, padded) => {
        const isPeg = u >= 0.47 && u < 0.55 && v >= 0.3 && v < 0.62;
        if (isPeg) return 1;
        return padded && u >= 0.15 && u < 0.85 && v >= 0.1 && v <= 1 ? 0.95 : 0;
      },
      width,
      height,
    );
    return { raster: { data, width, height, channels: 3 } as Raster, predict };
  }

  it('takes the plant a small peg is clipped to on a busy photo', async () => {
    const { raster, predict } = plantPhoto(true);
    const alpha = await cutOutWithModel(raster, predict);
    expect(alpha[40 * 128 + 64]).toBe(255);
    expect(alpha[80 * 128 + 30]).toBe(255);
  });

  it('keeps a small product on a plain backdrop as it is', async () => {
    const { raster, predict } = plantPhoto(false);
    const alpha = await cutOutWithModel(raster, predict);
    expect(alpha[40 * 128 + 64]).toBe(255);
    expect(alpha[80 * 128 + 30]).toBe(0);
  });
});

describe('a product joined to the furniture it stands on', () => {
  const side = 1024;
  /** A model map drawn in the photo's own coordinates (0..1); crops of the photo map back. */
  const mapOf =
    (shapes: (u: number, v: number) => number): Predict =>
    async (raster) => {
      const map = new Float32Array(side * side);
      // A centre crop of the 128 px photo: its offset in the photo.
      const offset = (128 - raster.width) / 2;
      for (let y = 0; y < side; y += 1) {
        for (let x = 0; x < side; x += 1) {
          const u = (offset + ((x + 0.5) * raster.width) / side) / 128;
          const v = (offset + ((y + 0.5) * raster.height) / side) / 128;
          map[y * side + x] = shapes(u, v);
        }
      }
      return map;
    };
  const inside = (u: number, v: number, box: [number, number, number, number]) =>
    u >= box[0] && u < box[1] && v >= box[2] && v < box[3];
  const at = (u: number, v: number) => Math.floor(v * 128) * 128 + Math.floor(u * 128);

  it('keeps the mug, not the cushion and sofa of a scene that dwarfs it', async () => {
    // The sofa runs off the frame; the model reads it and the cushion under the mug at 0.9 and
    // the mug at 1. Every closer look still meets the sofa at the crop's edges.
    const predict = mapOf((u, v) => {
      if (inside(u, v, [0.35, 0.6, 0.25, 0.45])) return 1;
      if (inside(u, v, [0.4, 0.6, 0.45, 0.55]) || v >= 0.55) return 0.9;
      return 0;
    });
    const alpha = await cutOutWithModel(greyPhoto(), predict);
    expect(alpha[at(0.47, 0.35)]).toBe(255);
    expect(alpha[at(0.5, 0.51)]).toBe(0);
    expect(alpha[at(0.5, 0.8)]).toBe(0);
  });

  it("keeps the bottles, not the sofa's seat they stand on that runs on past them", async () => {
    const predict = mapOf((u, v) => {
      if (inside(u, v, [0.3, 0.5, 0.2, 0.6])) return 1;
      if (inside(u, v, [0.1, 0.95, 0.6, 0.75])) return 0.9;
      return 0;
    });
    const alpha = await cutOutWithModel(greyPhoto(), predict);
    expect(alpha[at(0.4, 0.4)]).toBe(255);
    expect(alpha[at(0.8, 0.7)]).toBe(0);
  });

  it('keeps a product the model is unsure of, not a surer object elsewhere in the photo', async () => {
    const predict = mapOf((u, v) => {
      if (inside(u, v, [0.3, 0.7, 0.25, 0.8])) return 0.9;
      if (inside(u, v, [0.78, 0.92, 0.3, 0.5])) return 1;
      return 0;
    });
    const alpha = await cutOutWithModel(greyPhoto(), predict);
    expect(alpha[at(0.5, 0.5)]).toBe(255);
  });

  it("keeps a product's own doubtful base close to its sure body", async () => {
    const predict = mapOf((u, v) => {
      if (inside(u, v, [0.2, 0.8, 0.2, 0.6])) return 1;
      if (inside(u, v, [0.2, 0.8, 0.6, 0.66])) return 0.9;
      return 0;
    });
    const alpha = await cutOutWithModel(greyPhoto(), predict);
    expect(alpha[at(0.5, 0.63)]).toBe(255);
  });
});

describe('a thin part with a light highlight', () => {
  it('keeps the highlight of a thin dark lever the model is sure of', async () => {
    // A 1024 x 128 photo: a light backdrop, a dark lever 7 px wide with a light chrome highlight
    // 2 px wide along its middle; the model is sure of the whole lever.
    const width = 1024;
    const height = 128;
    const data = new Uint8Array(width * height * 3).fill(215);
    for (let y = 20; y < 108; y += 1) {
      for (let x = 500; x < 507; x += 1) {
        data.fill(x === 503 || x === 504 ? 200 : 30, (y * width + x) * 3, (y * width + x + 1) * 3);
      }
    }
    const predict: Predict = async () => {
      const side = 1024;
      const map = new Float32Array(side * side);
      for (let y = 0; y < side; y += 1) {
        for (let x = 0; x < side; x += 1) {
          const py = ((y + 0.5) * height) / side;
          if (x >= 500 && x < 507 && py >= 20 && py < 108) map[y * side + x] = 1;
        }
      }
      return map;
    };
    const alpha = await cutOutWithModel({ data, width, height, channels: 3 }, predict);
    expect(alpha[60 * width + 503]).toBeGreaterThanOrEqual(250);
    expect(alpha[60 * width + 504]).toBeGreaterThanOrEqual(250);
  });
});

describe('the opacity inside a learned cut-out', () => {
  it('makes the product opaque past its soft edge where the model doubted its rim', async () => {
    // The white sole of a sneaker on a white backdrop: the model reads the product's outer 8 px at
    // 0.8, and the new scene showed through them as a pale translucent band.
    const side = 512;
    const data = new Uint8Array(side * side * 3).fill(250);
    const isProduct = (x: number, y: number) => x >= 128 && x < 384 && y >= 128 && y < 384;
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1)
        if (isProduct(x, y)) data.fill(150, (y * side + x) * 3, (y * side + x) * 3 + 3);
    }
    const predict: Predict = async () => {
      const map = new Float32Array(1024 * 1024);
      for (let y = 0; y < 1024; y += 1) {
        for (let x = 0; x < 1024; x += 1) {
          const inset = Math.min(x - 256, 767 - x, y - 256, 767 - y) / 2;
          map[y * 1024 + x] = inset < 0 ? 0 : inset < 8 ? 0.8 : 1;
        }
      }
      return map;
    };
    const alpha = await cutOutWithModel({ data, width: side, height: side, channels: 3 }, predict);
    // 4 px inside the outline, past the edge band (2 px at 512 px), and in the middle.
    expect(alpha[256 * side + 132]).toBe(255);
    expect(alpha[132 * side + 256]).toBe(255);
    expect(alpha[256 * side + 256]).toBe(255);
    // Outside stays clear.
    expect(alpha[256 * side + 120]).toBe(0);
  });
});

describe('a part of the product of its backdrop’s colour', () => {
  /**
   * A 400 x 400 photo on a backdrop of grey 240: a dark body (x 120..279, y 140..239), a heel of
   * off-white 228 standing 12 px out of it at the left (x 108..119, y 200..249), and the body's
   * shadow, grey 150, 8 px under it. The model reads the body as sure and both the heel and the
   * shadow at 0.4, as it read a white sole's heel on white and its contact shadow.
   */
  const side = 400;
  const isBody = (x: number, y: number) => x >= 120 && x < 280 && y >= 140 && y < 240;
  const isHeel = (x: number, y: number) => x >= 108 && x < 120 && y >= 200 && y < 250;
  const isShadow = (x: number, y: number) => x >= 120 && x < 280 && y >= 240 && y < 248;
  /** The photo, grey `grey(x, y)` at each pixel. */
  function photoOf(grey: (x: number, y: number) => number): Raster {
    const data = new Uint8Array(side * side * 3);
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        data.fill(grey(x, y), (y * side + x) * 3, (y * side + x) * 3 + 3);
      }
    }
    return { data, width: side, height: side, channels: 3 };
  }
  /** The model's map at its 1024 px, `shape(x, y)` at the photo's pixel under each of its own. */
  const mapOf =
    (shape: (x: number, y: number) => number): Predict =>
    async () => {
      const map = new Float32Array(1024 * 1024);
      for (let y = 0; y < 1024; y += 1) {
        for (let x = 0; x < 1024; x += 1) {
          map[y * 1024 + x] = shape(((x + 0.5) * side) / 1024, ((y + 0.5) * side) / 1024);
        }
      }
      return map;
    };
  const heelPhoto = photoOf((x, y) =>
    isBody(x, y) ? 40 : isHeel(x, y) ? 228 : isShadow(x, y) ? 150 : 240,
  );
  const predict = mapOf((x, y) => (isBody(x, y) ? 0.98 : isHeel(x, y) || isShadow(x, y) ? 0.4 : 0));

  it('keeps the part the model half reads, but not the shadow under the product', async () => {
    const alpha = await cutOutWithModel(heelPhoto, predict);
    const at = (x: number, y: number) => alpha[y * side + x];
    expect(at(200, 190)).toBe(255);
    // The heel's middle, 6 px out of the body: under the model's half-way line, yet the product.
    expect(at(114, 225)).toBe(255);
    expect(at(200, 244)).toBe(0);
  });

  it("leaves the model's soft shoulder on the backdrop alone", async () => {
    // A light grey body alone (205, too like the backdrop for colour to place its edge), with the
    // model's 0.4 shoulder 3 px wide all round it on the backdrop (the shoulder's width at 400 px).
    const isShoulder = (x: number, y: number) =>
      !isBody(x, y) && x >= 117 && x < 283 && y >= 137 && y < 243;
    const shoulderPredict = mapOf((x, y) => (isBody(x, y) ? 0.98 : isShoulder(x, y) ? 0.4 : 0));
    const plain = photoOf((x, y) => (isBody(x, y) ? 205 : 240));
    const alpha = await cutOutWithModel(plain, shoulderPredict);
    expect(alpha[190 * side + 200]).toBe(255);
    expect(alpha[190 * side + 119]).toBeLessThan(64);
  });
});

describe('a speck apart from the product', () => {
  it('is dropped: a bit of the floor under a sole does not float under the product', () => {
    // A dark product (x 50..349, y 50..249) on grey 200, and a 3 x 2 dark dot 12 px under it that
    // the model half kept as the product's.
    const side = 400;
    const data = new Uint8Array(side * side * 3).fill(200);
    const probability = new Uint8Array(side * side);
    const parts = new Uint8Array(side * side);
    const paint = (x0: number, x1: number, y0: number, y1: number, p: number) => {
      for (let y = y0; y < y1; y += 1) {
        for (let x = x0; x < x1; x += 1) {
          const i = y * side + x;
          data.fill(40, i * 3, i * 3 + 3);
          probability[i] = p;
          parts[i] = 255;
        }
      }
    };
    paint(50, 350, 50, 250, 255);
    paint(200, 203, 262, 264, 160);
    const alpha = refineModelAlpha(
      { data, width: side, height: side, channels: 3 },
      probability,
      parts,
    );
    expect(alpha[150 * side + 200]).toBe(255);
    expect(alpha[262 * side + 201]).toBe(0);
  });
});

describe('a flat printed product on a plain surround', () => {
  // A light card (x 40..359, y 30..269) on a dark surround, with a dark picture panel and a line
  // of lettering printed on it: the model is sure of the print and leaves out the card.
  const width = 400;
  const height = 300;
  function boxPhoto(edgeFade: number) {
    const data = new Uint8Array(width * height * 3).fill(25);
    const probability = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        // How far inside the card (0 on its edge); over `edgeFade` px it fades from the surround.
        const inside = Math.min(x - 40, 359 - x, y - 30, 269 - y);
        if (inside < 0) continue;
        const light = edgeFade > 0 ? Math.min(1, (inside + 1) / edgeFade) : 1;
        data.fill(
          Math.round(25 + (215 - 25) * light),
          (y * width + x) * 3,
          (y * width + x) * 3 + 3,
        );
      }
    }
    const print = (x0: number, x1: number, y0: number, y1: number, value: number) => {
      for (let y = y0; y < y1; y += 1) {
        for (let x = x0; x < x1; x += 1) {
          data.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
          probability[y * width + x] = 255;
        }
      }
    };
    print(200, 340, 50, 250, 90);
    for (let x = 70; x < 180; x += 20) print(x, x + 12, 120, 180, 30);
    return { raster: { data, width, height, channels: 3 } as Raster, probability };
  }

  it('is taken whole: the card its print is on comes with it', () => {
    const { raster, probability } = boxPhoto(0);
    const alpha = refineModelAlpha(raster, probability);
    expect(alpha[150 * width + 60]).toBe(255);
    expect(alpha[40 * width + 190]).toBe(255);
    expect(alpha[150 * width + 20]).toBe(0);
    expect(alpha[285 * width + 200]).toBe(0);
  });

  it('is not taken where it fades into the surround (a shadow, a gradient)', () => {
    const { raster, probability } = boxPhoto(60);
    const alpha = refineModelAlpha(raster, probability);
    expect(alpha[150 * width + 60]).toBe(0);
    expect(alpha[150 * width + 250]).toBe(255);
  });
});
