/**
 * Writes docs/engine-gallery/: for every fixture template, one sheet with a row per product
 * (product photo | template | output), plus the three output sizes for a few cases and the text
 * replacement templates. Usage: npm run gallery -w @adtwin/engine [-- --limit N] [--only NAME,NAME]
 * (--only makes the sheets of the templates whose path contains one of the names, and the sizes and
 * text sheets, leaving the other sheets as they are: after a change that only some templates meet)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { analyzeTemplate } from '../src/analyze-template.js';
import { resolveRepoRoot } from '../src/config.js';
import {
  closeEngine,
  cutOutProduct,
  type ProductCutOut,
  type TemplateAnalysis,
} from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import { listFixtures, readFixture } from '../src/quality/fixture-cases.js';
import { makeTextTemplate, TEXT_TEMPLATES } from '../src/quality/make-text-template.js';

const CELL = 200;
const out = path.join(resolveRepoRoot(), 'docs/engine-gallery');
const limit = Number(process.argv[process.argv.indexOf('--limit') + 1]) || Infinity;
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]!.split(',')
  : null;
mkdirSync(out, { recursive: true });

const { templates, products } = listFixtures();
const cutOuts = new Map<string, ProductCutOut>();
for (const product of products) cutOuts.set(product, await cutOutProduct(readFixture(product)));

const cell = (bytes: Uint8Array | Buffer) =>
  sharp(bytes)
    .resize(CELL, CELL, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .toBuffer();

async function writeSheet(file: string, rows: Buffer[][]): Promise<void> {
  const columns = Math.max(...rows.map((row) => row.length));
  const layers = rows.flatMap((row, y) =>
    row.map((input, x) => ({ input, left: x * (CELL + 4), top: y * (CELL + 4) })),
  );
  await sharp({
    create: {
      width: columns * (CELL + 4),
      height: rows.length * (CELL + 4),
      channels: 3,
      background: '#d0d0d0',
    },
  })
    .composite(layers)
    .jpeg({ quality: 72 })
    .toFile(path.join(out, file));
}

const index: string[] = [
  '# Engine gallery',
  '',
  'Made by `npm run gallery -w @adtwin/engine` with the local provider. Each sheet: one row per product',
  '(product photo | template | output at 1024x1024). Nothing here is hand-picked.',
  '',
];
const analyses = new Map<string, TemplateAnalysis>();
for (const template of templates.slice(0, limit)) {
  const file = `${template.replace(/^templates\//, '').replace(/[/.]/g, '-')}.jpg`;
  index.push(`## ${template}`, '', `![${template}](${file})`, '');
  if (only && !only.some((name) => template.includes(name))) continue;
  const bytes = readFixture(template);
  const analysis = await analyzeTemplate(bytes, { readText: false });
  analyses.set(template, analysis);
  const rows: Buffer[][] = [];
  for (const product of products) {
    const outcome = await composeSwap({
      template: bytes,
      product: readFixture(product),
      productCutOut: cutOuts.get(product),
      analysis,
      size: '1024x1024',
    });
    rows.push([await cell(readFixture(product)), await cell(bytes), await cell(outcome.png)]);
  }
  await writeSheet(file, rows);
  console.log('wrote', file);
}

// The three sizes, for a few templates, so re-framing can be judged.
const sizes = ['1024x1024', '1024x1536', '1536x1024'] as const;
const framingRows: Buffer[][] = [];
for (const template of templates.slice(0, limit).filter((_, i) => i % 6 === 0)) {
  const bytes = readFixture(template);
  const product = products[framingRows.length % products.length]!;
  const row = [await cell(bytes)];
  const analysis = analyses.get(template) ?? (await analyzeTemplate(bytes, { readText: false }));
  for (const size of sizes) {
    const outcome = await composeSwap({
      template: bytes,
      product: readFixture(product),
      productCutOut: cutOuts.get(product),
      analysis,
      size,
    });
    row.push(await cell(outcome.png));
  }
  framingRows.push(row);
}
await writeSheet('sizes.jpg', framingRows);
index.push(
  '## Output sizes',
  '',
  'Template | square | portrait | landscape',
  '',
  '![sizes](sizes.jpg)',
  '',
);

// Text replacement on templates with known ad copy.
const textRows: Buffer[][] = [];
for (const [i, spec] of TEXT_TEMPLATES.entries()) {
  const bytes = await makeTextTemplate(readFixture(spec.photo), spec.copy);
  const analysis = await analyzeTemplate(bytes);
  const product = products[(i * 5) % products.length]!;
  const outcome = await composeSwap({
    template: bytes,
    product: readFixture(product),
    productCutOut: cutOuts.get(product),
    analysis,
    replacements: spec.replacements,
    size: '1024x1024',
  });
  textRows.push([await cell(readFixture(product)), await cell(bytes), await cell(outcome.png)]);
  writeFileSync(path.join(out, `text-${spec.name}.png`), outcome.png);
}
await writeSheet('text.jpg', textRows);
index.push(
  '## Text replacement',
  '',
  ...TEXT_TEMPLATES.map(
    (spec) =>
      `- ${spec.name}: ${spec.replacements.map((r) => `'${r.toReplace}' → '${r.replacement}'`).join(', ')} ([full size](text-${spec.name}.png))`,
  ),
  '',
  '![text](text.jpg)',
  '',
);
writeFileSync(path.join(out, 'README.md'), `${index.join('\n')}\n`);
await closeEngine();
