import { shouldPreloadModels } from './config.js';
import { loadIsnet } from './ml/isnet-model.js';
import { loadMigan } from './ml/migan-model.js';
import { loadOpenCv } from './pipeline/opencv-loader.js';
import { loadPpOcr } from './text/pp-ocr.js';

export type WarmUpStep = { name: string; ms: number; error?: string };

/**
 * What a first request would otherwise wait for, one line each. Every engine worker runs these
 * when it starts, in the background; a load that fails here is tried again by the request that
 * needs it.
 *
 * Tesseract is not among them: it only gives a second opinion on the word splits when a template's
 * words are read (a template with no stored analysis and a text replacement), which most swaps
 * never do, while warm it holds about 85 MB and a thread of its own in every worker, and its start
 * (about a second of CPU) competed with the segmentation model's load. The first reading starts it.
 */
const WARM_UPS: { name: string; load: () => Promise<unknown>; isHeavy?: boolean }[] = [
  { name: 'opencv', load: loadOpenCv },
  { name: 'segmentation', load: loadIsnet, isHeavy: true },
  { name: 'inpainting', load: loadMigan, isHeavy: true },
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
