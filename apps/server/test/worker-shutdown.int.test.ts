import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, generations } from '../src/db/schema.js';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './redis.js';
import { createPostgresDatabase, type TestDatabase } from './test-database.js';
import { createScriptedProvider } from './scripted-provider.js';
import { signUpVerified, startTestServer, type TestServer } from './test-server.js';

/**
 * A worker told to stop (SIGTERM closes it as `close()` does) while a job runs: after its grace
 * period it hands the job back, and another worker finishes it at once, long before the lease
 * (a minute here) would have let it take the job over.
 */
let database: TestDatabase;
const redisKeys = uniqueRedisPrefix();
const providers = [createScriptedProvider(), createScriptedProvider()];
let api: TestServer;
const workers: TestServer[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisKeys.prefix,
    DISABLE_RATE_LIMITS: 'true',
    GENERATION_LEASE_SECONDS: '60',
    SHUTDOWN_GRACE_SECONDS: '0.5',
  };
  api = await startTestServer(env, { seedCatalogue: false });
  for (const provider of providers) {
    workers.push(
      await startTestServer(
        { ...env, RUN_JOBS: 'true' },
        { imageProvider: provider.provider, seedCatalogue: false },
      ),
    );
  }
});
afterAll(async () => {
  await Promise.all([api?.stop(), ...workers.map((worker) => worker.stop().catch(() => {}))]);
  await redisKeys.clean();
  await database?.drop();
});

describe('a worker shutting down', () => {
  it('hands its running job back after the grace period; another worker finishes it, one charge', async () => {
    const { client, userId } = await signUpVerified(api);
    const holds = providers.map((provider) => provider.hold());
    const start = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A bottle of olive oil on a marble table' },
    });
    expect(start.status).toBe(202);
    const { id } = (await start.json()) as { id: string };
    const holder = await Promise.race(holds.map((hold, index) => hold.started.then(() => index)));
    const other = 1 - holder;
    // The other worker answers at once when the job reaches it.
    holds[other]!.release();

    const stopped = Date.now();
    await workers[holder]!.stop();
    const db = api.server.database.db;
    let row = (await db.select().from(generations).where(eq(generations.id, id)))[0]!;
    while (row.status !== 'done' && Date.now() - stopped < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      row = (await db.select().from(generations).where(eq(generations.id, id)))[0]!;
    }
    expect(row.status).toBe('done');
    expect(Date.now() - stopped).toBeLessThan(20_000);
    expect(row.attempts).toBe(2);
    expect(providers[holder]!.calls).toHaveLength(1);
    expect(providers[other]!.calls).toHaveLength(1);
    const ledger = await db
      .select({ key: creditLedger.key })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(ledger.map((r) => r.key).filter((key) => key.endsWith(`:${id}`))).toEqual([
      `debit:${id}`,
    ]);
  });
});
