import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { API_KEY_MESSAGES } from '@adtwin/shared';
import {
  FIXTURES,
  createOnboardedUser,
  saveScreenshot,
  upgradeThroughTestCheckout,
} from './helpers';

const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');
/** Inside this run's port range (E2E_PORT to E2E_PORT + 49); the config uses +0 to +2. */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The generation panel: the right sidebar on desktop, a drawer under 768 px. */
async function openPanel(page: Page) {
  if (!isMobile(page)) return page.getByRole('complementary', { name: 'Generation panel' });
  await page.getByRole('button', { name: 'Open the generation panel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create' });
  await expect(drawer).toBeVisible();
  return drawer;
}

function apiKeysSection(page: Page) {
  return page.getByRole('region', { name: 'API keys' });
}

/** axe-core's serious and critical findings on what is shown, in the light and the dark theme. */
async function expectAccessible(page: Page) {
  const found: Record<string, string[]> = {};
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(async (isDark) => {
      document.documentElement.classList.toggle('dark', isDark);
      // Buttons fade their colours: scanned mid-fade, a half-light button fails contrast.
      // (Transitions only: a loading pulse never finishes.)
      const fades = document.getAnimations().filter((a) => a instanceof CSSTransition);
      await Promise.all(fades.map((fade) => fade.finished));
    }, scheme === 'dark');
    const { violations } = await new AxeBuilder({ page }).analyze();
    found[scheme] = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  expect(found).toEqual({ light: [], dark: [] });
}

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

test('a person creates a key, runs one product through 4 templates and downloads them as a zip', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  await createOnboardedUser(page);
  // Four images cost four credits; the free plan has three.
  await upgradeThroughTestCheckout(page, 'Pro Monthly');

  // Settings > API keys: none yet, then one, its secret shown once.
  await page.goto('/settings');
  const section = apiKeysSection(page);
  await expect(section.getByText('No API keys yet')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-api-keys-empty', info.project.name);
  // The reference the section links to is served by the app.
  const reference = section.getByRole('link', { name: /API reference/ });
  expect((await page.request.get((await reference.getAttribute('href'))!)).ok()).toBe(true);
  await section.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create.getByText('Give the key a name')).toBeVisible();
  await create.getByLabel('Key name').fill('Catalogue script');
  await create.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByText('you will not see it again')).toBeVisible();
  const secret = await created.getByLabel('API key', { exact: true }).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await saveScreenshot(page, 'settings-api-key-created', info.project.name);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const row = section.getByTestId('api-key');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Catalogue script');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('No webhook');
  // The list names the key by its first characters, never by the secret.
  const start = (await row.locator('code').textContent())!.replace('…', '');
  expect(secret.startsWith(start)).toBe(true);
  await page.reload();
  await expect(apiKeysSection(page).getByTestId('api-key')).toContainText('Catalogue script');
  expect(await page.content()).not.toContain(secret);
  await apiKeysSection(page).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-api-keys', info.project.name);

  // The editor: a product, then "Use in several templates".
  await page.goto('/templates');
  const first = page.getByTestId('template-card').first();
  const firstName = (await first.getByRole('heading').textContent())!;
  await first.getByRole('button', { name: `Use template ${firstName}` }).click();
  await expect(page.getByTestId('editor-template')).toBeVisible();
  let panel = await openPanel(page);
  const useSeveral = panel.getByRole('button', { name: 'Use in several templates' });
  await expect(useSeveral).toBeDisabled();
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByRole('img', { name: /Product Image: saleor-mighty-mug/ })).toBeVisible();
  await useSeveral.click();

  const batch = page.getByRole('dialog', { name: 'Use in several templates' });
  await expect(batch).toBeVisible();
  const start4 = batch.getByRole('button', { name: /^Create \d+ images?$/ });
  await expect(start4).toBeDisabled();
  const boxes = batch.getByRole('checkbox', { name: /^Select / });
  await expect(boxes.nth(3)).toBeVisible();
  const picked: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    const box = boxes.nth(index);
    picked.push((await box.getAttribute('aria-label'))!.replace(/^Select /, ''));
    await box.check();
  }
  await expect(batch.getByTestId('batch-cost')).toHaveText(
    '4 of 20 selected · 4 credits · 40 left',
  );
  // A second click lets one go, a third takes it back.
  await boxes.nth(1).uncheck();
  await expect(batch.getByTestId('batch-cost')).toContainText('3 of 20 selected · 3 credits');
  await boxes.nth(1).check();
  // The grid keeps the order of ticking: the one taken back comes last.
  picked.push(...picked.splice(1, 1));
  await saveScreenshot(page, 'editor-batch-pick', info.project.name);
  await batch.getByRole('button', { name: 'Create 4 images' }).click();

  // The grid: four tiles that fill with their results.
  const run = page.getByRole('dialog', { name: 'Your batch' });
  const tiles = run.getByTestId('batch-tile');
  await expect(tiles).toHaveCount(4);
  await expect(run.getByTestId('batch-summary')).toContainText('creating');
  for (const [index, name] of picked.entries()) {
    await expect(tiles.nth(index)).toContainText(name);
  }
  await saveScreenshot(page, 'editor-batch-running', info.project.name);
  await expect(run.getByTestId('batch-summary')).toHaveText('All 4 images are ready', {
    timeout: 240_000,
  });
  for (const [index, name] of picked.entries()) {
    await expect(tiles.nth(index).getByRole('img', { name: `Result for ${name}` })).toBeVisible();
  }
  await saveScreenshot(page, 'editor-batch-done', info.project.name);

  // Download all: one zip made in the browser, holding the four images.
  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('saleor-mighty-mug batch.zip');
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  const names = Object.keys(files);
  expect(names).toHaveLength(4);
  for (const [index, name] of names.entries()) {
    expect(name).toMatch(new RegExp(`^0${index + 1} .+\\.png$`));
    const bytes = files[name]!;
    expect(Buffer.from(bytes.subarray(0, 8))).toEqual(PNG_SIGNATURE);
    expect(pngSize(bytes).width).toBeGreaterThanOrEqual(256);
  }

  // Four credits went; the images are the person's designs.
  await run.getByRole('button', { name: 'Done' }).click();
  panel = await openPanel(page);
  await expect(panel.getByText('1 credit per image · 36 left')).toBeVisible();
});

test('a batch stops at 20 templates, and with 3 credits a batch of 5 starts 3', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await createOnboardedUser(page);
  await page.goto('/templates');
  const first = page.getByTestId('template-card').first();
  const firstName = (await first.getByRole('heading').textContent())!;
  await first.getByRole('button', { name: `Use template ${firstName}` }).click();
  const panel = await openPanel(page);
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  const useSeveral = panel.getByRole('button', { name: 'Use in several templates' });
  await expect(useSeveral).toBeEnabled();
  await useSeveral.click();
  const batch = page.getByRole('dialog', { name: 'Use in several templates' });
  const boxes = batch.getByRole('checkbox', { name: /^Select / });
  await expect(boxes.nth(20)).toBeVisible();
  for (let index = 0; index < 20; index += 1) await boxes.nth(index).check();
  await expect(batch.getByTestId('batch-cost')).toHaveText(
    '20 of 20 selected · 20 credits · 3 left',
  );
  await expect(batch.getByText('only 3 of these 20 will start')).toBeVisible();
  await expectAccessible(page);
  await expect(boxes.nth(20)).toBeDisabled();
  await expect(boxes.nth(0)).toBeEnabled();

  // Five picked with three credits: three start, two say why not.
  for (let index = 5; index < 20; index += 1) await boxes.nth(index).uncheck();
  await batch.getByRole('button', { name: 'Create 5 images' }).click();
  const run = page.getByRole('dialog', { name: 'Your batch' });
  await expect(run.getByTestId('batch-tile')).toHaveCount(5);
  await expect(run.locator('[data-testid="batch-tile"][data-state="not-started"]')).toHaveCount(2);
  await expect(run.getByTestId('batch-summary')).toContainText('2 did not start');
  await expect(
    run.locator('[data-testid="batch-tile"][data-state="not-started"]').first(),
  ).toContainText('You have no credits left.');
  await expect(run.getByRole('link', { name: 'Get more credits' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await saveScreenshot(page, 'editor-batch-partial', info.project.name);
  await expectAccessible(page);
});

test('a key gets a webhook (secret shown once) that receives its generations, a delivery log, then is revoked', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  // A receiver on this machine, as a person's shop would run one (allowed outside production).
  const received: { signature: string; body: string }[] = [];
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ signature: String(request.headers['adtwin-signature'] ?? ''), body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  try {
    await createOnboardedUser(page);
    const res = await page.request.post('/api/api-keys', { data: { name: 'Shop sync' } });
    expect(res.status()).toBe(201);
    const { key } = (await res.json()) as { key: string };
    await page.goto('/settings');
    const section = apiKeysSection(page);
    const row = section.getByTestId('api-key');
    await expect(row).toContainText('Shop sync');
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Webhook of Shop sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook' });
    const address = dialog.getByLabel('Webhook address');
    await address.fill('not an address');
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    await expect(dialog.getByText(API_KEY_MESSAGES.webhookUrlInvalid)).toBeVisible();
    const hookUrl = `http://127.0.0.1:${RECEIVER_PORT}/adtwin-hook`;
    await address.fill(hookUrl);
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    const saved = page.getByRole('dialog', { name: 'Webhook saved' });
    const secretField = saved.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretField).toHaveValue(/^whsec_/);
    const signingSecret = await secretField.inputValue();
    await expect(saved.getByText('you will not see it again')).toBeVisible();
    await saveScreenshot(page, 'settings-webhook-secret', info.project.name);
    await expectAccessible(page);
    await saved.getByRole('button', { name: 'Done' }).click();
    await expect(row).toContainText(`Webhook: ${hookUrl}`);

    // The log: nothing delivered yet.
    await row.getByRole('button', { name: 'Deliveries of Shop sync' }).click();
    const log = page.getByRole('dialog', { name: 'Webhook deliveries' });
    await expect(log.getByText('No deliveries yet')).toBeVisible();
    await saveScreenshot(page, 'settings-webhook-deliveries-empty', info.project.name);
    await log.getByRole('button', { name: 'Close' }).click();

    // A script makes an image with the key; its end is posted to the webhook, signed.
    const bearer = { Authorization: `Bearer ${key}` };
    const upload = await page.request.post('/api/v1/uploads', {
      headers: bearer,
      multipart: {
        file: { name: 'mug.png', mimeType: 'image/png', buffer: fs.readFileSync(PRODUCT) },
      },
    });
    expect(upload.ok()).toBe(true);
    const templates = await page.request.get('/api/v1/templates', { headers: bearer });
    const { items } = (await templates.json()) as { items: { templateId: number }[] };
    const swap = await page.request.post('/api/v1/generations/swap', {
      headers: bearer,
      data: {
        templateId: items[0]!.templateId,
        productUploadId: ((await upload.json()) as { id: string }).id,
      },
    });
    expect(swap.status()).toBe(202);
    await expect.poll(() => received.length, { timeout: 120_000 }).toBe(1);
    const [delivery] = received;
    const [, timestamp, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery!.signature) ?? [];
    expect(mac).toBe(
      createHmac('sha256', signingSecret).update(`${timestamp}.${delivery!.body}`).digest('hex'),
    );

    // The log shows it; the key shows it was used.
    await page.reload();
    await expect(row).not.toContainText('Never used');
    await row.getByRole('button', { name: 'Deliveries of Shop sync' }).click();
    const entry = log.getByTestId('delivery');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('generation.done');
    await expect(entry).toContainText('Delivered');
    await expect(entry).toContainText('1 attempt · HTTP 200');
    await saveScreenshot(page, 'settings-webhook-deliveries', info.project.name);
    await expectAccessible(page);
    await log.getByRole('button', { name: 'Close' }).click();

    // Reopened, the webhook shows its address and can be removed.
    await row.getByRole('button', { name: 'Webhook of Shop sync' }).click();
    await expect(address).toHaveValue(hookUrl);
    await saveScreenshot(page, 'settings-webhook', info.project.name);
    await dialog.getByRole('button', { name: 'Remove webhook' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('No webhook');

    // Revoke asks first; Keep changes nothing, Revoke ends the key.
    await row.getByRole('button', { name: 'Revoke Shop sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await confirm.getByRole('button', { name: 'Keep the key' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Revoke Shop sync' }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(section.getByText('No API keys yet')).toBeVisible();
    const refused = await page.request.get('/api/v1/templates', { headers: bearer });
    expect(refused.status()).toBe(401);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
