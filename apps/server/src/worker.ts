/**
 * The scaled shape's generation worker (`npm run worker`): takes generation ids from the Redis
 * queue and runs them; serves no HTTP. Built from the same composition root as the API, with the
 * same configuration; run as many as the machines allow.
 */
import { ConfigError, loadConfig } from './config.js';
import { composeServer } from './compose.js';

async function main() {
  let config;
  try {
    config = loadConfig();
    if (!config.redisUrl) {
      throw new ConfigError([
        'REDIS_URL: required by the worker, which takes its jobs from Redis (without Redis, `npm start` runs jobs in its own process)',
      ]);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const worker = await composeServer({
    config,
    publicUrl: config.appUrl ?? `http://localhost:${config.port}`,
    runsJobs: true,
    // The API processes seed the catalogue; a worker only reads it.
    seedCatalogue: false,
  });
  worker.logger.info(
    { concurrency: config.generation.concurrency, leaseMs: config.generation.leaseMs },
    'worker is taking generation jobs',
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Running jobs finish first; one that outlasts the grace period is left to its lease, and
    // another worker takes it over when the lease expires.
    worker.logger.info({ signal }, 'worker stopping: finishing its running jobs');
    void worker.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
