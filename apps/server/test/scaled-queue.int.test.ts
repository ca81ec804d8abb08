import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, generations, users } from '../src/db/schema.js';
import { initialGenerationSteps } from '@adtwin/shared';
import {
  claimGeneration,
  insertGenerationWithCredit,
} from '../src/modules/generations/generations.queries.js';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './redis.js';
import { createPostgresDatabase, type TestDatabase } from './test-database.js';
import { startS3Server } from './s3-server.js';
import { createScriptedProvider } from './scripted-provider.js';
import { createClient, signUpVerified, startTestServer, type TestServer } from './test-server.js';

/**
 * The scaled shape in one test process: two API processes that run no jobs and a worker, sharing
 * one PostgreSQL database, one Redis and one S3 store, as separate processes would.
 */
let database: TestDatabase;
const redisKeys = uniqueRedisPrefix();
const workerProvider = createScriptedProvider();
let s3: Awaited<ReturnType<typeof startS3Server>>;
let apiOne: TestServer;
let apiTwo: TestServer;
let worker: TestServer;

beforeAll(async () => {
  database = await createPostgresDatabase();
  s3 = await startS3Server();
  const env = {
    ...s3.env,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisKeys.prefix,
    DISABLE_RATE_LIMITS: 'true',
    GENERATION_LEASE_SECONDS: '1',
  };
  // Started one after the other: the first applies the migrations.
  apiOne = await startTestServer(env, { seedCatalogue: false });
  apiTwo = await startTestServer(env, { seedCatalogue: false });
  worker = await startTestServer(
    { ...env, RUN_JOBS: 'true' },
    { imageProvider: workerProvider.provider, seedCatalogue: false },
  );
});
afterAll(async () => {
  await Promise.all([apiOne?.stop(), apiTwo?.stop(), worker?.stop()]);
  await s3?.stop();
  await redisKeys.clean();
  await database?.drop();
});

type View = { id: string; status: string; steps: { key: string; status: string }[] };

/** Reads a stream's events as they come, with the time each arrived. */
async function* readEvents(res: Response): AsyncGenerator<View> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) yield JSON.parse(data.slice(6)) as View;
    }
  }
}

async function ledgerOf(userId: string) {
  const db = apiOne.server.database.db;
  const rows = await db
    .select({ key: creditLedger.key, amount: creditLedger.amount })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const [profile] = await db.select().from(users).where(eq(users.userId, userId));
  return { rows, credits: profile!.credits, used: profile!.creditsUsed };
}

describe('the scaled shape', () => {
  it('runs a job started on one API process on the worker, and streams its steps live to the other', async () => {
    const { client, cookies, userId } = await signUpVerified(apiOne).then((signedUp) => ({
      ...signedUp,
      cookies: signedUp.client.cookies,
    }));
    const held = workerProvider.hold();
    const start = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A bottle of olive oil on a marble table, soft light' },
    });
    expect(start.status).toBe(202);
    const { id } = (await start.json()) as View;

    const onTwo = createClient(apiTwo.baseUrl);
    for (const [name, value] of cookies) onTwo.cookies.set(name, value);
    const stream = await onTwo.request(`/api/generations/${id}/events`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = readEvents(stream);
    const seen: View[] = [];
    const nextUntil = async (done: (view: View) => boolean) => {
      for (let next = await events.next(); !next.done; next = await events.next()) {
        seen.push(next.value);
        if (done(next.value)) return;
      }
    };

    // The worker reaches the provider and holds there: process two hears 'create' active through
    // Redis, well before its 15 s safety re-read.
    await held.started;
    const waitedFrom = Date.now();
    await nextUntil((view) =>
      view.steps.some((step) => step.key === 'create' && step.status === 'active'),
    );
    expect(Date.now() - waitedFrom).toBeLessThan(3000);
    // Released only now, so 'done' can reach process two only by a message, not its first read.
    const releasedAt = Date.now();
    held.release();
    await nextUntil((view) => view.status === 'done');
    expect(Date.now() - releasedAt).toBeLessThan(3000);
    expect(seen.at(-1)?.status).toBe('done');
    expect(workerProvider.calls).toHaveLength(1);

    const ledger = await ledgerOf(userId);
    expect(ledger.rows.filter((row) => row.key === `debit:${id}`)).toHaveLength(1);
    expect(ledger.used).toBe(1);
    expect(ledger.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(
      ledger.credits - ledger.used,
    );
  });

  it('leaves a job whose runner lives alone, and takes it over once that runner stopped renewing its lease', async () => {
    const { userId } = await signUpVerified(apiOne);
    const db = apiOne.server.database.db;
    const callsBefore = workerProvider.calls.length;
    // A job a worker claimed before it died: running, under a lease nobody renews.
    const started = await insertGenerationWithCredit(
      db,
      {
        userId,
        kind: 'chat',
        input: {
          kind: 'chat',
          prompt: 'A jar of honey',
          referenceUploadIds: [],
          size: '1024x1024',
        },
        steps: initialGenerationSteps('chat'),
        provider: 'local',
      },
      { maxActive: 5 },
    );
    if (started.outcome !== 'started') throw new Error(started.outcome);
    const id = started.row.id;
    expect(await claimGeneration(db, id, { owner: 'dead-worker', ms: 1500 })).not.toBeNull();
    // The worker is offered the job again while the lease holds: it must not call the provider.
    await worker.server.queue.enqueue(id);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(workerProvider.calls.length).toBe(callsBefore);
    const [during] = await db.select().from(generations).where(eq(generations.id, id));
    expect(during!.leaseOwner).toBe('dead-worker');

    // The lease runs out (nobody renews it); BullMQ's retry delivers the job again and the
    // worker takes it over.
    const deadline = Date.now() + 15_000;
    let row = during!;
    while (row.status !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      [row] = (await db.select().from(generations).where(eq(generations.id, id))) as [typeof row];
    }
    expect(row.status).toBe('done');
    expect(row.leaseOwner).not.toBe('dead-worker');
    expect(row.attempts).toBe(2);
    expect(workerProvider.calls.length).toBe(callsBefore + 1);
    const ledger = await ledgerOf(userId);
    expect(ledger.rows.filter((r) => r.key.endsWith(`:${id}`)).map((r) => r.key)).toEqual([
      `debit:${id}`,
    ]);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.key, `refund:${id}`))) as [{ n: number }];
    expect(n).toBe(0);
  });
});
