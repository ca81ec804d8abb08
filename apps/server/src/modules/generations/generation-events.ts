import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Wakes the event streams of a generation when its row changed. In one process (embedded) the
 * runner wakes them directly; with Redis every change is published, and each API process wakes
 * its own streams, whichever process ran the job. Streams still re-read the row every
 * `recheckMs` as a safety net (a lost message costs that long, never the step).
 */
export function createGenerationEvents(
  options: {
    /** Publishes changes; with `subscriber`, both on the same `channel`. */
    redis?: Redis | undefined;
    subscriber?: Redis | undefined;
    channel?: string;
  } = {},
) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const { redis, subscriber, channel = 'generation-events' } = options;
  const shared = Boolean(redis && subscriber);
  if (subscriber) {
    void subscriber.subscribe(channel);
    subscriber.on('message', (from: string, id: string) => {
      if (from === channel) emitter.emit(id);
    });
  }
  return {
    /** Embedded: runners and streams share the process, a wake-up costs nothing. */
    recheckMs: shared ? 15_000 : 1000,
    notify(id: string) {
      if (redis) void redis.publish(channel, id).catch(() => {});
      if (!shared) emitter.emit(id);
    },
    /**
     * Listens for changes of `id` from now on, so a change between reading the row and waiting
     * is never lost: `next` resolves at once when one came since the last call, else at the next
     * change or after `timeoutMs`. `close` stops listening.
     */
    watch(id: string) {
      let hasChanged = false;
      let wake: (() => void) | undefined;
      const onChange = () => {
        hasChanged = true;
        wake?.();
      };
      emitter.on(id, onChange);
      return {
        async next(timeoutMs: number, signal?: AbortSignal): Promise<void> {
          if (!hasChanged && !signal?.aborted) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(done, timeoutMs);
              function done() {
                clearTimeout(timer);
                signal?.removeEventListener('abort', done);
                wake = undefined;
                resolve();
              }
              wake = done;
              signal?.addEventListener('abort', done, { once: true });
            });
          }
          hasChanged = false;
        },
        close() {
          emitter.off(id, onChange);
        },
      };
    },
  };
}

export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
