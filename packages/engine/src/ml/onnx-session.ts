import * as ort from 'onnxruntime-node';

export { ort };

/** Intra-op threads per model session; engine workers set it from their configuration. */
let intraOpThreads = 2;

export function setOnnxThreads(threads: number): void {
  intraOpThreads = Math.max(1, Math.floor(threads));
}

/** One CPU session for a model held in memory, tuned for a small machine. */
export async function createOnnxSession(model: Uint8Array): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: intraOpThreads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    enableCpuMemArena: false,
  });
}
