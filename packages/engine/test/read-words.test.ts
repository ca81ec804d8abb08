import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTemplate, closeEngine } from '../src/index.js';
import { composeSwap } from '../src/pipeline/compose-swap.js';
import { readFixture } from '../src/quality/fixture-cases.js';
import { makeTextTemplate, TEXT_TEMPLATES } from '../src/quality/make-text-template.js';
import { isLikelyWord, readWords } from '../src/text/read-words.js';
import type { Box } from '../src/types.js';

afterAll(() => closeEngine());

const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, '');
const cactus = TEXT_TEMPLATES.find((t) => t.name === 'cactus-summer-sale')!;

describe('reading the words of a template (PP-OCR)', () => {
  it('finds every word of the ad copy, each in its own tight box', async () => {
    const png = await makeTextTemplate(readFixture(cactus.photo), cactus.copy);
    const words = await readWords(png);
    expect(words.map((w) => simplify(w.text)).sort()).toEqual(
      ['summer', 'sale', 'only', '19', 'eur', 'today'].sort(),
    );
    // "Summer Sale" is drawn at x = 6% with a cap height of 5% of 1400 px (70 px).
    const summer = words.find((w) => simplify(w.text) === 'summer')!;
    expect(Math.abs(summer.box.x - 0.06 * 1400)).toBeLessThan(6);
    expect(summer.box.height).toBeGreaterThan(60);
    expect(summer.box.height).toBeLessThan(80);
  });

  it('reads no words in a textured photo (wood planks and laces)', async () => {
    // Tesseract alone reads dozens of "words" in this one.
    const words = await readWords(
      readFixture('templates/fashion/mitch-lensink-256007-unsplash.jpg'),
    );
    expect(words).toEqual([]);
  });

  it('drops readings no ad copy has', () => {
    const box = { x: 0, y: 0, width: 60, height: 20 };
    expect(isLikelyWord({ text: 'Sale', box, confidence: 95 })).toBe(true);
    expect(isLikelyWord({ text: '润润扣', box, confidence: 99 })).toBe(false);
    expect(isLikelyWord({ text: 'x', box: { ...box, width: 12 }, confidence: 99 })).toBe(false);
    expect(isLikelyWord({ text: 'Sale', box: { ...box, height: 6 }, confidence: 99 })).toBe(false);
  });
});

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('ad copy in a swap', () => {
  it('keeps copy that overlaps the product area and fits the product beside it', async () => {
    // A price on the wall beside the cactus, inside the (generous) product box.
    const copy = [{ text: 'Only 19 EUR', x: 0.6, y: 0.36, size: 0.03, color: '#3a2a20' }];
    const template = await makeTextTemplate(readFixture(cactus.photo), copy);
    const analysis = await analyzeTemplate(template, { findProduct: false });
    const productBox = { x: 300, y: 450, width: 800, height: 900 };
    const outcome = await composeSwap({
      template,
      // A tall bottle: fitted into the slot as it is, it would cover the price.
      product: readFixture('products/saleor-apple-drink.png'),
      productBox,
      analysis,
      size: '1024x1024',
    });
    // The bottle's own label has words too: only the ad's are looked at.
    const price = (await readWords(outcome.png)).filter((w) =>
      ['only', '19', 'eur'].includes(simplify(w.text)),
    );
    expect(price).toHaveLength(3);
    for (const word of price) expect(overlaps(word.box, outcome.placement.box)).toBe(false);
  });

  it('closes the gap a shorter replacement leaves in its line', async () => {
    const template = await makeTextTemplate(readFixture(cactus.photo), cactus.copy);
    const analysis = await analyzeTemplate(template, { findProduct: false });
    const outcome = await composeSwap({
      template,
      product: readFixture('products/solidus_hat.png'),
      analysis,
      replacements: [{ toReplace: 'Summer', replacement: 'Hot' }],
      size: '1024x1024',
    });
    const words = await readWords(outcome.png);
    const hot = words.find((w) => simplify(w.text) === 'hot')!;
    const sale = words.find((w) => simplify(w.text) === 'sale')!;
    const before = analysis.words;
    const gap = (a: Box, b: Box) => b.x - (a.x + a.width);
    const scale = outcome.frame.width / outcome.frame.crop.width;
    const originalGap =
      gap(
        before.find((w) => w.text === 'Summer')!.box,
        before.find((w) => w.text === 'Sale')!.box,
      ) * scale;
    expect(Math.abs(gap(hot.box, sale.box) - originalGap)).toBeLessThan(originalGap * 0.35);
  });
});
