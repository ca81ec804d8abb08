/**
 * ISNet as shipped (float16 weights, which ONNX Runtime's CPU kernels wrap in casts) beside the
 * same model widened to float32 (`widenHalfModel`, what the engine runs): time per 1024x1024 run
 * and how far their probabilities differ, on every `--every`th fixture photo. The two sessions
 * take turns on each photo, so a noisy machine slows both alike. Prints a table.
 *
 *   npx tsx bench/engine/isnet-precision.ts [--every 6]
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  ISNET_SIDE,
  readIsnetWeights,
  runIsnet,
} from '../../packages/engine/src/ml/isnet-model.js';
import { createOnnxSession } from '../../packages/engine/src/ml/onnx-session.js';
import { widenHalfModel } from '../../packages/engine/src/ml/widen-half-model.js';
import { listFixtures, readFixture } from '../../packages/engine/src/quality/fixture-cases.js';

const { values } = parseArgs({ options: { every: { type: 'string', default: '6' } } });
const every = Number(values.every);

const shipped = await readIsnetWeights();
const half = await createOnnxSession(shipped);
const float = await createOnnxSession(widenHalfModel(shipped));

const { templates, products } = listFixtures();
const photos = [...templates, ...products].filter((_, index) => index % every === 0);
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? sorted[Math.floor(middle)]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const timed = async (session: typeof half, rgb: Uint8Array) => {
  const started = performance.now();
  const probability = await runIsnet(session, rgb);
  return { probability, ms: performance.now() - started };
};

const halfTimes: number[] = [];
const floatTimes: number[] = [];
const rows: string[] = [];
for (const [index, photo] of photos.entries()) {
  const rgb = await sharp(readFixture(photo))
    .removeAlpha()
    .resize(ISNET_SIDE, ISNET_SIDE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  // Alternate which goes first, so neither always runs on a warmer cache.
  const [a, b] = index % 2 ? [half, float] : [float, half];
  const first = await timed(a, rgb);
  const second = await timed(b, rgb);
  const [ofHalf, ofFloat] = index % 2 ? [first, second] : [second, first];
  halfTimes.push(ofHalf.ms);
  floatTimes.push(ofFloat.ms);
  let largest = 0;
  let levelsMoved = 0;
  let both = 0;
  let either = 0;
  for (let i = 0; i < ofHalf.probability.length; i++) {
    const p = ofHalf.probability[i]!;
    const q = ofFloat.probability[i]!;
    largest = Math.max(largest, Math.abs(p - q));
    if (Math.round(p * 255) !== Math.round(q * 255)) levelsMoved++;
    if (p >= 0.5 && q >= 0.5) both++;
    if (p >= 0.5 || q >= 0.5) either++;
  }
  rows.push(
    `| ${photo} | ${Math.round(ofHalf.ms)} | ${Math.round(ofFloat.ms)} | ${largest.toFixed(4)} | ${((100 * levelsMoved) / ofHalf.probability.length).toFixed(2)}% | ${either ? (both / either).toFixed(4) : '-'} |`,
  );
}

console.log(
  '| photo | float16 ms | float32 ms | largest difference | 8-bit levels moved | mask IoU (p >= 0.5) |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
// The ratio per photo is steadier than the ratio of medians when other work comes and goes.
const ratios = floatTimes.map((ms, index) => ms / halfTimes[index]!);
console.log(
  `\nMedian of ${photos.length} runs each: float16 ${Math.round(median(halfTimes))} ms, float32 ${Math.round(median(floatTimes))} ms; median float32/float16 ratio per photo ${median(ratios).toFixed(2)}.`,
);
