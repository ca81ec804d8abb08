/**
 * Ground truth for the removal fill: on every fixture template framed at 1024x1024 (a background
 * photo whose pixels are known), a hole shaped like a product (a bottle: a rounded body and a
 * neck) is cut at a few places where products stand, filled from its surroundings, and compared
 * with the photo it replaced. Printed per template and method (the fill as it was: patches on
 * textured surroundings, smooth otherwise; and fillHole now):
 * - err: mean absolute error in the hole (levels, luminance); a blur scores well here, so also
 * - detail: the fill's fine detail (distance from a 5x5 local mean) over the photo's, in the hole:
 *   1 is right, near 0 is a smooth blob, far above 1 is noise or seams;
 * - lines: the share of the photo's strong edge pixels in the hole (straight lines, planks, an
 *   edge of a table) that the fill has an edge within 2 px of (1 is all continued).
 *
 * With --studio, the same on studio backgrounds made in code instead (studio-scenes.ts): a
 * gradient wall meeting a table top at a random height, a soft contact shadow, grain and a
 * vignette; a plain, marble or wood top, or a seamless sweep. The hole crosses the table's edge.
 * Also printed there:
 * - haze: mean absolute error of 13x13 means in the hole (blotches, a haze; grain averages away);
 * - edge: the table edge's step in the fill over the photo's, over the hole's columns, two rows
 *   either side of the true row (1 is sharp at the right height, near 0 is lost or smeared);
 * - shift: rows between the fill's strongest step near the edge and the photo's.
 *
 *   cd packages/engine && npx tsx scripts/measure-fill.ts [--only substring] [--limit N]
 *   cd packages/engine && npx tsx scripts/measure-fill.ts --studio [--only scene] [--save DIR]
 */
import { fillHole, fillRegion, TEXTURE_THRESHOLD } from '../src/pipeline/fill-region.js';
import { computeFrame, renderFrame } from '../src/pipeline/frame-template.js';
import { measureSurroundingTexture, patchFill } from '../src/pipeline/patch-fill.js';
import { decodeImage, type Raster } from '../src/pipeline/raster.js';
import { listFixtures, readFixture } from '../src/quality/fixture-cases.js';
import { isHeldOut } from '../src/quality/hold-out.js';
import { compareStudio, saveStudioCrop, studioScene, type StudioKind } from './studio-scenes.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const only = argument('--only');
const limit = Number(argument('--limit') ?? Infinity);
const SIDE = 1024;
/** Where the synthetic products stand: centre x, foot y, as shares of the frame. */
const PLACES = [
  { x: 0.32, foot: 0.78 },
  { x: 0.68, foot: 0.9 },
];

/** A bottle 0.16 x 0.34 of the frame: rounded body, shoulder and neck. */
function bottleHole(place: { x: number; foot: number }): Uint8Array {
  const hole = new Uint8Array(SIDE * SIDE);
  const bodyWidth = SIDE * 0.16;
  const height = SIDE * 0.34;
  const foot = Math.round(place.foot * SIDE);
  const top = foot - height;
  const centre = place.x * SIDE;
  for (let y = Math.max(0, Math.round(top)); y < Math.min(SIDE, foot); y += 1) {
    const t = (y - top) / height;
    // Neck (top 25 %), shoulder (25-40 %), body.
    const half =
      t < 0.25
        ? bodyWidth * 0.18
        : t < 0.4
          ? bodyWidth * (0.18 + ((t - 0.25) / 0.15) * 0.32)
          : bodyWidth / 2;
    for (let x = Math.round(centre - half); x < Math.round(centre + half); x += 1) {
      if (x >= 0 && x < SIDE) hole[y * SIDE + x] = 1;
    }
  }
  return hole;
}

const luminance = (r: Raster, i: number) =>
  0.299 * r.data[i * 3]! + 0.587 * r.data[i * 3 + 1]! + 0.114 * r.data[i * 3 + 2]!;

function detailAt(r: Raster, x: number, y: number): number {
  let sum = 0;
  let n = 0;
  for (let dy = -2; dy <= 2; dy += 1) {
    for (let dx = -2; dx <= 2; dx += 1) {
      const nx = Math.min(SIDE - 1, Math.max(0, x + dx));
      const ny = Math.min(SIDE - 1, Math.max(0, y + dy));
      sum += luminance(r, ny * SIDE + nx);
      n += 1;
    }
  }
  return Math.abs(luminance(r, y * SIDE + x) - sum / n);
}

function edgeAt(r: Raster, x: number, y: number): boolean {
  if (x < 1 || y < 1 || x >= SIDE - 1 || y >= SIDE - 1) return false;
  const gx = luminance(r, y * SIDE + x + 1) - luminance(r, y * SIDE + x - 1);
  const gy = luminance(r, (y + 1) * SIDE + x) - luminance(r, (y - 1) * SIDE + x);
  return Math.hypot(gx, gy) > 40;
}

function compare(truth: Raster, filled: Raster, hole: Uint8Array) {
  let error = 0;
  let count = 0;
  let detailTruth = 0;
  let detailFill = 0;
  let edges = 0;
  let continued = 0;
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) {
      const i = y * SIDE + x;
      if (!hole[i]) continue;
      error += Math.abs(luminance(truth, i) - luminance(filled, i));
      detailTruth += detailAt(truth, x, y);
      detailFill += detailAt(filled, x, y);
      count += 1;
      if (!edgeAt(truth, x, y)) continue;
      edges += 1;
      let found = false;
      for (let dy = -2; dy <= 2 && !found; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) if (edgeAt(filled, x + dx, y + dy)) found = true;
      }
      if (found) continued += 1;
    }
  }
  return {
    err: error / count,
    detail: detailFill / Math.max(1e-6, detailTruth),
    lines: edges > 50 ? continued / edges : Number.NaN,
  };
}

/** The fill before the offset fill: patches on textured surroundings, push-pull otherwise. */
async function previousFill(raster: Raster, hole: Uint8Array): Promise<string> {
  if (
    measureSurroundingTexture(raster, hole) >= TEXTURE_THRESHOLD &&
    (await patchFill(raster, hole))
  )
    return 'patches';
  fillRegion(raster, hole);
  return 'smooth';
}

if (process.argv.includes('--studio')) {
  await measureStudio(argument('--save'));
  process.exit(0);
}

const rows: Record<string, string | number>[] = [];
const totals = {
  before: [] as ReturnType<typeof compare>[],
  now: [] as ReturnType<typeof compare>[],
};
const templates = listFixtures()
  // Held-out templates are never measured on while the fill is tuned.
  .templates.filter((name) => !isHeldOut(name) && (!only || name.includes(only)))
  .slice(0, limit);
for (const name of templates) {
  const rgb = await decodeImage(readFixture(name), { channels: 3 });
  const whole = { x: 0, y: 0, width: rgb.width, height: rgb.height };
  const truth = await renderFrame(rgb, computeFrame(rgb, whole, `${SIDE}x${SIDE}`));
  for (const [n, place] of PLACES.entries()) {
    const hole = bottleHole(place);
    const before = { ...truth, data: truth.data.slice() };
    const now = { ...truth, data: truth.data.slice() };
    const beforeMethod = await previousFill(before, hole);
    const nowMethod = await fillHole(now, hole);
    const a = compare(truth, before, hole);
    const b = compare(truth, now, hole);
    totals.before.push(a);
    totals.now.push(b);
    const row = {
      template: `${name.replace('templates/', '').slice(0, 40)} #${n + 1}`,
      before: beforeMethod,
      'err before': a.err.toFixed(1),
      'detail before': a.detail.toFixed(2),
      'lines before': a.lines.toFixed(2),
      now: nowMethod,
      'err now': b.err.toFixed(1),
      'detail now': b.detail.toFixed(2),
      'lines now': b.lines.toFixed(2),
    };
    rows.push(row);
    // As it goes: a run over every template takes minutes.
    console.log(Object.values(row).join('  '));
  }
}
console.table(rows);
const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((p, q) => p - q);
  return sorted[sorted.length >> 1] ?? Number.NaN;
};
for (const key of ['before', 'now'] as const) {
  const list = totals[key];
  console.log(
    `${key}: median err ${median(list.map((r) => r.err)).toFixed(1)}, median detail ${median(list.map((r) => r.detail)).toFixed(2)}, median lines ${median(list.map((r) => r.lines)).toFixed(2)} (${list.length} holes)`,
  );
}
process.exit(0);

/** The --studio measure: scenes made in code, three of each kind, each with one hole. */
async function measureStudio(saveDir: string | undefined): Promise<void> {
  const kinds: StudioKind[] = ['table', 'marble', 'sweep', 'wood'];
  const studioRows: Record<string, string | number>[] = [];
  const results: (ReturnType<typeof compare> & ReturnType<typeof compareStudio>)[] = [];
  for (const kind of kinds) {
    for (let seed = 1; seed <= 3; seed += 1) {
      if (only && !`${kind}-${seed}`.includes(only)) continue;
      const scene = studioScene(kind, seed, SIDE);
      const hole = bottleHole({ x: scene.centre / SIDE, foot: scene.foot / SIDE });
      const filled = { ...scene.raster, data: scene.raster.data.slice() };
      const method = await fillHole(filled, hole);
      const result = {
        ...compare(scene.raster, filled, hole),
        ...compareStudio(scene, filled, hole),
      };
      results.push(result);
      if (saveDir) await saveStudioCrop(saveDir, `${kind}-${seed}`, scene.raster, filled, hole);
      const row = {
        scene: `${kind}-${seed}`,
        method,
        err: result.err.toFixed(1),
        haze: result.haze.toFixed(2),
        detail: result.detail.toFixed(2),
        edge: result.edge.toFixed(2),
        shift: result.shift,
      };
      studioRows.push(row);
      console.log(Object.values(row).join('  '));
    }
  }
  console.table(studioRows);
  const mean = (values: number[]) => {
    const list = values.filter((v) => !Number.isNaN(v));
    return list.reduce((sum, v) => sum + v, 0) / Math.max(1, list.length);
  };
  console.log(
    `studio: mean err ${mean(results.map((r) => r.err)).toFixed(2)}, mean haze ${mean(results.map((r) => r.haze)).toFixed(2)}, mean |detail - 1| ${mean(results.map((r) => Math.abs(r.detail - 1))).toFixed(2)}, mean edge ${mean(results.map((r) => r.edge)).toFixed(2)}, mean |shift| ${mean(results.map((r) => Math.abs(r.shift))).toFixed(1)} (${results.length} holes)`,
  );
}
