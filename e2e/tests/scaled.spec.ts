import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { GENERATION_MESSAGES } from '@adtwin/shared';
import { startRoundRobinProxy } from '../../apps/server/test/round-robin-proxy';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../apps/server/test/redis';
import { startS3Server } from '../../apps/server/test/s3-server';
import { createS3Client } from '../../apps/server/src/platform/storage/s3-storage';
import { FIXTURES, followMailedLink, signUpThroughUi, uniqueEmail } from './helpers';

/**
 * The scaled shape, as deployed: a fresh PostgreSQL database, Redis (a key prefix of this run's
 * own), an S3 server (s3rver), two built API processes behind a round-robin proxy and two built
 * workers. The image provider is OpenAI's wire protocol answered by a local server that holds
 * each request as long as the test says, so a job can be watched, and killed, mid-call.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210) + 20;
const PROXY_PORT = BASE_PORT;
const API_PORTS = [BASE_PORT + 1, BASE_PORT + 2];
const S3_PORT = BASE_PORT + 3;
const OPENAI_PORT = BASE_PORT + 4;
const PROXY_URL = `http://127.0.0.1:${PROXY_PORT}`;
const DIST = path.resolve(import.meta.dirname, '../../apps/server/dist');
const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');
const RUN_DIR = path.join(os.tmpdir(), `adtwin-e2e-scaled-${BASE_PORT}`);
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = `adtwin_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const DATABASE_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE_NAME}` }).href;

type Role = 'api' | 'worker';
const processes: { role: Role; name: string; child: ChildProcess; log: string }[] = [];
const redisKeys = uniqueRedisPrefix();
let s3: Awaited<ReturnType<typeof startS3Server>>;
let proxy: http.Server;
let sql: pg.Client;

/** OpenAI's image API, answered after `delayMs` with the product photo as the "generated" image. */
const openAi = {
  delayMs: 3000,
  /** Image requests received, by arrival. */
  calls: 0,
  server: undefined as http.Server | undefined,
};

function startFakeOpenAi() {
  const answer = fs.readFileSync(PRODUCT).toString('base64');
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.startsWith('/v1/images/')) {
        response.writeHead(404).end();
        return;
      }
      openAi.calls += 1;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const type = request.url!.includes('edits') ? 'image_edit' : 'image_generation';
        response.end(
          `data: ${JSON.stringify({ type: `${type}.completed`, b64_json: answer })}\n\n`,
        );
      }, openAi.delayMs);
    });
  });
  openAi.server = server;
  return new Promise<void>((resolve) => server.listen(OPENAI_PORT, '127.0.0.1', resolve));
}

function environment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...s3.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: path.join(RUN_DIR, 'data'),
    DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisKeys.prefix,
    AUTH_SECRET: 'scaled-e2e-secret-scaled-e2e-secret-0123',
    APP_URL: PROXY_URL,
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    // As for the suite's other servers (see playwright.config.ts).
    DISABLE_RATE_LIMITS: 'true',
    ADTWIN_LEARNED_MODELS: '0',
    ENGINE_THREADS: '1',
    IMAGE_PROVIDER: 'openai',
    OPENAI_API_KEY: 'e2e-openai-key',
    OPENAI_BASE_URL: `http://127.0.0.1:${OPENAI_PORT}/v1`,
    // A killed worker's job is taken over this long after its last renewal.
    GENERATION_LEASE_SECONDS: '3',
  };
}

/** Starts a built entry; resolves once it has printed `readyText` (its log goes to a file). */
function startProcess(role: Role, name: string, env: NodeJS.ProcessEnv, readyText: string) {
  const log = path.join(RUN_DIR, `${name}.log`);
  const child = spawn(
    process.execPath,
    [path.join(DIST, `${role === 'api' ? 'main' : 'worker'}.js`)],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  processes.push({ role, name, child, log });
  let output = '';
  return new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      fs.appendFileSync(log, chunk);
      output += chunk.toString();
      if (output.includes(readyText)) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${name} ended (${code}) before it was ready`)));
  });
}

async function keysInBucket(prefix: string): Promise<string[]> {
  const page = await createS3Client(s3.settings).send(
    new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }),
  );
  return (page.Contents ?? []).map((item) => item.Key!);
}

async function onAdmin(query: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

test.use({ baseURL: PROXY_URL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  await onAdmin(`CREATE DATABASE ${DATABASE_NAME}`);
  sql = new pg.Client({ connectionString: DATABASE_URL });
  await sql.connect();
  s3 = await startS3Server({ port: S3_PORT, corsOrigins: [PROXY_URL] });
  await startFakeOpenAi();
  const env = environment();
  // The first applies the migrations and seeds the catalogue; the second finds both done.
  await startProcess('api', 'api-1', { ...env, PORT: String(API_PORTS[0]) }, 'Adtwin is running');
  await startProcess('api', 'api-2', { ...env, PORT: String(API_PORTS[1]) }, 'Adtwin is running');
  await Promise.all([
    startProcess('worker', 'worker-1', env, 'worker is taking generation jobs'),
    startProcess('worker', 'worker-2', env, 'worker is taking generation jobs'),
  ]);
  proxy = await startRoundRobinProxy(API_PORTS, PROXY_PORT);
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructured first argument
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const { name, log } of processes) {
    if (fs.existsSync(log)) await testInfo.attach(`${name}.log`, { path: log });
  }
});

test.afterAll(async () => {
  for (const { child } of processes) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise((resolve) => proxy?.close(resolve));
  openAi.server?.closeAllConnections();
  await new Promise((resolve) => openAi.server?.close(resolve));
  await sql?.end();
  await s3?.stop();
  await redisKeys.clean();
  await onAdmin(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
});

/** Signs up through the page and the mailed link, as a person would; returns the account id. */
async function signUp(page: Page) {
  const email = uniqueEmail('scaled');
  await signUpThroughUi(page, { email, name: 'Scaled Person' });
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await followMailedLink(page, email);
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  const onboarding = await page.request.put('/api/me/onboarding', {
    data: { userType: 'ecommerce', source: 'instagram' },
  });
  expect(onboarding.ok()).toBe(true);
  return ((await me.json()) as { id: string }).id;
}

/** Opens the first official template, puts the product in (straight into the bucket). */
async function prepareSwap(page: Page) {
  const list = await page.request.get('/api/templates?limit=1');
  const { id } = ((await list.json()) as { items: { id: number }[] }).items[0]!;
  await page.goto(`/editor/${id}`);
  const panel = page.getByRole('complementary', { name: 'Generation panel' });
  const putToBucket = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().startsWith(`${s3.settings.endpoint}/`),
  );
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  expect((await (await putToBucket).response())?.status()).toBe(200);
  // Its preview is a variant the API makes from the bucket's copy: seconds on a loaded machine.
  await expect(panel.getByRole('img', { name: /Product Image: saleor-mighty-mug/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByTestId('cut-out-preview').getByRole('img')).toBeVisible({
    timeout: 60_000,
  });
  return panel;
}

async function generationRow(id: string) {
  const { rows } = await sql.query<{
    status: string;
    lease_owner: string | null;
    attempts: number;
    credit_state: string;
  }>('select status, lease_owner, attempts, credit_state from generations where id = $1', [id]);
  return rows[0]!;
}

test('through the proxy: sign up, upload into the bucket, watch the steps live, download @desktop', async ({
  page,
}) => {
  test.setTimeout(180_000);
  openAi.delayMs = 4000;
  const userId = await signUp(page);
  const panel = await prepareSwap(page);
  // The product went browser -> bucket, and the server took it as an upload (not left waiting).
  const stored = await keysInBucket(`temp-images/${userId}/`);
  const upload = new RegExp(`^temp-images/${userId}/[0-9a-f-]{36}\\.png$`);
  expect(stored.filter((key) => upload.test(key))).toHaveLength(1);
  expect(stored.filter((key) => key.includes('/incoming/'))).toEqual([]);

  const callsBefore = openAi.calls;
  const started = page.waitForResponse('**/api/generations/swap');
  await panel.getByRole('button', { name: 'Create Image' }).click();
  const start = await started;
  expect(start.status()).toBe(202);
  const { id } = (await start.json()) as { id: string };
  const progress = page.getByRole('dialog', { name: 'Creating Image' });
  await expect(progress).toBeVisible();
  // While a worker holds the provider's call, the page already shows that step: the worker's
  // changes reach the stream, whichever API process serves it, before the job is done.
  await expect.poll(() => openAi.calls, { timeout: 60_000 }).toBe(callsBefore + 1);
  const creating = progress.getByRole('listitem').filter({ hasText: 'Creating image' });
  await expect(creating).toHaveAttribute('data-status', 'active', { timeout: 3000 });
  await expect(
    progress.getByRole('listitem').filter({ hasText: 'Checking upload' }),
  ).toHaveAttribute('data-status', 'complete');
  expect((await generationRow(id)).status).toBe('running');

  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('editor-result')).toBeVisible();
  const results = await keysInBucket(`user-creations/${userId}/`);
  expect(results.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = fs.readFileSync((await (await downloading).path())!);
  expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
});

test('a worker killed with SIGKILL mid-job: the other finishes it, one credit charged @desktop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Long enough to find and kill the worker while the provider holds its call.
  openAi.delayMs = 60_000;
  const userId = await signUp(page);
  const panel = await prepareSwap(page);
  const callsBefore = openAi.calls;
  const started = page.waitForResponse('**/api/generations/swap');
  await panel.getByRole('button', { name: 'Create Image' }).click();
  const { id } = (await (await started).json()) as { id: string };
  await expect.poll(() => openAi.calls, { timeout: 60_000 }).toBe(callsBefore + 1);
  const holder = await generationRow(id);
  expect(holder.status).toBe('running');
  const holderPid = Number(holder.lease_owner!.split(':')[1]);
  const worker = processes.find((p) => p.role === 'worker' && p.child.pid === holderPid);
  expect(worker, `the lease names one of this test's workers (${holder.lease_owner})`).toBeTruthy();
  openAi.delayMs = 1000;
  const killed = new Promise((resolve) => worker!.child.once('exit', resolve));
  worker!.child.kill('SIGKILL');
  await killed;

  // The open page follows the job to its end, taken over by the other worker.
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('editor-result')).toBeVisible();
  const row = await generationRow(id);
  expect(row.status).toBe('done');
  expect(row.attempts).toBe(2);
  expect(row.credit_state).toBe('charged');
  const survivor = processes.find((p) => p.role === 'worker' && p !== worker)!;
  expect(Number(row.lease_owner!.split(':')[1])).toBe(survivor.child.pid);
  expect(openAi.calls).toBe(callsBefore + 2);
  // One charge: one debit row, no refund, and the counters agree with the ledger.
  const ledger = await sql.query<{ key: string }>(
    'select key from credit_ledger where key like $1',
    [`%:${id}`],
  );
  expect(ledger.rows.map((r) => r.key)).toEqual([`debit:${id}`]);
  const { rows } = await sql.query<{ credits_used: number; used_by_ledger: string }>(
    `select u.credits_used,
            (select coalesce(-sum(amount), 0) from credit_ledger l
              where l.user_id = u.user_id and l.kind in ('debit', 'refund')) as used_by_ledger
       from users u where u.user_id = $1`,
    [userId],
  );
  expect(rows[0]!.credits_used).toBe(1);
  expect(Number(rows[0]!.used_by_ledger)).toBe(1);
});
