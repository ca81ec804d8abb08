import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { JobHandler, JobQueue } from './job-queue.js';

const QUEUE_NAME = 'generations';

/** Thrown so BullMQ delivers the job again after its backoff. */
class RetryLaterError extends Error {
  constructor() {
    super('another live runner holds this job; delivered again later');
  }
}

/**
 * Generation ids on Redis through BullMQ, for workers on any host. BullMQ's lock is the queue's
 * side of the lease: a worker that dies stops renewing it, the job is found stalled and handed to
 * another worker, which takes it over once the row's own lease has expired too. Retries and their
 * backoff are BullMQ's.
 */
export function createBullmqQueue(options: {
  redisUrl: string;
  /** Namespace of this deployment's keys. */
  prefix: string;
  concurrency: number;
  /** How long a job's lock holds without renewal; stalls are looked for this often too. */
  lockMs: number;
  logger: Logger;
}): JobQueue {
  // BullMQ's blocking commands need connections that never give up on a request.
  const connect = () => new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const prefix = `${options.prefix}:bull`;
  const queueConnection = connect();
  const queue = new Queue(QUEUE_NAME, { connection: queueConnection, prefix });
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;

  return {
    async enqueue(id) {
      // The job id is the generation id: enqueueing a waiting job twice adds nothing.
      await queue.add(
        'generate',
        { id },
        {
          jobId: id,
          attempts: 12,
          backoff: { type: 'exponential', delay: Math.min(1000, options.lockMs) },
          removeOnComplete: true,
          removeOnFail: { count: 1000 },
        },
      );
    },
    start(handler: JobHandler) {
      workerConnection = connect();
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          const id = (job.data as { id: string }).id;
          if ((await handler(id)) === 'retry-later') throw new RetryLaterError();
        },
        {
          connection: workerConnection,
          prefix,
          concurrency: options.concurrency,
          lockDuration: options.lockMs,
          stalledInterval: options.lockMs,
          // A job may outlive a few dead workers before it is given up (the row then refunds).
          maxStalledCount: 3,
        },
      );
      worker.on('failed', (job, error) => {
        if (!(error instanceof RetryLaterError))
          options.logger.error({ err: error, generationId: job?.data?.id }, 'job failed');
      });
      worker.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
    },
    async stop(timeoutMs = 10_000) {
      if (worker) {
        // Lets running jobs finish; past the timeout they are left to their leases to expire,
        // and another worker takes them over.
        const closing = worker.close();
        const finished = await Promise.race([
          closing.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
        ]);
        if (!finished) await worker.close(true);
      }
      await queue.close();
      queueConnection.disconnect();
      workerConnection?.disconnect();
    },
  };
}
