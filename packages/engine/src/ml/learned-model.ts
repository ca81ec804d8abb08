import v8 from 'node:v8';
import vm from 'node:vm';
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
    loading ??= load().then(
      (model) => {
        // Once the load's own frames are gone: until then they still hold the bytes.
        setImmediate(releaseModelBytes);
        return model;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

/**
 * Runs a full garbage collection of this thread once a model is loaded. The model's bytes (ISNet:
 * 88 MB as shipped and 176 MB widened) are garbage as soon as its session holds its own copy, but
 * an engine worker allocates little in JavaScript afterwards, so V8 left them in memory through
 * every generation: with this, the server's peak while it generates fell from 1965-2203 MB to
 * 1627-1644 MB (`npm run bench:responsiveness -- --modes pool --built`). `gc` is reached as
 * jest-leak-detector reaches it, without starting the process with `--expose-gc`.
 */
function releaseModelBytes(): void {
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  collect();
}
