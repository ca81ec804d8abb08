import * as ort from 'onnxruntime-node';

export { ort };

/** Intra-op threads per model session; engine workers set it from their configuration. */
let intraOpThreads = 2;

export function setOnnxThreads(threads: number): void {
  intraOpThreads = Math.max(1, Math.floor(threads));
}

/**
 * One CPU session for a model held in memory, tuned for a small machine, where memory is what
 * runs out first (measured with ISNet at 1024x1024, `bench/engine/stages.ts`):
 *
 * - no arena: it would keep the largest run's activations (about 0.6 GB for ISNet) for good;
 * - no memory pattern: with it, every run after the first allocates the whole plan recorded on
 *   the first one in one block, and a run peaked about 0.25 GB higher than without it. Tensors
 *   allocated one by one are freed as soon as their last reader is done. The results are
 *   identical bit for bit, and the time is the same within noise;
 * - every graph optimisation: the `all` level (NCHWc convolutions) costs about 0.2 GB more at the
 *   peak than `basic`, but its results differ from `basic`'s in the last bits, which moves a few
 *   hundred of the model's million mask pixels by one level: the engine's images would change.
 */
export async function createOnnxSession(model: Uint8Array): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: intraOpThreads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    enableCpuMemArena: false,
    enableMemPattern: false,
  });
}
