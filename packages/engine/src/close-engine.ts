import { closeEnginePools } from './pool/engine-pool.js';
import { closeWordReader } from './text/read-words.js';

/** Ends the engine's threads: every engine pool, and the OCR worker of this thread. */
export async function closeEngine(): Promise<void> {
  await Promise.all([closeEnginePools(), closeWordReader()]);
}
