import type { Logger } from 'pino';
import type { JobHandler, JobQueue } from './job-queue.js';

/** How long a job another runner holds waits before it is offered again. */
const RETRY_LATER_MS = 5_000;

/** Runs jobs in this process with a fixed concurrency; ids wait in memory in arrival order. */
export function createInProcessQueue(options: { concurrency: number; logger: Logger }): JobQueue {
  const waiting: string[] = [];
  const running = new Set<Promise<void>>();
  let handler: JobHandler | null = null;
  let isStopping = false;
  const retries = new Set<NodeJS.Timeout>();

  function retryLater(id: string) {
    // A stopping process offers nothing again; the next start recovers its unfinished rows.
    if (isStopping) return;
    const timer = setTimeout(() => {
      retries.delete(timer);
      if (!waiting.includes(id)) waiting.push(id);
      pump();
    }, RETRY_LATER_MS);
    retries.add(timer);
  }

  function pump() {
    while (handler && !isStopping && running.size < options.concurrency && waiting.length) {
      const id = waiting.shift()!;
      const job = handler(id)
        .then((result) => {
          if (result === 'retry-later') retryLater(id);
        })
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
      for (const timer of retries) clearTimeout(timer);
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs)),
      ]);
    },
  };
}
