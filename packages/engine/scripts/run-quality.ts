/**
 * Measures the local engine over the fixture cases (templates x products x sizes, and the text
 * templates with their replacements) and writes quality-report.json beside the bench results.
 * Usage: npm run quality -w @adtwin/engine [-- --sizes 1024x1024 --every 1]
 * With `-- --ocr` it measures word reading instead (PP-OCR against Tesseract alone).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveRepoRoot } from '../src/config.js';
import { closeEngine } from '../src/index.js';
import { listFixtures } from '../src/quality/fixture-cases.js';
import { runQuality, TEXT_TEMPLATE_NAMES, type QualityCase } from '../src/quality/run-quality.js';
import type { OutputSize } from '../src/types.js';
import { measureOcr } from '../src/quality/measure-ocr.js';

if (process.argv.includes('--ocr')) {
  const scores = await measureOcr(undefined, (line) => console.log(line));
  await closeEngine();
  for (const score of scores) {
    if (score.junkWords.length) console.log(`${score.reader} junk: ${score.junkWords.join(', ')}`);
  }
  console.table(
    scores.map(({ junkWords: _, precision, recall, ...rest }) => ({
      ...rest,
      precision: precision.toFixed(3),
      recall: recall.toFixed(3),
    })),
  );
  process.exit(0);
}

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const sizes = (argument('--sizes')?.split(',') ?? [
  '1024x1024',
  '1024x1536',
  '1536x1024',
]) as OutputSize[];
const every = Number(argument('--every') ?? 1);
const textEvery = Number(argument('--text-every') ?? 1);

const { templates, products } = listFixtures();
const cases: QualityCase[] = [];
let n = 0;
for (const size of sizes) {
  for (const template of templates) {
    for (const product of products) {
      if (n++ % every === 0) cases.push({ template, product, size, text: false });
    }
  }
  let t = 0;
  for (const template of TEXT_TEMPLATE_NAMES) {
    for (const product of products) {
      if (t++ % textEvery !== 0) continue;
      cases.push({ template, product, size, text: false });
      cases.push({ template, product, size, text: true });
    }
  }
}
console.log(`${cases.length} cases`);
const out = path.join(resolveRepoRoot(), 'bench/engine/results');
mkdirSync(out, { recursive: true });
const rows = await runQuality(cases, (row) => {
  // One line per case, so a run cut short still tells what it measured.
  const numbers = `SSIM ${row.productSsim.toFixed(3)} PSNR ${row.unchangedPsnr.toFixed(1)}`;
  const ocr = row.ocr
    ? ` OCR found ${row.ocr.found.length}/${row.ocr.found.length + row.ocr.missing.length} left ${row.ocr.leftOver.length}`
    : '';
  const verdict = row.passed ? 'ok' : `FAIL ${row.failures.join(', ')}`;
  console.log(
    `${verdict} | ${row.template} + ${row.product} @ ${row.size}${row.text ? ' text' : ''}: ${numbers}${ocr}`,
  );
});
await closeEngine();

const summarize = (subset: typeof rows) => {
  const ssims = subset.map((r) => r.productSsim).sort((a, b) => a - b);
  const psnrs = subset.map((r) => r.unchangedPsnr).sort((a, b) => a - b);
  return {
    cases: subset.length,
    passed: subset.filter((r) => r.passed).length,
    ssimMin: ssims[0],
    ssimMedian: ssims[ssims.length >> 1],
    psnrMin: psnrs[0],
    psnrMedian: psnrs[psnrs.length >> 1],
    ssimFailures: subset.filter((r) => r.productSsim < 0.9).length,
    psnrFailures: subset.filter((r) => r.unchangedPsnr < 35).length,
    ocrFailures: subset.filter((r) => r.ocr && (r.ocr.missing.length || r.ocr.leftOver.length))
      .length,
  };
};
const summary = {
  all: summarize(rows),
  withoutText: summarize(rows.filter((r) => !r.text)),
  withText: summarize(rows.filter((r) => r.text)),
};
console.table(summary);
writeFileSync(
  path.join(out, 'quality-report.json'),
  `${JSON.stringify({ summary, rows }, null, 2)}\n`,
);
