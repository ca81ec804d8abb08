/**
 * The server as it was before the engine pool: the same composition, with the local engine
 * running on the thread that answers requests. Only the responsiveness bench starts it, as its
 * baseline; the configuration comes from the environment as for `npm start`.
 */
import { serve } from '@hono/node-server';
import { composeServer } from '../../apps/server/src/compose.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createProvider } from '../../packages/engine/src/index.js';

const config = loadConfig();
const publicUrl = config.appUrl ?? `http://localhost:${config.port}`;
// An injected provider has no pool: the swap and the cut-out run in this thread.
const server = await composeServer({ config, publicUrl, imageProvider: createProvider() });
serve({ fetch: server.app.fetch, port: config.port, hostname: config.host });
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
