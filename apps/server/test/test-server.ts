import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import type { ImageProvider } from '@adtwin/engine';
import { loadConfig } from '../src/config.js';
import { composeServer } from '../src/compose.js';
import { mailOutbox } from '../src/db/schema.js';
import { createTestDatabase } from './test-database.js';
import { createClient } from './http-client.js';

export { createClient, type Client } from './http-client.js';

let emailCounter = 0;

/** A unique address per call, so tests never collide on a shared PostgreSQL database. */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}.${Date.now().toString(36)}.${process.pid}.${emailCounter}@example.test`;
}

export const STRONG_PASSWORD = 'Sunny-Day-42';

/**
 * A really started server on a random port: PGlite in memory by default, or the PostgreSQL server
 * named by TEST_DATABASE_URL (CI runs the suite twice). Files go to a fresh temporary folder.
 * `imageProvider` replaces the configured engine (see `scripted-provider.ts`).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    imageProvider?: ImageProvider;
    logger?: pino.Logger;
    seedCatalogue?: boolean;
    webDistDir?: string;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-test-'));
  const testDatabase = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    DATABASE_URL: testDatabase?.url ?? '',
    ...env,
  });
  // The public address is only known after listening; compose against a placeholder port first.
  const http = serve({ fetch: (req) => app.fetch(req), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  const port = (http.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await composeServer({
    config,
    publicUrl: baseUrl,
    logger: options.logger ?? pino({ level: 'silent' }),
    pgliteDir: 'memory://',
    imageProvider: options.imageProvider,
    webDistDir: options.webDistDir,
    seedCatalogue: options.seedCatalogue,
  });
  const app = server.app;

  async function latestMailTo(to: string) {
    const rows = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to.toLowerCase())))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    baseUrl,
    server,
    dataDir,
    latestMailTo,
    async stop() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
      await testDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Signs up, follows the verification link from the outbox, and returns a signed-in client. */
export async function signUpVerified(
  t: TestServer,
  options: { email?: string; name?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const client = createClient(t.baseUrl);
  const signUp = await client.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: STRONG_PASSWORD, name: options.name ?? 'Test User' },
  });
  if (signUp.status !== 200)
    throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mail = await t.latestMailTo(email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no verification link was mailed');
  const verify = await client.request(link);
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status}`);
  const me = await client.request('/api/me');
  const account = (await me.json()) as { id: string };
  return { client, email, userId: account.id };
}
