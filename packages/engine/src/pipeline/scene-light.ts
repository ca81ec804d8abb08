import type { Raster } from './raster.js';

/** Linear light of each 8-bit sRGB value. */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function labCurve(t: number): number {
  return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

function labCurveInverse(t: number): number {
  const cube = t ** 3;
  return cube > 0.008856 ? cube : (t - 16 / 116) / 7.787;
}

function toSrgb(c: number): number {
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.min(255, Math.max(0, Math.round(v * 255)));
}

/** 8-bit sRGB to CIE Lab (D65), written into `lab` (L, a, b): no allocation per pixel. */
function rgbToLab(r: number, g: number, b: number, lab: Float64Array): Float64Array {
  const lr = LINEAR[r]!;
  const lg = LINEAR[g]!;
  const lb = LINEAR[b]!;
  const fx = labCurve((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const fy = labCurve(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const fz = labCurve((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  lab[0] = 116 * fy - 16;
  lab[1] = 500 * (fx - fy);
  lab[2] = 200 * (fy - fz);
  return lab;
}

/** CIE Lab (D65) to 8-bit sRGB, written into `rgb` at `at`. */
function labToRgb(l: number, a: number, b: number, rgb: Uint8Array, at: number): void {
  const fy = (l + 16) / 116;
  const x = labCurveInverse(fy + a / 500) * 0.95047;
  const y = labCurveInverse(fy);
  const z = labCurveInverse(fy - b / 200) * 1.08883;
  rgb[at] = toSrgb(3.2406 * x - 1.5372 * y - 0.4986 * z);
  rgb[at + 1] = toSrgb(-0.9689 * x + 1.8758 * y + 0.0415 * z);
  rgb[at + 2] = toSrgb(0.0557 * x - 0.204 * y + 1.057 * z);
}

/**
 * The light on the old product: its mean lightness and how lightness changes across it (a plane
 * fitted over the object, per unit of its width and height), and the scene's colour cast (mean
 * a, b of the background around it).
 */
export type SceneLight = {
  lightness: number;
  slopeX: number;
  slopeY: number;
  castA: number;
  castB: number;
};

/** Measures SceneLight from the object's pixels and the background pixels around it. */
export function measureSceneLight(
  frame: Raster,
  object: Uint8Array,
  background: Uint8Array,
): SceneLight | null {
  const { width, channels } = frame;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < object.length; i += 1) {
    if (!object[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (!Number.isFinite(minX)) return null;
  const spanX = Math.max(1, maxX - minX);
  const spanY = Math.max(1, maxY - minY);
  // Least squares of L = c + sx * u + sy * v over the object (u, v in -0.5..0.5).
  const lab = new Float64Array(3);
  let n = 0;
  let su = 0;
  let sv = 0;
  let sl = 0;
  let suu = 0;
  let svv = 0;
  let suv = 0;
  let sul = 0;
  let svl = 0;
  for (let i = 0; i < object.length; i += 3) {
    if (!object[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    const u = (x - minX) / spanX - 0.5;
    const v = (y - minY) / spanY - 0.5;
    const k = i * channels;
    const l = rgbToLab(frame.data[k]!, frame.data[k + 1]!, frame.data[k + 2]!, lab)[0]!;
    n += 1;
    su += u;
    sv += v;
    sl += l;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    sul += u * l;
    svl += v * l;
  }
  if (n < 20) return null;
  const mu = su / n;
  const mv = sv / n;
  const ml = sl / n;
  const cuu = suu / n - mu * mu;
  const cvv = svv / n - mv * mv;
  const cuv = suv / n - mu * mv;
  const cul = sul / n - mu * ml;
  const cvl = svl / n - mv * ml;
  const det = cuu * cvv - cuv * cuv;
  const slopeX = det > 1e-6 ? (cul * cvv - cvl * cuv) / det : 0;
  const slopeY = det > 1e-6 ? (cvl * cuu - cul * cuv) / det : 0;
  let castA = 0;
  let castB = 0;
  let m = 0;
  for (let i = 0; i < background.length; i += 5) {
    if (!background[i]) continue;
    const k = i * channels;
    rgbToLab(frame.data[k]!, frame.data[k + 1]!, frame.data[k + 2]!, lab);
    castA += lab[1]!;
    castB += lab[2]!;
    m += 1;
  }
  return {
    lightness: ml,
    slopeX,
    slopeY,
    castA: m ? castA / m : 0,
    castB: m ? castB / m : 0,
  };
}

/**
 * Relights the product (RGBA, in place) in Lab toward the old product's light: part of the
 * lightness difference, the direction of its shading, and a trace of the scene's colour cast.
 * Every change is bounded so the product keeps its own colours.
 */
export function matchTone(product: Raster, light: SceneLight): void {
  const { width, height, data } = product;
  const lab = new Float64Array(3);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < width * height; i += 2) {
    if (data[i * 4 + 3]! < 200) continue;
    sum += rgbToLab(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!, lab)[0]!;
    count += 1;
  }
  if (count === 0) return;
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const shift = clamp(0.3 * (light.lightness - sum / count), 5);
  // A third of the old product's shading: the rest of its plane is the old product's own
  // colouring (a dark cap, a label), not light.
  const slopeX = clamp(0.35 * light.slopeX, 8);
  const slopeY = clamp(0.35 * light.slopeY, 8);
  const castA = clamp(0.12 * light.castA, 3);
  const castB = clamp(0.12 * light.castB, 3);
  for (let y = 0; y < height; y += 1) {
    const v = y / Math.max(1, height - 1) - 0.5;
    for (let x = 0; x < width; x += 1) {
      const p = (y * width + x) * 4;
      if (data[p + 3] === 0) continue;
      const u = x / Math.max(1, width - 1) - 0.5;
      rgbToLab(data[p]!, data[p + 1]!, data[p + 2]!, lab);
      labToRgb(
        Math.min(100, Math.max(0, lab[0]! + shift + slopeX * u + slopeY * v)),
        lab[1]! + castA,
        lab[2]! + castB,
        data,
        p,
      );
    }
  }
}

/** Luminance of an RGB(A) raster, as floats. */
function toLuminance(raster: Raster): Float32Array {
  const out = new Float32Array(raster.width * raster.height);
  for (let i = 0; i < out.length; i += 1) {
    const k = i * raster.channels;
    out[i] = 0.299 * raster.data[k]! + 0.587 * raster.data[k + 1]! + 0.114 * raster.data[k + 2]!;
  }
  return out;
}

/**
 * Edge crispness: over strong edges, |Laplacian| / |gradient| (contrast cancels out; blur
 * lowers it, a blurred edge changes slope more slowly), at its 90th percentile: the best-focused
 * edges of the picture, whatever its content, so soft fabric does not read as blur.
 */
export function measureCrispness(raster: Raster, mask?: Uint8Array): number {
  const { width, height } = raster;
  const l = toLuminance(raster);
  const ratios = new Float64Array(width * height);
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      if (mask && !mask[i]) continue;
      const gx = (l[i + 1]! - l[i - 1]!) / 2;
      const gy = (l[i + width]! - l[i - width]!) / 2;
      const g = Math.hypot(gx, gy);
      if (g < 12) continue;
      ratios[count++] =
        Math.abs(l[i + 1]! + l[i - 1]! + l[i + width]! + l[i - width]! - 4 * l[i]!) / g;
    }
  }
  if (count < 50) return 0;
  const sorted = ratios.subarray(0, count).sort();
  return sorted[Math.floor(count * 0.9)]!;
}

/**
 * Grain: the robust spread (1.4826 x median absolute value) of luminance minus its 3x3 mean,
 * over the masked pixels.
 */
export function measureGrain(raster: Raster, mask?: Uint8Array): number {
  const { width, height } = raster;
  const l = toLuminance(raster);
  const values = new Float64Array(Math.ceil(width / 2) * Math.ceil(height / 2));
  let count = 0;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x += 2) {
      const i = y * width + x;
      if (mask && !mask[i]) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) sum += l[i + dy * width + dx]!;
      }
      values[count++] = Math.abs(l[i]! - sum / 9);
    }
  }
  if (count === 0) return 0;
  const sorted = values.subarray(0, count).sort();
  // The 3x3 mean includes the pixel: the residual of white noise is 8/9 of it.
  return (1.4826 * sorted[count >> 1]!) / (8 / 9);
}

/** Adds luminance grain of the given spread (a seeded generator: the same input, the same output). */
export function addGrain(product: Raster, spread: number, seed = 1): void {
  if (spread <= 0.3) return;
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const { data } = product;
  for (let p = 0; p < data.length; p += 4) {
    // Box-Muller: one normal sample per pixel, the same on every channel.
    const noise =
      spread * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    if (data[p + 3] === 0) continue;
    for (let c = 0; c < 3; c += 1) {
      data[p + c] = Math.min(255, Math.max(0, Math.round(data[p + c]! + noise)));
    }
  }
}
