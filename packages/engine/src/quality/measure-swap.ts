import sharp from 'sharp';
import { frameMargin, renderFrame, sceneMargin } from '../pipeline/frame-template.js';
import type { SwapOutcome } from '../pipeline/compose-swap.js';
import { clipBox, decodeImage, growBox, type Raster } from '../pipeline/raster.js';
import { marginBesideHole, SHADOW_ALLOWANCE } from '../pipeline/remove-product.js';
import { readWords } from '../text/read-words.js';
import type { Box, TextReplacement } from '../types.js';

export type SwapQuality = {
  /** SSIM of the placed product against the cut-out, inside its mask. */
  productSsim: number;
  /**
   * PSNR (dB) of everything outside the grown product box, what the removal took past it, the
   * frame's made-up margin the swap filled again and the replaced words.
   */
  unchangedPsnr: number;
  /** Replacements the OCR read in the output, and replaced words it still read. */
  ocr?: { found: string[]; missing: string[]; leftOver: string[] };
};

const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Measures one swap against the done-when thresholds (SSIM >= 0.9, PSNR >= 35 dB, OCR). */
export async function measureSwap(options: {
  template: Uint8Array;
  outcome: SwapOutcome;
  replacements?: TextReplacement[];
}): Promise<SwapQuality> {
  const { outcome } = options;
  const output = await decodeImage(outcome.png, { channels: 3 });
  const productSsim = await measureProductSsim(output, outcome);
  const template = await decodeImage(options.template, { channels: 3 });
  const reference = await renderFrame(template, outcome.frame);
  const excluded = [
    clipBox(growBox(outcome.productBox, SHADOW_ALLOWANCE), output.width, output.height),
    ...outcome.wordChanges.flatMap((change) => (change.area ? [change.area] : [])),
    // The product's own strand, carried on past its box to the frame's edge.
    ...(outcome.placement.strand ? [outcome.placement.strand] : []),
  ];
  // A margin past the template's edges that the swap made up again is not the template's (with
  // the hole, or where the hole reached it); nor is what the removal took past the box (the old
  // product's cast shadow, a part the box cut off).
  const margin = frameMargin(template, outcome.frame);
  const madeUpWithHole = sceneMargin(reference, margin);
  const remade = margin
    ? marginBesideHole(margin, outcome.removed, output.width, output.height)
    : null;
  const replaced = outcome.removed.map(
    (v, i) => v | (madeUpWithHole?.[i] ?? 0) | (remade?.[i] ?? 0),
  );
  const unchangedPsnr = measurePsnr(output, reference, excluded, replaced);
  const replacements = (options.replacements ?? []).filter((r) => r.toReplace.trim());
  if (replacements.length === 0) return { productSsim, unchangedPsnr };
  const read = new Set((await readWords(outcome.png)).map((word) => simplify(word.text)));
  const tokens = (phrase: string) => phrase.split(/\s+/).map(simplify).filter(Boolean);
  const isRead = (phrase: string) => tokens(phrase).every((token) => read.has(token));
  const written = new Set(replacements.flatMap((r) => tokens(r.replacement)));
  const found = replacements.map((r) => r.replacement).filter(isRead);
  const missing = replacements.map((r) => r.replacement).filter((p) => !isRead(p));
  // A replaced word that the replacement itself repeats ('Summer Sale' -> 'Winter Sale') is fine.
  const leftOver = replacements
    .map((r) => r.toReplace)
    .filter((phrase) => {
      const own = tokens(phrase).filter((token) => !written.has(token));
      return own.length > 0 && own.every((token) => read.has(token));
    });
  return { productSsim, unchangedPsnr, ocr: { found, missing, leftOver } };
}

const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

async function measureProductSsim(output: Raster, outcome: SwapOutcome): Promise<number> {
  const { box, softening } = outcome.placement;
  const { data } = await sharp(outcome.cutOut.png)
    .ensureAlpha()
    .resize(box.width, box.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The placement softens a product sharper than the scene on purpose (sigma 0.6 at most): the
  // cut-out is compared softened the same way, so what is measured is the product kept whole
  // (its shape, place, light and what covers it), not that deliberate match.
  const reference =
    softening > 0
      ? await sharp(data, { raw: { width: box.width, height: box.height, channels: 4 } })
          .blur(softening)
          .raw()
          .toBuffer()
      : data;
  const size = box.width * box.height;
  const a = new Float64Array(size);
  const b = new Float64Array(size);
  const inside = new Uint8Array(size);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const i = y * box.width + x;
      const ox = x + box.x;
      const oy = y + box.y;
      if (ox < 0 || oy < 0 || ox >= output.width || oy >= output.height) continue;
      const o = (oy * output.width + ox) * 3;
      a[i] = luminance(output.data[o]!, output.data[o + 1]!, output.data[o + 2]!);
      b[i] = luminance(reference[i * 4]!, reference[i * 4 + 1]!, reference[i * 4 + 2]!);
      inside[i] = data[i * 4 + 3]! >= 250 ? 1 : 0;
    }
  }
  return computeMaskedSsim({ a, b, inside, width: box.width, height: box.height });
}

/** Mean SSIM over 8x8 windows lying wholly inside the mask (stride 4). */
export function computeMaskedSsim(options: {
  a: Float64Array;
  b: Float64Array;
  inside: Uint8Array;
  width: number;
  height: number;
}): number {
  const { a, b, inside, width, height } = options;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const window = 8;
  let total = 0;
  let count = 0;
  for (let y = 0; y + window <= height; y += 4) {
    for (let x = 0; x + window <= width; x += 4) {
      let isInside = true;
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let dy = 0; dy < window && isInside; dy += 1) {
        for (let dx = 0; dx < window; dx += 1) {
          const i = (y + dy) * width + x + dx;
          if (!inside[i]) {
            isInside = false;
            break;
          }
          sa += a[i]!;
          sb += b[i]!;
          saa += a[i]! * a[i]!;
          sbb += b[i]! * b[i]!;
          sab += a[i]! * b[i]!;
        }
      }
      if (!isInside) continue;
      const n = window * window;
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      count += 1;
    }
  }
  return count ? total / count : 0;
}

/** PSNR over all pixels outside the excluded boxes and pixels; Infinity when identical. */
export function measurePsnr(
  a: Raster,
  b: Raster,
  excluded: Box[],
  excludedPixels?: Uint8Array | null,
): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      if (excludedPixels?.[y * a.width + x]) continue;
      if (excluded.some((e) => x >= e.x && x < e.x + e.width && y >= e.y && y < e.y + e.height)) {
        continue;
      }
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        const d = a.data[i + c]! - b.data[i + c]!;
        sum += d * d;
      }
      count += 3;
    }
  }
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / count));
}
