import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../src/platform/storage/s3-storage.js';
import { imageForm, makeImage } from './images.js';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './redis.js';
import { createPostgresDatabase, type TestDatabase } from './test-database.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import { startS3Server } from './s3-server.js';
import { createClient, STRONG_PASSWORD, uniqueEmail } from './test-server.js';

/**
 * The scaled shape as separate processes: PostgreSQL, Redis and an S3 server; two API processes
 * (src/main.ts) behind a round-robin proxy, and two workers whose provider takes 4 s. A person
 * signs up, uploads, generates and follows the steps through the proxy; the worker running the
 * job is killed with SIGKILL, and the other takes it over once its lease expires, charging once.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let database: TestDatabase;
const redisKeys = uniqueRedisPrefix();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-mp-'));
const children: ChildProcess[] = [];
let s3: Awaited<ReturnType<typeof startS3Server>>;
let proxy: http.Server;
let proxyUrl = '';
let sql: pg.Client;

/** Starts a TypeScript entry as its own process; resolves when it prints `readyText`. */
function startProcess(entry: string, env: NodeJS.ProcessEnv, readyText: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise<ChildProcess>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve(child);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`${entry} ended (${code}):\n${output}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  s3 = await startS3Server();
  const [portOne, portTwo, proxyPort] = await Promise.all([freePort(), freePort(), freePort()]);
  proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    ...process.env,
    ...s3.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisKeys.prefix,
    AUTH_SECRET: 'multi-process-secret-multi-process-0123',
    APP_URL: proxyUrl,
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    GENERATION_LEASE_SECONDS: '2',
    PROVIDER_DELAY_MS: '4000',
    LOG_LEVEL: 'warn',
  };
  const main = path.join(here, '../src/main.ts');
  // The first applies the migrations and seeds the catalogue; the second finds both done.
  await startProcess(
    main,
    { ...env, PORT: String(portOne), LOG_LEVEL: 'info' },
    'Adtwin is running',
  );
  await startProcess(
    main,
    { ...env, PORT: String(portTwo), LOG_LEVEL: 'info' },
    'Adtwin is running',
  );
  const worker = path.join(here, 'slow-provider-worker.ts');
  await Promise.all([startProcess(worker, env, 'ready'), startProcess(worker, env, 'ready')]);
  proxy = await startRoundRobinProxy([portOne, portTwo], proxyPort);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await new Promise((resolve) => proxy?.close(resolve));
  await sql?.end();
  await s3?.stop();
  await redisKeys.clean();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two API processes and two workers', () => {
  it('sign up, upload to the bucket, generate with live steps, survive a killed worker, charge once', async () => {
    const client = createClient(proxyUrl);
    const email = uniqueEmail('multi');
    const signUp = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD, name: 'Multi Process' },
    });
    expect(signUp.status).toBe(200);
    const mail = await sql.query<{ text: string }>(
      'select text from mail_outbox where "to" = $1 order by created_at desc limit 1',
      [email.toLowerCase()],
    );
    const link = mail.rows[0]!.text.match(/https?:\/\/\S+/)![0];
    expect((await client.request(link)).status).toBe(302);
    const me = (await (await client.request('/api/me')).json()) as { id: string };

    const upload = await client.request('/api/uploads', {
      method: 'POST',
      body: imageForm(await makeImage({ format: 'png' }), 'product.png'),
    });
    expect(upload.status).toBe(201);
    const stored = await createS3Client(s3.settings).send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: `temp-images/${me.id}/` }),
    );
    expect(stored.Contents ?? []).toHaveLength(1);

    const start = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A bottle of olive oil on a marble table, soft light' },
    });
    expect(start.status).toBe(202);
    const { id } = (await start.json()) as { id: string };

    // Follow the steps through the proxy while the job runs.
    const stream = await client.request(`/api/generations/${id}/events`);
    const streamed = stream.text();

    // Kill the worker that holds the job, once it is in the provider.
    let owner: string | null = null;
    for (let i = 0; i < 100 && !owner; i++) {
      const row = await sql.query<{ lease_owner: string | null; status: string }>(
        'select lease_owner, status from generations where id = $1',
        [id],
      );
      if (row.rows[0]?.status === 'running') owner = row.rows[0].lease_owner;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(owner).toBeTruthy();
    const killedPid = Number(owner!.split(':')[1]);
    process.kill(killedPid, 'SIGKILL');

    const states = (await streamed)
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { status: string });
    expect(states.map((s) => s.status)).toContain('running');
    expect(states.at(-1)!.status).toBe('done');

    const row = await sql.query<{ lease_owner: string; attempts: number; credit_state: string }>(
      'select lease_owner, attempts, credit_state from generations where id = $1',
      [id],
    );
    expect(Number(row.rows[0]!.lease_owner.split(':')[1])).not.toBe(killedPid);
    expect(row.rows[0]!.attempts).toBe(2);
    expect(row.rows[0]!.credit_state).toBe('charged');
    const ledger = await sql.query<{ key: string }>(
      'select key from credit_ledger where key like $1',
      [`%:${id}`],
    );
    expect(ledger.rows.map((r) => r.key)).toEqual([`debit:${id}`]);

    const download = await client.request(`/api/generations/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
  });
});
