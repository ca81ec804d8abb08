import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The only place of the engine that reads the environment: scripts and tests ask here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Folder of the shared fixture images: `FIXTURES_DIR`, else `../shared/fixtures` beside the repo. */
export function resolveFixturesDir(): string {
  return process.env.FIXTURES_DIR ?? path.resolve(repoRoot, '../shared/fixtures');
}

export function resolveRepoRoot(): string {
  return repoRoot;
}

/** API keys for the CLI and scripts; the engine's providers themselves take keys as arguments. */
export function readProviderKeys(): { openai?: string; gemini?: string } {
  return { openai: process.env.OPENAI_API_KEY, gemini: process.env.GEMINI_API_KEY };
}
