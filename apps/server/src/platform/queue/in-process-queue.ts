import type { Logger } from 'pino';
import type { JobQueue } from './job-queue.js';

/** Runs jobs in this process with a fixed concurrency; ids wait in memory in arrival order. */
export function createInProcessQueue(options: { concurrency: number; logger: Logger }): JobQueue {
  const waiting: string[] = [];
  const running = new Set<Promise<void>>();
  let handler: ((id: string) => Promise<void>) | null = null;
  let isStopping = false;

  function pump() {
    while (handler && !isStopping && running.size < options.concurrency && waiting.length) {
      const id = waiting.shift()!;
      const job = handler(id)
        .catch((error: unknown) =>
          options.logger.error({ err: error, generationId: id }, 'job crashed'),
        )
        .finally(() => {
          running.delete(job);
          pump();
        });
      running.add(job);
    }
  }

  return {
    async enqueue(id) {
      if (!waiting.includes(id)) waiting.push(id);
      pump();
    },
    start(next) {
      handler = next;
      pump();
    },
    async stop(timeoutMs = 10_000) {
      isStopping = true;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs)),
      ]);
    },
  };
}
