/**
 * A generation worker process for the multi-process test: the real worker's composition root and
 * configuration from the environment, with a provider that takes PROVIDER_DELAY_MS to answer (long
 * enough for the test to kill it mid-job). Prints `ready` once it takes jobs.
 */
import pino from 'pino';
import type { ImageProvider } from '@adtwin/engine';
import { loadConfig } from '../src/config.js';
import { composeServer } from '../src/compose.js';
import { plainPng } from './scripted-provider.js';

const delayMs = Number(process.env.PROVIDER_DELAY_MS ?? 2000);
const answer = async (size: Parameters<typeof plainPng>[0]) => {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return { png: await plainPng(size) };
};
const provider: ImageProvider = {
  name: 'local',
  swap: (request) => answer(request.size),
  chat: (request) => answer(request.size),
};
const worker = await composeServer({
  config: loadConfig(),
  publicUrl: 'http://localhost',
  logger: pino({ level: 'warn' }),
  imageProvider: provider,
  runsJobs: true,
  seedCatalogue: false,
});
console.log('ready');
process.on('SIGTERM', () => void worker.close().finally(() => process.exit(0)));
