/**
 * Adapters chosen from configuration, in one place for the server (compose.ts), the worker
 * (worker.ts) and the admin command: a user outgrowing one machine changes variables, not code.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { createDiskVariantCache, createS3VariantCache } from './platform/images/variant-cache.js';
import type { Logger } from 'pino';
import { createGenerationEvents } from './modules/generations/generation-events.js';
import { createBullmqQueue } from './platform/queue/bullmq-queue.js';
import { createInProcessQueue } from './platform/queue/in-process-queue.js';
import type { JobQueue } from './platform/queue/job-queue.js';
import { createRateLimits } from './platform/ratelimit/rate-limits.js';
import { loadOrCreateSecret } from './platform/secret.js';
import { createLocalDiskStorage } from './platform/storage/local-disk-storage.js';
import { createS3Client, createS3Storage } from './platform/storage/s3-storage.js';
import { createUrlSigner } from './platform/storage/url-signer.js';

/**
 * The file store of the configuration (S3 when S3_BUCKET is set, else local disk), the secret
 * that signs sessions and local file addresses, and where image variants are cached. The server,
 * the worker and the admin command all take their storage from here.
 */
export function createStorageAdapters(config: Config) {
  const secret = loadOrCreateSecret({ configured: config.authSecret, dataDir: config.dataDir });
  const signer = createUrlSigner(secret);
  if (config.storage.kind === 's3') {
    const client = createS3Client(config.storage.s3);
    const bucket = config.storage.s3.bucket;
    return {
      secret,
      signer,
      storageKind: 's3',
      storage: createS3Storage({ client, bucket }),
      variantCache: createS3VariantCache({ client, bucket }),
    };
  }
  return {
    secret,
    signer,
    storageKind: 'local-disk',
    storage: createLocalDiskStorage({ root: path.join(config.dataDir, 'storage'), signer }),
    variantCache: createDiskVariantCache(path.join(config.dataDir, 'variants')),
  };
}

/**
 * The Redis connection for commands (rate limits, publishing), or none in the embedded shape.
 * Queues and subscriptions open their own connections from the same address.
 */
export function openRedis(config: Config): Redis | undefined {
  if (!config.redisUrl) return undefined;
  return new Redis(config.redisUrl, { lazyConnect: false, enableOfflineQueue: true });
}

/** Rate limits counted in Redis when there is one (shared by every process), else in memory. */
export function createRateLimitsFor(config: Config, redis: Redis | undefined) {
  return createRateLimits({
    redis,
    keyPrefix: config.redisPrefix,
    enabled: !config.disableRateLimits,
  });
}

/** Generation ids in this process (embedded), or on Redis through BullMQ for workers anywhere. */
export function createJobQueue(config: Config, logger: Logger): JobQueue {
  return config.redisUrl
    ? createBullmqQueue({
        redisUrl: config.redisUrl,
        prefix: config.redisPrefix,
        concurrency: config.generation.concurrency,
        lockMs: config.generation.leaseMs,
        logger,
      })
    : createInProcessQueue({ concurrency: config.generation.concurrency, logger });
}

/**
 * Step changes of generations: within the process, or through Redis pub/sub so a browser's
 * stream on any API process hears the worker that runs its job. Returns what to close.
 */
export function createGenerationEventsFor(config: Config, redis: Redis | undefined) {
  if (!config.redisUrl || !redis) return { events: createGenerationEvents(), close: () => {} };
  const subscriber = new Redis(config.redisUrl);
  return {
    events: createGenerationEvents({
      redis,
      subscriber,
      channel: `${config.redisPrefix}:generation-events`,
    }),
    close: () => subscriber.disconnect(),
  };
}
