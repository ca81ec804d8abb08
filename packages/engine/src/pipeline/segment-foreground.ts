import type { Box } from '../types.js';
import { loadOpenCv, type OpenCv } from './opencv-loader.js';
import type { Raster } from './raster.js';

export type ForegroundOptions = {
  /** Known area of the object (e.g. a recorded box): everything outside is background. */
  rect?: Box;
  /** Pixels this close (RGB distance) to the border colour start as probable background. */
  backgroundTolerance?: number;
  iterations?: number;
  /** Areas that are certainly background (e.g. words of the ad copy). */
  exclude?: Box[];
};

/** GrabCut labels of OpenCV. */
const GC_BGD = 0;
const GC_FGD = 1;
const GC_PR_BGD = 2;
const GC_PR_FGD = 3;

/**
 * Separates the main object from its background with GrabCut, seeded from the image border (or
 * from outside `rect`). Returns a 0/255 mask at the raster's size, cleaned by morphology and
 * limited to the dominant connected parts.
 */
export async function segmentForeground(
  raster: Raster,
  options: ForegroundOptions = {},
): Promise<Uint8Array> {
  const { cv } = await loadOpenCv();
  const { width, height } = raster;
  const rgb = toRgb(raster);
  const borders = sampleBorderColors(rgb, width, height);
  const tolerance = options.backgroundTolerance ?? 26;
  const seeds = new Uint8Array(width * height);
  const margin = Math.max(2, Math.round(Math.min(width, height) * 0.015));
  const rect = options.rect;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const outside = rect
        ? x < rect.x || y < rect.y || x >= rect.x + rect.width || y >= rect.y + rect.height
        : x < margin || y < margin || x >= width - margin || y >= height - margin;
      const isExcluded = options.exclude?.some(
        (box) => x >= box.x && y >= box.y && x < box.x + box.width && y < box.y + box.height,
      );
      if (outside || isExcluded) {
        seeds[i] = GC_BGD;
        continue;
      }
      seeds[i] =
        !rect && borders.some((border) => isBackgroundLike(rgb, i, border, tolerance))
          ? GC_PR_BGD
          : GC_PR_FGD;
    }
  }
  // GrabCut needs samples of both kinds. A picture with nothing but its background colour (a flat
  // swatch, a plain graphic) has no object to separate: all of it is the object.
  const foregroundSeeds = seeds.reduce((count, seed) => count + (seed === GC_PR_FGD ? 1 : 0), 0);
  const backgroundSeeds = seeds.reduce((count, seed) => count + (seed === GC_BGD ? 1 : 0), 0);
  if (foregroundSeeds < 16 || backgroundSeeds < 16) return wholeArea(width, height, rect);
  const image = cv.matFromArray(height, width, cv.CV_8UC3, rgb);
  const mask = cv.matFromArray(height, width, cv.CV_8UC1, seeds);
  const bgModel = new cv.Mat();
  const fgModel = new cv.Mat();
  const kernel = cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3));
  const binary = new cv.Mat();
  try {
    cv.grabCut(
      image,
      mask,
      new cv.Rect(0, 0, 1, 1),
      bgModel,
      fgModel,
      options.iterations ?? 4,
      cv.GC_INIT_WITH_MASK,
    );
    const labels = mask.data;
    const out = new Uint8Array(width * height);
    for (let i = 0; i < out.length; i += 1) {
      out[i] = labels[i] === GC_FGD || labels[i] === GC_PR_FGD ? 255 : 0;
    }
    const cleaned = cv.matFromArray(height, width, cv.CV_8UC1, out);
    cv.morphologyEx(cleaned, binary, cv.MORPH_OPEN, kernel);
    cv.morphologyEx(binary, cleaned, cv.MORPH_CLOSE, kernel);
    const result = keepDominantParts(cv, cleaned, width, height);
    cleaned.delete();
    return result;
  } catch (error) {
    // OpenCV throws bare numbers (a pointer to its exception) when its models cannot be fitted,
    // e.g. every sample of one kind has the same colour. The object is then the whole area.
    if (typeof error === 'number') return wholeArea(width, height, rect);
    throw error;
  } finally {
    image.delete();
    mask.delete();
    bgModel.delete();
    fgModel.delete();
    kernel.delete();
    binary.delete();
  }
}

function keepDominantParts(
  cv: OpenCv,
  mask: InstanceType<OpenCv['Mat']>,
  width: number,
  height: number,
): Uint8Array {
  const labels = new cv.Mat();
  const stats = new cv.Mat();
  const centroids = new cv.Mat();
  try {
    const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S);
    // Parts far from the centre are more often background clutter than the product.
    const scores: number[] = [0];
    for (let label = 1; label < count; label += 1) {
      const area = stats.intAt(label, cv.CC_STAT_AREA);
      const cx = centroids.doubleAt(label, 0) / width - 0.5;
      const cy = centroids.doubleAt(label, 1) / height - 0.5;
      scores.push(area * (1.2 - Math.min(1, Math.hypot(cx, cy) * 1.4)));
    }
    const best = Math.max(0, ...scores);
    const main = scores.indexOf(best);
    const boxOf = (label: number) => ({
      x: stats.intAt(label, cv.CC_STAT_LEFT),
      y: stats.intAt(label, cv.CC_STAT_TOP),
      width: stats.intAt(label, cv.CC_STAT_WIDTH),
      height: stats.intAt(label, cv.CC_STAT_HEIGHT),
    });
    const mainBox = main > 0 ? boxOf(main) : null;
    const reach = Math.hypot(width, height) * 0.04;
    // Small parts right next to the main one (a lever, a handle, a strap) belong to it.
    const isNearMain = (label: number) => {
      if (!mainBox) return false;
      const box = boxOf(label);
      const gapX = Math.max(
        0,
        box.x - (mainBox.x + mainBox.width),
        mainBox.x - (box.x + box.width),
      );
      const gapY = Math.max(
        0,
        box.y - (mainBox.y + mainBox.height),
        mainBox.y - (box.y + box.height),
      );
      const area = stats.intAt(label, cv.CC_STAT_AREA);
      const isSizeOfAPart =
        area >= width * height * 0.0015 && area <= stats.intAt(main, cv.CC_STAT_AREA) * 0.05;
      return isSizeOfAPart && Math.hypot(gapX, gapY) <= reach;
    };
    const labelData = labels.data32S;
    const out = new Uint8Array(width * height);
    if (best <= 0) return out;
    const keep = scores.map(
      (score, label) => label > 0 && (score >= best * 0.12 || isNearMain(label)),
    );
    for (let i = 0; i < out.length; i += 1) if (keep[labelData[i]!]) out[i] = 255;
    return out;
  } finally {
    labels.delete();
    stats.delete();
    centroids.delete();
  }
}

function toRgb(raster: Raster): Uint8Array {
  if (raster.channels === 3) return raster.data;
  const count = raster.width * raster.height;
  const rgb = new Uint8Array(count * 3);
  for (let i = 0; i < count; i += 1) {
    rgb[i * 3] = raster.data[i * raster.channels]!;
    rgb[i * 3 + 1] = raster.data[i * raster.channels + 1]!;
    rgb[i * 3 + 2] = raster.data[i * raster.channels + 2]!;
  }
  return rgb;
}

/**
 * Median colours of the border in 12 stretches: backgrounds are rarely one flat colour (vignette,
 * studio gradient), and each stretch stands for the background near it.
 */
function sampleBorderColors(
  rgb: Uint8Array,
  width: number,
  height: number,
): [number, number, number][] {
  const perimeter: number[] = [];
  for (let x = 0; x < width; x += 1) perimeter.push(x);
  for (let y = 0; y < height; y += 1) perimeter.push(y * width + width - 1);
  for (let x = width - 1; x >= 0; x -= 1) perimeter.push((height - 1) * width + x);
  for (let y = height - 1; y >= 0; y -= 1) perimeter.push(y * width);
  const stretches = 12;
  const size = Math.ceil(perimeter.length / stretches);
  const colors: [number, number, number][] = [];
  for (let s = 0; s < stretches; s += 1) {
    const part = perimeter.slice(s * size, (s + 1) * size);
    if (part.length === 0) continue;
    colors.push(
      [0, 1, 2].map((c) => {
        const values = part.map((i) => rgb[i * 3 + c]!).sort((a, b) => a - b);
        return values[values.length >> 1]!;
      }) as [number, number, number],
    );
  }
  return colors;
}

/** Median colour of the outermost pixels (of pixels `step` bytes apart: 4 with an alpha). */
export function estimateBorderColor(
  rgb: Uint8Array,
  width: number,
  height: number,
  step = 3,
): [number, number, number] {
  const channels: number[][] = [[], [], []];
  const push = (x: number, y: number) => {
    const i = (y * width + x) * step;
    for (let c = 0; c < 3; c += 1) channels[c]!.push(rgb[i + c]!);
  };
  for (let x = 0; x < width; x += 1) {
    push(x, 0);
    push(x, height - 1);
  }
  for (let y = 0; y < height; y += 1) {
    push(0, y);
    push(width - 1, y);
  }
  return channels.map((values) => {
    values.sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  }) as [number, number, number];
}

/**
 * Close to the background colour, or the same hue but darker: the product's own shadow, which is
 * left behind with the background.
 */
function isBackgroundLike(
  rgb: Uint8Array,
  index: number,
  border: [number, number, number],
  tolerance: number,
): boolean {
  const r = rgb[index * 3]!;
  const g = rgb[index * 3 + 1]!;
  const b = rgb[index * 3 + 2]!;
  if (Math.hypot(r - border[0], g - border[1], b - border[2]) < tolerance) return true;
  const sum = r + g + b + 1;
  const borderSum = border[0] + border[1] + border[2] + 1;
  const ratio = sum / borderSum;
  if (ratio < 0.55 || ratio > 1.02) return false;
  const chroma = Math.hypot(
    r / sum - border[0] / borderSum,
    g / sum - border[1] / borderSum,
    b / sum - border[2] / borderSum,
  );
  return chroma < 0.025;
}

/** A 0/255 mask covering `rect` (or everything). */
function wholeArea(width: number, height: number, rect: Box | undefined): Uint8Array {
  const mask = new Uint8Array(width * height);
  if (!rect) return mask.fill(255);
  for (let y = Math.max(0, rect.y); y < Math.min(height, rect.y + rect.height); y += 1) {
    mask.fill(
      255,
      y * width + Math.max(0, rect.x),
      y * width + Math.min(width, rect.x + rect.width),
    );
  }
  return mask;
}
