/**
 * What the inpainting model costs beside the fill it replaced, in one run: a fixture photo at
 * 1024x1024 with a square hole of three sizes, filled `--runs` times by MI-GAN
 * (`inpaintWithMigan`) and by the classical fill of a textured hole (`fillHole` without the model:
 * patches), alternately. Prints the median wall time of each, their ratio, and the process's
 * resident memory after the model's load and at the end.
 *
 *   GLIBC_TUNABLES=glibc.malloc.hugetlb=1 npx tsx bench/engine/inpainting.ts [--runs 3]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { inpaintWithMigan, loadMigan } from '../../packages/engine/src/ml/migan-model.js';
import { fillHole } from '../../packages/engine/src/pipeline/fill-region.js';
import type { Raster } from '../../packages/engine/src/pipeline/raster.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const SIDE = 1024;

// A wooden floor under a wall: textured, so the classical fill copies patches.
const photo = path.join(repoRoot, 'fixtures/unseen/road-sport-vintage-wheel-retro-old.jpg');
const rgb = new Uint8Array(
  await sharp(photo).removeAlpha().resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer(),
);
const megabytes = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const started = megabytes();
await loadMigan();
const loaded = megabytes();

const rows: string[][] = [];
for (const side of [200, 400, 700]) {
  const hole = new Uint8Array(SIDE * SIDE);
  const top = SIDE - side - 40;
  const left = (SIDE - side) >> 1;
  for (let y = top; y < top + side; y += 1) hole.fill(1, y * SIDE + left, y * SIDE + left + side);
  const times = { model: [] as number[], classical: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    for (const kind of ['model', 'classical'] as const) {
      const raster: Raster = { data: rgb.slice(), width: SIDE, height: SIDE, channels: 3 };
      const start = performance.now();
      if (kind === 'model') await inpaintWithMigan(raster, hole);
      else await fillHole(raster, hole);
      times[kind].push(performance.now() - start);
    }
  }
  const model = median(times.model);
  const classical = median(times.classical);
  rows.push([
    `${side}x${side}`,
    `${Math.round(model)} ms`,
    `${Math.round(classical)} ms`,
    (model / classical).toFixed(2),
  ]);
}

console.log(`1024x1024, hole a square at the bottom; median of ${runs} runs each, alternated`);
console.log('| hole | MI-GAN | classical (patches) | ratio |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
  `resident memory: ${started} MB before the model, ${loaded} MB loaded, ${megabytes()} MB at the end`,
);
