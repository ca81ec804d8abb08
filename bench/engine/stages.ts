/**
 * Where the engine's time and memory go, stage by stage, in one thread (as one engine worker runs
 * them): resident memory after each model or runtime loads and the peak during it, then the
 * server's swap scenario (a 1024x1024 swap of the catalogue's newest template with its recorded
 * box and phrases: first-seen product = cut-out + swap, then the cut-out kept), each run `--runs`
 * times with its steps timed. Peaks come from the kernel (VmHWM of /proc/self/status, reset
 * between stages through /proc/self/clear_refs), so native allocations (onnxruntime, sharp,
 * WebAssembly) count. Prints a table.
 *
 *   npx tsx bench/engine/stages.ts [--runs 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadIsnet } from '../../packages/engine/src/ml/isnet-model.js';
import { loadOpenCv } from '../../packages/engine/src/pipeline/opencv-loader.js';
import { loadPpOcr } from '../../packages/engine/src/text/pp-ocr.js';
import { readWordsWithTesseract } from '../../packages/engine/src/text/read-words.js';
import {
  closeEngine,
  createProvider,
  cutOutProduct,
  type GenerationStep,
  type ProductCutOut,
} from '../../packages/engine/src/index.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const fixtures = process.env.FIXTURES_DIR ?? path.resolve(repoRoot, 'fixtures');

const memory = (field: 'VmHWM' | 'VmRSS') => {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
};
const resetPeak = () => fs.writeFileSync('/proc/self/clear_refs', '5');
const rows: string[] = [];
async function stage<T>(name: string, run: () => Promise<T>): Promise<T> {
  const before = memory('VmRSS');
  resetPeak();
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  rows.push(
    `| ${name} | ${Math.round(ms)} ms | ${Math.round(before)} MB | ${Math.round(memory('VmHWM'))} MB | ${Math.round(memory('VmRSS'))} MB |`,
  );
  return result;
}

await stage('opencv', () => loadOpenCv());
await stage('tesseract', async () => {
  const blank = await sharp({
    create: { width: 32, height: 16, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  await readWordsWithTesseract(new Uint8Array(blank), { variants: ['grey'] });
});
await stage('isnet load', () => loadIsnet());
await stage('pp-ocr load', () => loadPpOcr());

const manifest = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'apps/server/catalogue/manifest.json'), 'utf8'),
) as {
  file: string;
  productBox: { x: number; y: number; width: number; height: number };
  words: { text: string; box: { x: number; y: number; width: number; height: number } }[];
}[];
const entry = manifest[manifest.length - 1]!;
const template = new Uint8Array(
  fs.readFileSync(path.join(repoRoot, 'apps/server/catalogue/images', entry.file)),
);
const photo = fs.readFileSync(path.join(fixtures, 'products/ruslan-bardash-351288-unsplash.jpg'));
const provider = createProvider();
const stepTimes = new Map<string, number[]>();
for (let run = 1; run <= runs; run += 1) {
  const product = new Uint8Array(
    await sharp(photo)
      .extend({ left: run, background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const cutOut: ProductCutOut = await stage(`cut-out #${run}`, () => cutOutProduct(product));
  await stage(`swap, cut-out kept #${run}`, () =>
    provider.swap(
      {
        template: template.slice(),
        product,
        productCutOut: cutOut,
        productBox: entry.productBox,
        recordedText: entry.words.map((word) => ({ text: word.text, box: word.box })),
        replacements: [],
        size: '1024x1024',
      },
      {
        onStep: (step: { name: GenerationStep; ms?: number }) => {
          if (step.ms === undefined) return;
          stepTimes.set(step.name, [...(stepTimes.get(step.name) ?? []), step.ms]);
        },
      },
    ),
  );
}
await closeEngine();
console.log('| stage | time | RSS before | peak during | RSS after |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log('\n| swap step | times (ms) |');
console.log('| --- | --- |');
for (const [name, times] of stepTimes) console.log(`| ${name} | ${times.join(', ')} |`);
