import { EventEmitter } from 'node:events';

/**
 * Wakes the event streams of a generation when its row changed in this process. Streams also
 * re-read the row on a timer, so a job run by another process (scaled shape) is seen too.
 */
export function createGenerationEvents() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    notify(id: string) {
      emitter.emit(id);
    },
    /** Resolves at the next change of `id`, or after `timeoutMs`. */
    waitForChange(id: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          emitter.off(id, done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        emitter.once(id, done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
  };
}

export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
