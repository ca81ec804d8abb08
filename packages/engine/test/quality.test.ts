import { afterAll, describe, expect, it } from 'vitest';
import { closeEngine } from '../src/index.js';
import { listFixtures } from '../src/quality/fixture-cases.js';
import { runQuality, TEXT_TEMPLATE_NAMES, type QualityCase } from '../src/quality/run-quality.js';

afterAll(() => closeEngine());

// A representative subset: every size, alpha and photo products, plain and busy templates. The
// full set runs with `npm run quality -w @adtwin/engine`.
const { templates, products } = listFixtures();
const sizes = ['1024x1024', '1024x1536', '1536x1024'] as const;
const pick = (list: string[], count: number, offset: number) =>
  Array.from(
    { length: count },
    (_, i) => list[(offset + i * Math.floor(list.length / count)) % list.length]!,
  );

describe('local engine quality on the fixtures', () => {
  // One test per case: all the cases together took up to 115 s of the 120 s a test may take when
  // the machine was busy, and a case that fails is named by its test.
  const withoutText: QualityCase[] = pick(templates, 6, 1).map((template, i) => ({
    template,
    product: pick(products, 6, 0)[i]!,
    size: sizes[i % 3]!,
    text: false,
  }));
  it.each(withoutText)(
    'keeps the product, leaves the ad outside the product box unchanged: $template + $product at $size',
    async (item) => {
      const [row] = await runQuality([item]);
      expect(row!.failures).toEqual([]);
    },
  );

  // Sizes whose framing keeps all the words: a landscape template framed as a portrait crops
  // words away, and those cannot be replaced (the provider's note says so).
  const textSizes = ['1024x1536', '1536x1024', '1024x1024'] as const;
  const withText: QualityCase[] = TEXT_TEMPLATE_NAMES.map((template, i) => ({
    template,
    product: products[(i * 4 + 2) % products.length]!,
    size: textSizes[i % 3]!,
    text: true,
  }));
  it.each(withText)(
    'replaces words: OCR reads every replacement and none of the replaced words: $template at $size',
    async (item) => {
      const [row] = await runQuality([item]);
      expect(row!.ocr).toBeDefined();
      expect(row!.failures).toEqual([]);
    },
  );
});
