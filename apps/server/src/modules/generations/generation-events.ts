import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Wakes the event streams of a generation when its row changed. In one process (embedded) the
 * runner wakes them directly; with Redis every change is published, and each API process wakes
 * its own streams, whichever process ran the job. Streams still re-read the row every
 * `recheckMs` as a safety net (a missed message costs that long, never the step).
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
