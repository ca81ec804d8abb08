/**
 * Ten swaps of templates and product photos the engine was never tuned on (the hold-out fixtures
 * and photos from image test sets that Debian and the WooCommerce blocks ship, in fixtures/unseen/),
 * as a person would try it: no recorded box, no stored analysis, the cut-out made in the call.
 * Writes docs/engine-gallery/unseen/after.jpg (template | product | result per row) and each result
 * at full size in the temporary folder (adtwin-trial); whether a result could be posted is judged by looking, in the README beside it.
 * Usage: npm run trial -w @adtwin/engine [-- --out NAME] [--only NAME,NAME] (NAME.jpg instead of
 * after.jpg; --only runs the named cases, to look at them without a sheet)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { resolveRepoRoot } from '../src/config.js';
import { closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import { readFixture } from '../src/quality/fixture-cases.js';

/** Template and product, relative to the fixtures folder. */
export const UNSEEN_CASES: readonly { name: string; template: string; product: string }[] = [
  {
    name: 'monitor-desk-coffee',
    template: 'templates/gaming/daniel-korpai-1302051-unsplash.jpg',
    product: 'unseen/coffee.png',
  },
  {
    name: 'mouse-camera',
    template: 'templates/business/oscar-ivan-esquivel-arteaga-687447-unsplash.jpg',
    product: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
  },
  {
    name: 'tulips-bottles',
    template: 'templates/home/natalia-y-345738-unsplash.jpg',
    product: 'products/solidus_bottles_1.png',
  },
  {
    name: 'plant-desk-camera',
    template: 'templates/home/abel-y-costa-716024-unsplash.jpg',
    product: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
  },
  {
    name: 'dark-bicycle-sneaker',
    template: 'templates/health/mikkel-bech-748940-unsplash.jpg',
    product: 'products/thomas-serer-420833-unsplash.jpg',
  },
  {
    name: 'bicycle-wall-stool',
    template: 'unseen/road-sport-vintage-wheel-retro-old.jpg',
    product: 'products/ruslan-bardash-351288-unsplash.jpg',
  },
  {
    name: 'leaf-vase-bottles',
    template: 'unseen/plant-white-leaf-flower-vase-green.jpg',
    product: 'products/solidus_bottles_1.png',
  },
  {
    name: 'typewriter-camera',
    template: 'unseen/writing-typing-keyboard-technology-white-vintage.jpg',
    product: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
  },
  {
    name: 'camera-typewriter',
    template: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
    product: 'unseen/writing-typing-keyboard-technology-white-vintage.jpg',
  },
  {
    name: 'side-table-coffee',
    template: 'unseen/table-white-chair-floor-shelf-lamp-square-lg.png',
    product: 'unseen/coffee.png',
  },
];

const CELL = 256;
const out = path.join(resolveRepoRoot(), 'docs/engine-gallery/unseen');
const outIndex = process.argv.indexOf('--out');
const sheetName = outIndex > 0 ? process.argv[outIndex + 1]! : 'after';
// Full-size results, to look at closely; only the sheet is kept in the repository.
const fullSize = path.join(tmpdir(), 'adtwin-trial');
mkdirSync(out, { recursive: true });
mkdirSync(fullSize, { recursive: true });

const cell = (bytes: Uint8Array | Buffer) =>
  sharp(bytes)
    .resize(CELL, CELL, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .toBuffer();

const layers: OverlayOptions[] = [];
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]!.split(',') : null;
for (const [row, trial] of UNSEEN_CASES.entries()) {
  if (only && !only.includes(trial.name)) continue;
  const template = readFixture(trial.template);
  const product = readFixture(trial.product);
  const started = performance.now();
  const outcome = await composeSwap({ template, product, size: '1024x1024' });
  const ms = Math.round(performance.now() - started);
  writeFileSync(path.join(fullSize, `${trial.name}.png`), outcome.png);
  const cells = [await cell(template), await cell(product), await cell(outcome.png)];
  cells.forEach((input, column) =>
    layers.push({ input, left: column * (CELL + 4), top: row * (CELL + 4) }),
  );
  console.log(`${String(row + 1).padStart(2)} ${trial.name.padEnd(22)} ${ms} ms`);
}
if (!only) {
  await sharp({
    create: {
      width: 3 * (CELL + 4),
      height: UNSEEN_CASES.length * (CELL + 4),
      channels: 3,
      background: '#d0d0d0',
    },
  })
    .composite(layers)
    .jpeg({ quality: 80 })
    .toFile(path.join(out, `${sheetName}.jpg`));
  console.log('wrote', path.join(out, `${sheetName}.jpg`));
}
await closeEngine();
