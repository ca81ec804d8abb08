import { analyzeTemplate } from '../analyze-template.js';
import { cutOutProduct } from '../pipeline/cut-out-product.js';
import { composeSwap } from '../pipeline/compose-swap.js';
import type { OutputSize, ProductCutOut, TemplateAnalysis, TextReplacement } from '../types.js';
import { readFixture } from './fixture-cases.js';
import { makeTextTemplate, TEXT_TEMPLATES } from './make-text-template.js';
import { measureSwap, type SwapQuality } from './measure-swap.js';

export const SSIM_MIN = 0.9;
export const PSNR_MIN = 35;

export type QualityCase = { template: string; product: string; size: OutputSize; text: boolean };
export type QualityRow = QualityCase & SwapQuality & { passed: boolean; failures: string[] };

/** Judges one measured case against the done-when thresholds. */
export function judge(quality: SwapQuality): string[] {
  const failures: string[] = [];
  if (!(quality.productSsim >= SSIM_MIN)) failures.push(`SSIM ${quality.productSsim.toFixed(3)}`);
  if (!(quality.unchangedPsnr >= PSNR_MIN))
    failures.push(`PSNR ${quality.unchangedPsnr.toFixed(1)}`);
  if (quality.ocr?.missing.length) failures.push(`OCR missing ${quality.ocr.missing.join('|')}`);
  if (quality.ocr?.leftOver.length) failures.push(`OCR left ${quality.ocr.leftOver.join('|')}`);
  return failures;
}

/**
 * Runs cases through the local engine and measures each. Cut-outs and analyses are computed once
 * per product and template, as the app does.
 */
export async function runQuality(
  cases: QualityCase[],
  onRow?: (row: QualityRow) => void,
): Promise<QualityRow[]> {
  const cutOuts = new Map<string, ProductCutOut>();
  const templates = new Map<
    string,
    { bytes: Uint8Array; analysis: TemplateAnalysis; replacements: TextReplacement[] }
  >();
  const rows: QualityRow[] = [];
  for (const item of cases) {
    let cutOut = cutOuts.get(item.product);
    if (!cutOut) {
      cutOut = await cutOutProduct(readFixture(item.product));
      cutOuts.set(item.product, cutOut);
    }
    const key = `${item.template}|${item.text}`;
    let template = templates.get(key);
    if (!template) {
      const spec = TEXT_TEMPLATES.find((t) => t.name === item.template);
      const bytes = spec
        ? await makeTextTemplate(readFixture(spec.photo), spec.copy)
        : readFixture(item.template);
      const analysis = await analyzeTemplate(bytes, { readText: Boolean(spec) });
      template = { bytes, analysis, replacements: spec && item.text ? spec.replacements : [] };
      templates.set(key, template);
    }
    const outcome = await composeSwap({
      template: template.bytes,
      product: readFixture(item.product),
      productCutOut: cutOut,
      analysis: template.analysis,
      replacements: template.replacements,
      size: item.size,
    });
    const quality = await measureSwap({
      template: template.bytes,
      outcome,
      replacements: template.replacements,
    });
    const failures = judge(quality);
    const row = { ...item, ...quality, passed: failures.length === 0, failures };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}

export const TEXT_TEMPLATE_NAMES = TEXT_TEMPLATES.map((t) => t.name);
