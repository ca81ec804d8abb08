/**
 * The scaled shape under load: 1,000 generations through BullMQ on Redis and PostgreSQL, run by 1
 * and then 2 worker processes (instant-worker.ts: the real worker with a provider that answers at
 * once). Per run it prints jobs per second, lost jobs (not done at the end), double charges (a
 * generation debited twice), double provider calls, and whether the ledger equals the counters.
 *
 *   npm run bench:scale -w @adtwin/bench [-- --jobs 1000 --workers 1,2 --concurrency 4]
 *
 * Needs PostgreSQL (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and Redis
 * (REDIS_URL, default redis://127.0.0.1:6379); uses a fresh database and key prefix, removed after.
 * Writes bench/scale/results/latest.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, like, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { initialGenerationSteps } from '@adtwin/shared';
import { loadConfig } from '../../apps/server/src/config.js';
import { composeServer } from '../../apps/server/src/compose.js';
import { creditLedger, generations, users } from '../../apps/server/src/db/schema.js';
import { insertGenerationWithCredit } from '../../apps/server/src/modules/generations/generations.queries.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '1,2' },
    concurrency: { type: 'string', default: '4' },
  },
});
const jobs = Number(values.jobs);
const workerCounts = values.workers.split(',').map(Number);
const here = path.dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function startWorker(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; calls: Promise<number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'instant-worker.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const calls = new Promise<number>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) markReady();
      const match = /calls (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', () => resolve(Number(/calls (\d+)/.exec(output)?.[1] ?? NaN)));
  });
  return ready.then(() => ({ child, calls }));
}

type Row = {
  workers: number;
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  lost: number;
  doubleCharges: number;
  providerCalls: number;
  ledgerEqualsCounters: boolean;
};
const results: Row[] = [];

for (const workerCount of workerCounts) {
  const databaseName = `adtwin_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const prefix = `adtwin-bench-${randomUUID().slice(0, 8)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-bench-scale-'));
  await admin(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    GENERATION_CONCURRENCY: values.concurrency,
    LOG_LEVEL: 'warn',
  };
  // The API side: enqueues only (REDIS_URL set, RUN_JOBS unset).
  const api = await composeServer({
    config: loadConfig(env),
    publicUrl: 'http://localhost',
    logger: pino({ level: 'warn' }),
    seedCatalogue: false,
  });
  const db = api.database.db;
  const email = `bench-${prefix}@example.test`;
  const signUp = await api.auth.api.signUpEmail({
    body: { email, password: 'Bench-Password-42', name: 'Bench' },
  });
  const userId = signUp.user.id;
  await api.profiles.ensureProfile(userId);
  // Credits as the admin command grants them: through the ledger.
  await api.billing.grantCreditsByEmail(email, jobs);
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker(env)));

  const ids: string[] = [];
  for (let i = 0; i < jobs; i++) {
    const started = await insertGenerationWithCredit(
      db,
      {
        userId,
        kind: 'chat',
        input: { kind: 'chat', prompt: `bench ${i}`, referenceUploadIds: [], size: '1024x1024' },
        steps: initialGenerationSteps('chat'),
        provider: 'local',
      },
      { maxActive: jobs + 1 },
    );
    if (started.outcome !== 'started')
      throw new Error(`could not start job ${i}: ${started.outcome}`);
    ids.push(started.row.id);
  }
  const startedAt = performance.now();
  await Promise.all(ids.map((id) => api.queue.enqueue(id)));
  const deadline = Date.now() + 10 * 60_000;
  let done = 0;
  while (Date.now() < deadline) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(generations)
      .where(sql`${generations.status} in ('done', 'failed')`);
    done = row!.n;
    if (done >= jobs) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - startedAt) / 1000;
  for (const { child } of workers) child.kill('SIGTERM');
  const calls = (await Promise.all(workers.map((w) => w.calls))).reduce((a, b) => a + b, 0);

  const [notDone] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(generations)
    .where(sql`${generations.status} <> 'done'`);
  const [debits] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(like(creditLedger.key, 'debit:%'));
  const [balance] = await db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const [profile] = await db.select().from(users).where(eq(users.userId, userId));
  const lost = notDone!.n;
  results.push({
    workers: workerCount,
    jobs,
    seconds: Number(seconds.toFixed(2)),
    jobsPerSecond: Number((jobs / seconds).toFixed(1)),
    lost,
    doubleCharges: debits!.n - (jobs - lost),
    providerCalls: calls,
    ledgerEqualsCounters:
      balance!.sum === profile!.credits - profile!.creditsUsed &&
      profile!.creditsUsed === jobs - lost,
  });

  await api.close();
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  '| workers | jobs | seconds | jobs/s | lost | double charges | provider calls | ledger = counters |',
);
console.log(
  '|--------:|-----:|--------:|-------:|-----:|---------------:|---------------:|:-----------------:|',
);
for (const r of results) {
  console.log(
    `| ${r.workers} | ${r.jobs} | ${r.seconds} | ${r.jobsPerSecond} | ${r.lost} | ${r.doubleCharges} | ${r.providerCalls} | ${r.ledgerEqualsCounters ? 'yes' : 'NO'} |`,
  );
}
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(here, 'results/latest.json'),
  JSON.stringify({ when: new Date().toISOString(), cpus: os.cpus().length, results }, null, 2),
);
process.exit(0);
