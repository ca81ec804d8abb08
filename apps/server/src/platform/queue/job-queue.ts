/**
 * Carries generation ids to whoever runs them. The `generations` row is the truth; a queue may
 * deliver an id more than once, so handlers move state only by conditional updates.
 * Adapters: in-process (embedded default) and BullMQ on Redis (scaled).
 */
export interface JobQueue {
  enqueue(id: string): Promise<void>;
  /** Starts calling `handler` for queued ids, at most `concurrency` at a time. */
  start(handler: JobHandler): void;
  /** Waits for running jobs to end (or gives up after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

/** `retry-later`: the job cannot run now (another live runner holds it); deliver it again later. */
export type JobHandler = (id: string) => Promise<'retry-later' | void>;
