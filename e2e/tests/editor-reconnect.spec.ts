import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { GENERATION_MESSAGES } from '@adtwin/shared';
import { FIXTURES, createOnboardedUser } from './helpers';

// A server of this test's own, so that it can be killed and started again mid-job.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `adtwin-e2e-restart-${PORT}`);
const MAIN = path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');
const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');
// Both runs of the server write here; a failure prints its end, so CI's log says what the server saw.
const SERVER_LOG = path.join(os.tmpdir(), `adtwin-e2e-restart-${PORT}.log`);

let server: ChildProcess | null = null;

function startServer() {
  const log = fs.openSync(SERVER_LOG, 'a');
  server = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      APP_URL: BASE,
      DATA_DIR,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DISABLE_RATE_LIMITS: 'true',
      // As for the suite's other servers: the journey, not the picture (see playwright.config.ts).
      ADTWIN_LEARNED_MODELS: '0',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
}

async function waitUntilUp() {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${BASE}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

async function killServer() {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

/** A new person's editor on the first template, with the product uploaded and cut out. */
async function openEditorWithProduct(page: Page) {
  await createOnboardedUser(page);
  const list = await page.request.get('/api/templates?limit=1');
  const { id } = ((await list.json()) as { items: { id: number }[] }).items[0]!;
  await page.goto(`/editor/${id}`);
  const panel = page.getByRole('complementary', { name: 'Generation panel' });
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByTestId('cut-out-preview').getByRole('img')).toBeVisible({
    timeout: 60_000,
  });
  return panel;
}

test.use({ baseURL: BASE });
// A kill -9 lands at a different moment of the job on every run; one more try, with the first
// run's server log printed, keeps a rare timing from hiding the suite's other results.
test.describe.configure({ retries: 1 });
test.beforeAll(async () => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(SERVER_LOG, { force: true });
  startServer();
  await waitUntilUp();
});
// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructured first argument
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !fs.existsSync(SERVER_LOG)) return;
  const lines = fs.readFileSync(SERVER_LOG, 'utf8').trim().split('\n');
  console.log(`The restarted server's last log lines:\n${lines.slice(-40).join('\n')}`);
  await testInfo.attach('server.log', { path: SERVER_LOG });
});
test.afterAll(async () => {
  await killServer();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a server killed during a job and started again: the open page shows the result by itself @desktop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const panel = await openEditorWithProduct(page);

  const started = page.waitForResponse('**/api/generations/swap');
  await panel.getByRole('button', { name: 'Create Image' }).click();
  expect((await started).status()).toBe(202);
  await killServer();
  await expect(page.getByRole('dialog', { name: 'Creating Image' })).toBeVisible();

  startServer();
  await waitUntilUp();
  // No reload: the page finds the job again and shows its result.
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('editor-result')).toBeVisible();
});

// The moment the kill above lands is left to chance; this is its worst case made certain: the
// server starts the job and its reply's headers arrive, but the body never does.
test('a start whose reply body is lost: the page follows the job named in Location @desktop', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const panel = await openEditorWithProduct(page);

  let location: string | undefined;
  await page.route('**/api/generations/swap', async (route) => {
    const reply = await route.fetch();
    location = reply.headers()['location'];
    // Cut off mid-body, as a connection that drops after the headers leaves it.
    await route.fulfill({
      status: reply.status(),
      headers: { 'content-type': 'application/json', location: location ?? '' },
      body: '{"id":',
    });
  });
  await panel.getByRole('button', { name: 'Create Image' }).click();
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('editor-result')).toBeVisible();
  expect(location).toMatch(/^\/api\/generations\/[\w-]+$/);
});
