/**
 * Times the removal fill on the fixture templates framed at 1024x1024, beside the fill of a
 * baseline commit in the same run (its fill-region.ts, read with git show), on the same holes.
 * Prints a table (median of the runs per template, then the median over templates) and, with
 * --out, writes one sheet per template: template | baseline fill | new fill, around the product.
 * With --typical the hole is a 300x400 rectangle centred on the product instead of the removal
 * mask (the size of hole the speed target is set for; it cuts through the product, so its sheets
 * are not meant to be looked at).
 *
 *   cd packages/engine && npx tsx scripts/bench-fill.ts [--baseline main] [--runs 3] [--limit N]
 *     [--only substring] [--out /tmp/fill-out] [--typical]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { analyzeTemplate } from '../src/analyze-template.js';
import { fillHole } from '../src/pipeline/fill-region.js';
import { computeFrame, renderFrame } from '../src/pipeline/frame-template.js';
import { measureSurroundingTexture } from '../src/pipeline/patch-fill.js';
import {
  boundingBoxOf,
  clipBox,
  decodeImage,
  growBox,
  type Raster,
} from '../src/pipeline/raster.js';
import { findRemovalHole } from '../src/pipeline/remove-product.js';
import { listFixtures, readFixture } from '../src/quality/fixture-cases.js';
import { boxToFrame } from '../src/pipeline/frame-template.js';
import { importBaselineModule } from './baseline-module.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const baselineRev = argument('--baseline') ?? 'main';
const runs = Math.max(1, Number(argument('--runs') ?? 3));
const limit = Number(argument('--limit') ?? Infinity);
const only = argument('--only');
const out = argument('--out');
const isTypical = process.argv.includes('--typical');
const TYPICAL = { width: 300, height: 400 };

type Fill = (raster: Raster, hole: Uint8Array) => Promise<void> | void;

/** The baseline's fill, as removeProduct called it: fillHole, or in older commits cloning first and push-pull when that declines. */
async function loadBaseline(rev: string): Promise<Fill> {
  const module = await importBaselineModule<{
    fillHole?: (raster: Raster, hole: Uint8Array) => Promise<unknown>;
    fillRegion: (raster: Raster, hole: Uint8Array) => void;
    cloneFill?: (raster: Raster, hole: Uint8Array) => boolean;
  }>(rev, 'fill-region');
  // The same entry as the new fill's when the baseline has it: fillRegion alone is only the
  // smooth fill, without the choice of method round it.
  const { fillHole: baselineFillHole } = module;
  if (baselineFillHole) return async (raster, hole) => void (await baselineFillHole(raster, hole));
  return (raster, hole) => {
    if (!module.cloneFill?.(raster, hole)) module.fillRegion(raster, hole);
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function time(
  fill: Fill,
  frame: Raster,
  hole: Uint8Array,
): Promise<{ ms: number[]; result: Raster }> {
  const ms: number[] = [];
  let result = frame;
  for (let run = 0; run < runs; run += 1) {
    result = { ...frame, data: frame.data.slice() };
    const started = performance.now();
    await fill(result, hole);
    ms.push(performance.now() - started);
  }
  return { ms, result };
}

async function crop(raster: Raster, area: { x: number; y: number; width: number; height: number }) {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 3 } })
    .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
    .png()
    .toBuffer();
}

function rectangleMask(
  frame: Raster,
  box: { x: number; y: number; width: number; height: number },
) {
  const area = clipBox(
    {
      x: box.x + box.width / 2 - TYPICAL.width / 2,
      y: box.y + box.height / 2 - TYPICAL.height / 2,
      ...TYPICAL,
    },
    frame.width,
    frame.height,
  );
  const mask = new Uint8Array(frame.width * frame.height);
  for (let y = area.y; y < area.y + area.height; y += 1) {
    mask.fill(1, y * frame.width + area.x, y * frame.width + area.x + area.width);
  }
  return mask;
}

const baseline = await loadBaseline(baselineRev);
let methodUsed = '';
const current: Fill = async (raster, hole) => {
  methodUsed = await fillHole(raster, hole);
};
// Warm both up (OpenCV loads once) so the first template is not charged for it.
{
  const warm: Raster = {
    data: new Uint8Array(64 * 64 * 3).map((_, i) => (i * 37) % 251),
    width: 64,
    height: 64,
    channels: 3,
  };
  const hole = new Uint8Array(64 * 64);
  for (let y = 24; y < 40; y += 1) hole.fill(1, y * 64 + 24, y * 64 + 40);
  await current({ ...warm, data: warm.data.slice() }, hole);
  await baseline({ ...warm, data: warm.data.slice() }, hole);
}

if (out) mkdirSync(out, { recursive: true });
const rows: {
  name: string;
  hole: string;
  texture: string;
  method: string;
  old: number;
  now: number;
}[] = [];
const templates = listFixtures()
  .templates.filter((name) => !only || name.includes(only))
  .slice(0, limit);
for (const name of templates) {
  const bytes = readFixture(name);
  const analysis = await analyzeTemplate(bytes, { readText: false });
  if (!analysis.productBox) continue;
  const rgb = await decodeImage(bytes, { channels: 3 });
  const frameMap = computeFrame(rgb, analysis.productBox, '1024x1024');
  const frame = await renderFrame(rgb, frameMap);
  const box = boxToFrame(analysis.productBox, frameMap);
  const hole = isTypical
    ? rectangleMask(frame, box)
    : (await findRemovalHole(frame, box, undefined, [])).hole;
  const holeBox = boundingBoxOf(hole, frame.width);
  if (!holeBox) continue;
  const old = await time(baseline, frame, hole);
  const now = await time(current, frame, hole);
  rows.push({
    name,
    hole: `${holeBox.width}x${holeBox.height}`,
    texture: measureSurroundingTexture(frame, hole).toFixed(2),
    method: methodUsed,
    old: median(old.ms),
    now: median(now.ms),
  });
  if (out) {
    const area = clipBox(growBox(holeBox, 0.15), frame.width, frame.height);
    const tiles = await Promise.all([frame, old.result, now.result].map((r) => crop(r, area)));
    const file = path.join(out, `${name.replace(/[/\\]/g, '_').replace(/\.\w+$/, '')}.png`);
    await sharp({
      create: {
        width: area.width * 3 + 8,
        height: area.height,
        channels: 3,
        background: '#ff00ff',
      },
    })
      .composite(tiles.map((input, n) => ({ input, left: n * (area.width + 4), top: 0 })))
      .png()
      .toFile(file);
  }
}

console.log(
  `fill of ${isTypical ? 'a 300x400 hole' : 'the removal hole'}, 1024x1024 frames, median of ${runs} runs (ms)`,
);
console.table(
  rows.map((row) => ({
    template: row.name.replace('templates/', ''),
    hole: row.hole,
    texture: row.texture,
    method: row.method,
    [`${baselineRev} ms`]: Math.round(row.old),
    'new ms': Math.round(row.now),
  })),
);
console.log(
  `median over ${rows.length} templates: ${baselineRev} ${Math.round(median(rows.map((r) => r.old)))} ms, new ${Math.round(median(rows.map((r) => r.now)))} ms`,
);
process.exit(0);
