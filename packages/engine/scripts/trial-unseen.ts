/**
 * Ten swaps of templates and product photos the engine was never tuned on (the hold-out fixtures
 * and photos from image test sets that Debian and the WooCommerce blocks ship, in fixtures/unseen/),
 * as a person would try it: no recorded box, no stored analysis, the cut-out made in the call.
 * Writes docs/engine-gallery/unseen/after.jpg (template | product | result per row) and each result
 * at full size in the temporary folder (adtwin-trial); whether a result could be posted is judged by looking, in the README beside it.
 * Usage: npm run trial -w @adtwin/engine [-- --set second|third|fourth|fifth|sixth|seventh] [--out NAME] [--only NAME,NAME] [--template-shape]
 * (--set second runs the second set, written to second.jpg, --set third the third, third.jpg, and so on; NAME.jpg instead of the set's sheet;
 * --only runs the named cases, to look at them without a sheet)
 * Each swap is made at 1024x1024, the size the editor starts with; --template-shape makes each at
 * the output size nearest the template's own shape (closestImageSize), to see how the engine does
 * there (see the README beside the sheets, 2026-12-02).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closestImageSize } from '@adtwin/shared';
import sharp, { type OverlayOptions } from 'sharp';
import { resolveRepoRoot } from '../src/config.js';
import { closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import { readSize } from '../src/pipeline/cut-out-product.js';
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

/**
 * A second set, put together after the work on the first had begun, so that the engine is also
 * judged on pairs nobody tuned it on: hold-out templates and WooCommerce blocks' photos as
 * templates, with products that were never placed in them. Do not tune on these.
 */
export const SECOND_UNSEEN_CASES: readonly { name: string; template: string; product: string }[] = [
  {
    name: 'milk-bottle-juice',
    template: 'unseen/drinkware-liquid-tableware-dishware-bottle-fluid.jpg',
    product: 'products/saleor-apple-drink.png',
  },
  {
    name: 'plant-crate-mug',
    template: 'unseen/tree-branch-plant-wood-leaf-flower.jpg',
    product: 'products/saleor-mighty-mug.png',
  },
  {
    name: 'vases-coffee',
    template: 'unseen/white-vase-decoration-pattern-ceramic-lamp.jpg',
    product: 'unseen/coffee.png',
  },
  {
    name: 'loft-chair-stool',
    template: 'unseen/table-wood-house-chair-floor-window.jpg',
    product: 'products/ruslan-bardash-351288-unsplash.jpg',
  },
  {
    name: 'beer-glass-mug',
    template: 'templates/food/saleordemoproduct_beer-02_2.png',
    product: 'products/saleor-mighty-mug.png',
  },
  {
    name: 'cushion-hat',
    template: 'templates/home/saleordemoproduct_cuschion01.png',
    product: 'products/solidus_hat.png',
  },
  {
    name: 'slip-ons-sneaker',
    template: 'templates/fashion/saleordemoproduct_sneakers_01_2.png',
    product: 'products/thomas-q-1229169-unsplash.jpg',
  },
  {
    name: 'zenit-hard-drive',
    template: 'templates/photography/technology-white-camera-photography-vintage-photographer.png',
    product: 'products/vincent-botta-736919-unsplash.jpg',
  },
  {
    name: 'hanging-camera-rolleiflex',
    template: 'templates/photography/chuttersnap-324234-unsplash.jpg',
    product: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
  },
  {
    name: 'dark-laptop-typewriter',
    template: 'templates/business/derick-david-409858-unsplash.jpg',
    product: 'unseen/writing-typing-keyboard-technology-white-vintage.jpg',
  },
];

/**
 * A third set, made on 2026-11-24 while the first two were being worked on (so they are no longer
 * unseen): two WooCommerce blocks photos nobody had placed a product in, each with two products.
 * Run only to judge; do not tune on these.
 */
export const THIRD_UNSEEN_CASES: readonly { name: string; template: string; product: string }[] = [
  {
    name: 'turntable-mug',
    template: 'unseen/music-needle-turntable-black-and-white-white-photography.jpg',
    product: 'products/saleor-mighty-mug.png',
  },
  {
    name: 'turntable-camera',
    template: 'unseen/music-needle-turntable-black-and-white-white-photography.jpg',
    product: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
  },
  {
    name: 'tea-infuser-cap',
    template: 'unseen/tea-leaf-meal-food-herb-produce.jpg',
    product: 'products/solidus_cap_red_2.png',
  },
  {
    name: 'tea-infuser-juice',
    template: 'unseen/tea-leaf-meal-food-herb-produce.jpg',
    product: 'products/saleor-apple-drink.png',
  },
];

/**
 * A fourth set, put together on 2026-11-24 (stop 27) before that session's engine work was judged,
 * from photos no earlier set used: a WooCommerce blocks beach and drone photo and three OpenCV
 * sample photos that Debian's opencv-doc ships. Run only to judge; do not tune on these.
 */
export const FOURTH_UNSEEN_CASES: readonly { name: string; template: string; product: string }[] = [
  {
    name: 'beach-sunglasses-cap',
    template: 'unseen/beach-sunlight-plastic-summer-vacation-holiday.jpg',
    product: 'products/solidus_cap_red_2.png',
  },
  {
    name: 'beach-sunglasses-drone',
    template: 'unseen/beach-sunlight-plastic-summer-vacation-holiday.jpg',
    product: 'unseen/technology-camera-fly-drone-jewellery-minimal.jpg',
  },
  {
    name: 'apple-mug',
    template: 'unseen/opencv-apple.jpg',
    product: 'products/saleor-mighty-mug.png',
  },
  {
    name: 'orange-juice',
    template: 'unseen/opencv-orange.jpg',
    product: 'products/saleor-apple-drink.png',
  },
  {
    name: 'drone-apple',
    template: 'unseen/technology-camera-fly-drone-jewellery-minimal.jpg',
    product: 'unseen/opencv-apple.jpg',
  },
  {
    name: 'drone-potted-plant',
    template: 'unseen/technology-camera-fly-drone-jewellery-minimal.jpg',
    product: 'unseen/opencv-alphamat-plant.jpg',
  },
];

/**
 * A fifth set, put together on 2026-11-28 at the start of that session, before any of its engine
 * work: OpenCV sample photos from Debian's opencv-doc and scikit-image's rocket from Debian's
 * python3-skimage, none used by an earlier set. Run only to judge; do not tune on these.
 */
export const FIFTH_UNSEEN_CASES: readonly { name: string; template: string; product: string }[] = [
  {
    name: 'desk-stuff-mug',
    template: 'unseen/opencv-stuff.jpg',
    product: 'products/saleor-mighty-mug.png',
  },
  { name: 'desk-stuff-box', template: 'unseen/opencv-stuff.jpg', product: 'unseen/opencv-box.png' },
  {
    name: 'aloe-juice',
    template: 'unseen/opencv-aloe.jpg',
    product: 'products/saleor-apple-drink.png',
  },
  {
    name: 'aloe-cap',
    template: 'unseen/opencv-aloe.jpg',
    product: 'products/solidus_cap_red_2.png',
  },
  {
    name: 'toys-beanie',
    template: 'unseen/opencv-rubberwhale.png',
    product: 'products/solidus_hat.png',
  },
  { name: 'toys-coffee', template: 'unseen/opencv-rubberwhale.png', product: 'unseen/coffee.png' },
  {
    name: 'fruits-bottles',
    template: 'unseen/opencv-fruits.jpg',
    product: 'products/solidus_bottles_1.png',
  },
  {
    name: 'fruits-mug',
    template: 'unseen/opencv-fruits.jpg',
    product: 'products/saleor-mighty-mug.png',
  },
  {
    name: 'rocket-juice',
    template: 'unseen/skimage-rocket.jpg',
    product: 'products/saleor-apple-drink.png',
  },
  {
    name: 'notebook-camera',
    template: 'unseen/opencv-notebook.jpg',
    product: 'unseen/watch-hand-brand-jewellery-strap-platinum.jpg',
  },
];

/**
 * A sixth set, put together on 2026-11-28 at the start of the session after the fifth set was
 * judged, before any of its engine work: product photos made as ads (a sneaker on blue, a serum
 * bottle in hard light, a guitar pedal and a keyboard on marble, an instant camera, headphones, a
 * chair) that WooCommerce Blocks once shipped, and a Pxhere leaf in a glass vase, none used by an
 * earlier set. Run only to judge; do not tune on these.
 */
export const SIXTH_UNSEEN_CASES: readonly { name: string; template: string; product: string }[] = [
  {
    name: 'sneaker-shoe',
    template: 'unseen/woo-product-apparel-2.png',
    product: 'products/saleor-pauls-blanace-420-1.png',
  },
  {
    name: 'sneaker-sneaker',
    template: 'unseen/woo-product-apparel-2.png',
    product: 'products/thomas-serer-420833-unsplash.jpg',
  },
  {
    name: 'serum-juice',
    template: 'unseen/woo-product-beauty-2.png',
    product: 'products/saleor-apple-drink.png',
  },
  {
    name: 'serum-bottles',
    template: 'unseen/woo-product-beauty-2.png',
    product: 'products/solidus_bottles_1.png',
  },
  {
    name: 'pedal-mug',
    template: 'unseen/woo-product-electronics-1.png',
    product: 'products/saleor-mighty-mug.png',
  },
  {
    name: 'keyboard-drive',
    template: 'unseen/woo-product-electronics-2.png',
    product: 'products/vincent-botta-736919-unsplash.jpg',
  },
  {
    name: 'instant-camera-rolleiflex',
    template: 'unseen/woo-product-electronics-3.png',
    product: 'products/alexander-andrews-260988-unsplash.jpg',
  },
  {
    name: 'headphones-cap',
    template: 'unseen/woo-product-electronics-4.png',
    product: 'products/solidus_cap_red_2.png',
  },
  {
    name: 'chair-stool',
    template: 'unseen/woo-product-furniture-2.png',
    product: 'products/ruslan-bardash-351288-unsplash.jpg',
  },
  {
    name: 'vase-juice',
    template: 'unseen/woo-plant-in-vase.jpg',
    product: 'products/saleor-apple-drink.png',
  },
];

/**
 * A seventh set, put together on 2026-11-28 at the start of the evening session, before any of
 * its engine work and never shown to the helpers: four more Unsplash ad photos WooCommerce Blocks
 * once shipped (two chairs in a studio, a rattan chair beside a vase, a living room with an orange
 * armchair, a backpack held up over a valley), the rattan chair's photo also as a product. Run
 * only to judge; do not tune on these.
 */
export const SEVENTH_UNSEEN_CASES: readonly { name: string; template: string; product: string }[] =
  [
    {
      name: 'chairs-stool',
      template: 'unseen/woo-product-furniture-1.png',
      product: 'products/ruslan-bardash-351288-unsplash.jpg',
    },
    {
      name: 'chairs-rattan',
      template: 'unseen/woo-product-furniture-1.png',
      product: 'unseen/woo-product-furniture-4.png',
    },
    {
      name: 'chairs-sneaker',
      template: 'unseen/woo-product-furniture-1.png',
      product: 'products/nikolai-chernichenko-1299748-unsplash.jpg',
    },
    {
      name: 'rattan-stool',
      template: 'unseen/woo-product-furniture-4.png',
      product: 'products/ruslan-bardash-351288-unsplash.jpg',
    },
    {
      name: 'rattan-bottles',
      template: 'unseen/woo-product-furniture-4.png',
      product: 'products/solidus_bottles_1.png',
    },
    {
      name: 'room-rattan',
      template: 'unseen/woo-product-furniture-3.png',
      product: 'unseen/woo-product-furniture-4.png',
    },
    {
      name: 'room-stool',
      template: 'unseen/woo-product-furniture-3.png',
      product: 'products/ruslan-bardash-351288-unsplash.jpg',
    },
    {
      name: 'backpack-cap',
      template: 'unseen/woo-product-apparel-7.png',
      product: 'products/solidus_cap_red_2.png',
    },
    {
      name: 'backpack-bottles',
      template: 'unseen/woo-product-apparel-7.png',
      product: 'products/solidus_bottles_1.png',
    },
    {
      name: 'backpack-juice',
      template: 'unseen/woo-product-apparel-7.png',
      product: 'products/saleor-apple-drink.png',
    },
  ];

const setIndex = process.argv.indexOf('--set');
const setName = setIndex > 0 ? process.argv[setIndex + 1] : 'first';
const SETS = {
  first: UNSEEN_CASES,
  second: SECOND_UNSEEN_CASES,
  third: THIRD_UNSEEN_CASES,
  fourth: FOURTH_UNSEEN_CASES,
  fifth: FIFTH_UNSEEN_CASES,
  sixth: SIXTH_UNSEEN_CASES,
  seventh: SEVENTH_UNSEEN_CASES,
};
if (!setName || !Object.hasOwn(SETS, setName))
  throw new Error('--set is first, second, third, fourth, fifth, sixth or seventh');
const cases = SETS[setName as keyof typeof SETS];

const CELL = 256;
const out = path.join(resolveRepoRoot(), 'docs/engine-gallery/unseen');
const outIndex = process.argv.indexOf('--out');
const sheetName =
  outIndex > 0 ? process.argv[outIndex + 1]! : setName === 'first' ? 'after' : setName;
// Full-size results, to look at closely; only the sheet is kept in the repository.
const fullSize = path.join(tmpdir(), 'adtwin-trial');
mkdirSync(out, { recursive: true });
mkdirSync(fullSize, { recursive: true });

const cell = (bytes: Uint8Array | Buffer) =>
  sharp(bytes)
    .resize(CELL, CELL, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .toBuffer();

const templateShape = process.argv.includes('--template-shape');
const layers: OverlayOptions[] = [];
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]!.split(',') : null;
for (const [row, trial] of cases.entries()) {
  if (only && !only.includes(trial.name)) continue;
  const template = readFixture(trial.template);
  const product = readFixture(trial.product);
  const started = performance.now();
  const size = templateShape ? closestImageSize(await readSize(template)) : '1024x1024';
  const outcome = await composeSwap({ template, product, size });
  const ms = Math.round(performance.now() - started);
  writeFileSync(path.join(fullSize, `${trial.name}.png`), outcome.png);
  const cells = [await cell(template), await cell(product), await cell(outcome.png)];
  cells.forEach((input, column) =>
    layers.push({ input, left: column * (CELL + 4), top: row * (CELL + 4) }),
  );
  console.log(`${String(row + 1).padStart(2)} ${trial.name.padEnd(22)} ${size} ${ms} ms`);
}
if (!only) {
  await sharp({
    create: {
      width: 3 * (CELL + 4),
      height: cases.length * (CELL + 4),
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
