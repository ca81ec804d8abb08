/**
 * A generation worker as `npm run worker` builds it (same composition root and configuration from
 * the environment), with an image provider that answers at once, so the benchmark measures the
 * queue, the database and the leases rather than image making. Prints `ready` when it takes jobs
 * and, on SIGTERM, `calls <n>`: how many times its provider was called.
 */
import pino from 'pino';
import type { ImageProvider } from '@adtwin/engine';
import { loadConfig } from '../../apps/server/src/config.js';
import { composeServer } from '../../apps/server/src/compose.js';

// A 1x1 PNG, the same for every answer.
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
let calls = 0;
const provider: ImageProvider = {
  name: 'local',
  swap: async () => {
    calls += 1;
    return { png: PNG };
  },
  chat: async () => {
    calls += 1;
    return { png: PNG };
  },
};

const config = loadConfig();
const worker = await composeServer({
  config,
  publicUrl: 'http://localhost',
  logger: pino({ level: 'warn' }),
  imageProvider: provider,
  runsJobs: true,
  seedCatalogue: false,
});
console.log('ready');
process.on('SIGTERM', () => {
  void worker.close().finally(() => {
    console.log(`calls ${calls}`);
    process.exit(0);
  });
});
