import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config.js';
import { composeServer } from './compose.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const publicUrl = config.appUrl ?? `http://localhost:${config.port}`;
  const server = await composeServer({
    config,
    publicUrl,
    webDistDir: path.resolve(here, '../../web/dist'),
  });
  const http = serve(
    { fetch: server.app.fetch, port: config.port, hostname: config.host },
    (info) => {
      server.logger.info(
        { port: info.port, database: server.database.kind, mail: server.mailer.kind },
        `Adtwin is running at ${publicUrl}`,
      );
    },
  );
  const shutdown = (signal: string) => {
    server.logger.info({ signal }, 'shutting down');
    http.close(() => void server.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
