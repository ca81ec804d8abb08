import sharp from 'sharp';
import { shouldPreloadModels } from './config.js';
import { loadIsnet } from './ml/isnet-model.js';
import { loadOpenCv } from './pipeline/opencv-loader.js';
import { loadPpOcr } from './text/pp-ocr.js';
import { readWordsWithTesseract } from './text/read-words.js';

export type WarmUpStep = { name: string; ms: number; error?: string };

/** A blank picture: reading it starts the OCR engine without finding anything. */
async function startWordReader(): Promise<void> {
  const blank = await sharp({
    create: { width: 32, height: 16, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  await readWordsWithTesseract(new Uint8Array(blank), { variants: ['grey'] });
}

/**
 * What a first request would otherwise wait for, one line each. Every engine worker runs these
 * when it starts, in the background; a load that fails here is tried again by the request that
 * needs it.
 */
const WARM_UPS: { name: string; load: () => Promise<unknown>; isHeavy?: boolean }[] = [
  { name: 'opencv', load: loadOpenCv },
  { name: 'ocr', load: startWordReader },
  { name: 'segmentation', load: loadIsnet, isHeavy: true },
  { name: 'pp-ocr', load: loadPpOcr, isHeavy: true },
];

/** Loads the engine's models and runtimes in this thread; reports how long each took. */
export async function warmUp(): Promise<WarmUpStep[]> {
  const preloadModels = shouldPreloadModels();
  return Promise.all(
    WARM_UPS.filter((step) => preloadModels || !step.isHeavy).map(async ({ name, load }) => {
      const started = performance.now();
      try {
        await load();
        return { name, ms: Math.round(performance.now() - started) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { name, ms: Math.round(performance.now() - started), error: message };
      }
    }),
  );
}
