/**
 * Times the product cut-out (cutOutProduct, the model loaded and warm) on the fixture products,
 * beside a baseline commit's cut-out-product.ts in the same
 * run (read with git show; its imports resolve to this checkout's modules), alternating the two
 * per run. Prints a table: the photo's size, the cut-out's size in each, the median of the runs,
 * and the medians over all photos.
 *
 *   cd packages/engine && npx tsx scripts/bench-cut-out.ts [--baseline main] [--runs 3]
 */
import sharp from 'sharp';
import { closeEngine, cutOutProduct } from '../src/index.js';
import { forgetRecentMaps } from '../src/ml/isnet-model.js';
import { listFixtures, readFixture } from '../src/quality/fixture-cases.js';
import type { ProductCutOut } from '../src/types.js';
import { importBaselineModule } from './baseline-module.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const baselineRev = argument('--baseline') ?? 'main';
const runs = Math.max(1, Number(argument('--runs') ?? 3));

type CutOut = (bytes: Uint8Array) => Promise<ProductCutOut>;

async function loadBaseline(rev: string): Promise<CutOut> {
  const module = await importBaselineModule<{ cutOutProduct: CutOut }>(rev, 'cut-out-product');
  return module.cutOutProduct;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const baseline = await loadBaseline(baselineRev);
const photos = listFixtures().products;
// Warm the model up so the first photo is not charged for its load.
await cutOutProduct(readFixture(photos[0]!));

const sizeOf = async (png: Uint8Array) => {
  const { width, height } = await sharp(png).metadata();
  return `${width}x${height}`;
};
const rows: Record<string, string | number>[] = [];
const oldTimes: number[] = [];
const newTimes: number[] = [];
for (const photo of photos) {
  const bytes = readFixture(photo);
  const { width, height } = await sharp(bytes).metadata();
  const timesOld: number[] = [];
  const timesNew: number[] = [];
  let oldCut: ProductCutOut | null = null;
  let newCut: ProductCutOut | null = null;
  for (let run = 0; run < runs; run += 1) {
    // The model's recent maps are forgotten: a first-seen product's cut-out runs the model.
    forgetRecentMaps();
    let started = performance.now();
    oldCut = await baseline(bytes);
    timesOld.push(performance.now() - started);
    forgetRecentMaps();
    started = performance.now();
    newCut = await cutOutProduct(bytes);
    timesNew.push(performance.now() - started);
  }
  oldTimes.push(median(timesOld));
  newTimes.push(median(timesNew));
  rows.push({
    photo,
    size: `${width}x${height}`,
    [`${baselineRev} cut-out`]: await sizeOf(oldCut!.png),
    'new cut-out': await sizeOf(newCut!.png),
    [`${baselineRev} ms`]: Math.round(median(timesOld)),
    'new ms': Math.round(median(timesNew)),
  });
}
console.log(`cutOutProduct, median of ${runs} runs per photo (ms)`);
console.table(rows);
console.log(
  `median over ${rows.length} photos: ${baselineRev} ${Math.round(median(oldTimes))} ms, new ${Math.round(median(newTimes))} ms`,
);
await closeEngine();
