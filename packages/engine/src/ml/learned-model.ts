import { learnedModelsEnabled } from '../config.js';

/**
 * A learned model's loader for this thread: the first call loads it and later calls share that
 * load; a load that fails is tried again by the next call; with the learned models turned off
 * (`ADTWIN_LEARNED_MODELS=0`) every call fails, so the engine takes its fallback.
 */
export function learnedModelLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!learnedModelsEnabled()) {
      return Promise.reject(
        new Error('The learned models are turned off (ADTWIN_LEARNED_MODELS=0).'),
      );
    }
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
