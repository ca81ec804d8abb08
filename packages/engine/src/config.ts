import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The only place of the engine that reads the environment: scripts and tests ask here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Folder of the fixture images: `FIXTURES_DIR`, else the repository's own `fixtures/`. */
export function resolveFixturesDir(): string {
  return process.env.FIXTURES_DIR ?? path.resolve(repoRoot, 'fixtures');
}

export function resolveRepoRoot(): string {
  return repoRoot;
}

/** API keys for the CLI and scripts; the engine's providers themselves take keys as arguments. */
export function readProviderKeys(): { openai?: string; gemini?: string } {
  return { openai: process.env.OPENAI_API_KEY, gemini: process.env.GEMINI_API_KEY };
}

/**
 * Whether the learned models (ISNet segmentation, PP-OCR) run at all: `ADTWIN_LEARNED_MODELS=0`
 * turns them off, and the engine uses its fallbacks (GrabCut, Tesseract) as it does on a machine
 * where they cannot load. The server's and browser tests run so, to keep the suite within CI's
 * time; the engine's own tests run the models.
 */
export function learnedModelsEnabled(): boolean {
  return process.env.ADTWIN_LEARNED_MODELS !== '0';
}

/**
 * Whether engine workers load the segmentation model (about 1.5 GB, seconds of CPU) as they start.
 * `ADTWIN_PRELOAD_MODELS=0|1` decides; by default yes, except under a test runner, where many
 * short-lived workers start and the first cut-out that needs the model loads it instead.
 */
export function shouldPreloadModels(): boolean {
  const setting = process.env.ADTWIN_PRELOAD_MODELS;
  if (setting !== undefined) return setting !== '0';
  return process.env.NODE_ENV !== 'test' && process.env.VITEST === undefined;
}
