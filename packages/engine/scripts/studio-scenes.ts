/**
 * Studio backgrounds made in code, for measure-fill.ts --studio: the photos most ad templates are
 * (a product on a table before a plain wall), with their whole background known, so a fill of a
 * product-shaped hole can be compared with what it replaced.
 */
import { createRandom } from '../src/pipeline/patch-fill.js';
import { encodePng, type Raster } from '../src/pipeline/raster.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export type StudioKind = 'table' | 'marble' | 'sweep' | 'wood';

export type StudioScene = {
  raster: Raster;
  /** Row of the table's edge (null on a seamless sweep). */
  edgeRow: number | null;
  /** Where the product stood: centre x and foot row. */
  centre: number;
  foot: number;
};

function gaussian(random: () => number): number {
  const u = Math.max(1e-9, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Smooth value noise in [0, 1]: random values on a grid of `cell` pixels, interpolated. */
function valueNoise(side: number, cell: number, random: () => number): Float32Array {
  const n = Math.ceil(side / cell) + 2;
  const grid = Float32Array.from({ length: n * n }, () => random());
  const out = new Float32Array(side * side);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < side; y += 1) {
    const gy = Math.floor(y / cell);
    const ty = smooth(y / cell - gy);
    for (let x = 0; x < side; x += 1) {
      const gx = Math.floor(x / cell);
      const tx = smooth(x / cell - gx);
      const a = grid[gy * n + gx]! * (1 - tx) + grid[gy * n + gx + 1]! * tx;
      const b = grid[(gy + 1) * n + gx]! * (1 - tx) + grid[(gy + 1) * n + gx + 1]! * tx;
      out[y * side + x] = a * (1 - ty) + b * ty;
    }
  }
  return out;
}

/** Several octaves of value noise, in about [0, 1]. */
function fractalNoise(side: number, cell: number, random: () => number): Float32Array {
  const out = new Float32Array(side * side);
  let amplitude = 0.5;
  let total = 0;
  for (let size = cell; size >= 4; size /= 2) {
    const layer = valueNoise(side, Math.round(size), random);
    for (let i = 0; i < out.length; i += 1) out[i] = out[i]! + layer[i]! * amplitude;
    total += amplitude;
    amplitude *= 0.5;
  }
  for (let i = 0; i < out.length; i += 1) out[i] = out[i]! / total;
  return out;
}

/**
 * A studio photo: a wall with a vertical gradient meeting a table top (a slightly different tone,
 * its own gradient toward the camera) at a sharp horizontal edge at a random height; a soft
 * contact shadow where the product stood; a marble or wood top, or a seamless sweep with no edge;
 * fine Gaussian grain and a subtle vignette.
 */
export function studioScene(kind: StudioKind, seed: number, side: number): StudioScene {
  const random = createRandom(seed * 7919 + kind.length);
  const between = (a: number, b: number) => a + (b - a) * random();
  const wallTop = between(150, 235);
  const wallDrop = between(-30, 25);
  const tint = [between(-8, 8), between(-4, 4), between(-10, 6)];
  const edgeRow = kind === 'sweep' ? null : Math.round(side * between(0.45, 0.62));
  const edgeAt = (edgeRow ?? 0) + between(0, 1);
  const tableStep = (random() < 0.5 ? -1 : 1) * between(12, 35);
  const tableDrop = between(-6, 16);
  const grain = between(1, 3.2);
  const centre = Math.round(side * between(0.3, 0.7));
  const foot = Math.round(
    edgeRow === null ? side * between(0.7, 0.88) : edgeAt + side * between(0.1, 0.25),
  );
  const shadowDepth = between(0.15, 0.35);
  const veins = kind === 'marble' ? fractalNoise(side, 128, random) : null;
  const clouds = kind === 'marble' ? fractalNoise(side, 256, random) : null;
  const wood = kind === 'wood' ? fractalNoise(side, 64, random) : null;
  const veinAngle = between(0.3, 1.2);
  const data = new Uint8Array(side * side * 3);
  const wallAt = (y: number) => wallTop + (wallDrop * y) / side;
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      let tone = wallAt(y);
      let colour = tint;
      if (edgeRow !== null) {
        // Anti-aliased: the edge falls at a fractional row.
        const onTable = Math.max(0, Math.min(1, y + 0.5 - edgeAt));
        let table = wallAt(edgeAt) + tableStep + (tableDrop * (y - edgeAt)) / side;
        if (veins && clouds) {
          const along = x * Math.cos(veinAngle) + y * Math.sin(veinAngle);
          const vein = 1 - Math.abs(Math.sin(along / 45 + veins[y * side + x]! * 9));
          table += -60 * vein ** 12 - 12 * (clouds[y * side + x]! - 0.5);
        }
        if (wood) {
          // Planks' grain runs across: rings bent by noise.
          const ring = Math.sin(y / 3 + wood[y * side + x]! * 20);
          table += 10 * ring;
          colour = [tint[0]! + 25, tint[1]! + 8, tint[2]! - 20];
        }
        tone = tone * (1 - onTable) + table * onTable;
      }
      // Contact shadow: soft, wider than the product, darkest at its foot.
      const sx = (x - centre) / (side * 0.13);
      const sy = (y - foot) / (side * (y < foot ? 0.012 : 0.03));
      const onSupport = edgeRow === null || y > edgeAt ? 1 : 0;
      tone *= 1 - onSupport * shadowDepth * Math.exp(-(sx * sx + sy * sy));
      // Vignette: the corners a little darker.
      const r2 = ((x - side / 2) ** 2 + (y - side / 2) ** 2) / (side * side * 0.5);
      tone *= 1 - 0.12 * r2;
      const noise = gaussian(random) * grain;
      for (let c = 0; c < 3; c += 1) {
        const value = tone + colour[c]! + noise + gaussian(random) * grain * 0.3;
        data[(y * side + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return { raster: { data, width: side, height: side, channels: 3 }, edgeRow, centre, foot };
}

const luminance = (r: Raster, i: number) =>
  0.299 * r.data[i * 3]! + 0.587 * r.data[i * 3 + 1]! + 0.114 * r.data[i * 3 + 2]!;

/** Mean luminance of a (2 radius + 1)^2 window round each pixel. */
function localMeans(r: Raster, radius: number): Float32Array {
  const { width, height } = r;
  const rows = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    let sum = 0;
    for (let x = -radius; x < width + radius; x += 1) {
      if (x + radius < width) sum += luminance(r, y * width + Math.max(0, x + radius));
      if (x - radius - 1 >= 0) sum -= luminance(r, y * width + x - radius - 1);
      if (x >= 0 && x < width) rows[y * width + x] = sum;
    }
  }
  const out = new Float32Array(width * height);
  for (let x = 0; x < width; x += 1) {
    let sum = 0;
    for (let y = -radius; y < height + radius; y += 1) {
      if (y + radius < height) sum += rows[Math.max(0, y + radius) * width + x]!;
      if (y - radius - 1 >= 0) sum -= rows[(y - radius - 1) * width + x]!;
      if (y >= 0 && y < height) out[y * width + x] = sum / (2 * radius + 1) ** 2;
    }
  }
  return out;
}

/** Haze, edge and shift (see measure-fill.ts) of a fill against the scene it replaced. */
export function compareStudio(scene: StudioScene, filled: Raster, hole: Uint8Array) {
  const truth = scene.raster;
  const { width } = truth;
  const truthMeans = localMeans(truth, 6);
  const fillMeans = localMeans(filled, 6);
  let haze = 0;
  let count = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i]) continue;
    haze += Math.abs(truthMeans[i]! - fillMeans[i]!);
    count += 1;
  }
  let edge = Number.NaN;
  let shift = Number.NaN;
  const row = scene.edgeRow;
  if (row !== null) {
    const reach = 12;
    const columns: number[] = [];
    for (let x = 0; x < width; x += 1) {
      let inside = true;
      for (let y = row - reach; y <= row + reach && inside; y += 1) inside = !!hole[y * width + x];
      if (inside) columns.push(x);
    }
    if (columns.length > 0) {
      const profile = (r: Raster, y: number) =>
        columns.reduce((sum, x) => sum + luminance(r, y * width + x), 0) / columns.length;
      const step = (r: Raster) => profile(r, row + 2) - profile(r, row - 2);
      edge = step(filled) / step(truth);
      const strongest = (r: Raster) => {
        let best = 0;
        let at = 0;
        for (let y = row - reach; y < row + reach; y += 1) {
          const d = Math.abs(profile(r, y + 1) - profile(r, y));
          if (d > best) [best, at] = [d, y];
        }
        return at;
      };
      shift = strongest(filled) - strongest(truth);
    }
  }
  return { haze: haze / count, edge, shift };
}

/** Writes the hole's surroundings, photo above fill, for a look at full size. */
export async function saveStudioCrop(
  dir: string,
  name: string,
  truth: Raster,
  filled: Raster,
  hole: Uint8Array,
): Promise<void> {
  const { width } = truth;
  let x0 = width;
  let x1 = 0;
  let y0 = truth.height;
  let y1 = 0;
  for (let i = 0; i < hole.length; i += 1) {
    if (!hole[i]) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
  }
  const pad = 40;
  x0 = Math.max(0, x0 - pad);
  y0 = Math.max(0, y0 - pad);
  x1 = Math.min(width - 1, x1 + pad);
  y1 = Math.min(truth.height - 1, y1 + pad);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const data = new Uint8Array(w * 2 * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const src = ((y + y0) * width + x + x0) * 3;
      for (let c = 0; c < 3; c += 1) {
        data[(y * 2 * w + x) * 3 + c] = truth.data[src + c]!;
        data[(y * 2 * w + w + x) * 3 + c] = filled.data[src + c]!;
      }
    }
  }
  const png = await encodePng({ data, width: 2 * w, height: h, channels: 3 });
  writeFileSync(path.join(dir, `${name}.png`), png);
}
