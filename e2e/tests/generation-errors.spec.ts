import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  CHAT_MESSAGES,
  DOWNLOAD_MESSAGES,
  GENERATION_MESSAGES,
  chatError,
  downloadStatusFailed,
} from '@adtwin/shared';
import { FIXTURES, createOnboardedUser } from './helpers';

// The spec's error catalogue as the browser shows it, where the failure comes from outside the
// app server (a proxy, a dropped session): those answers are made at the network here. Failures
// the server makes itself are covered by the server suite (generation-errors.int.test.ts).

const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');

async function firstTemplateId(page: Page): Promise<number> {
  const res = await page.request.get('/api/templates?limit=1');
  return ((await res.json()) as { items: { id: number }[] }).items[0]!.id;
}

async function makeDesign(page: Page): Promise<number> {
  const upload = await page.request.post('/api/uploads', {
    multipart: {
      file: { name: 'mug.png', mimeType: 'image/png', buffer: fs.readFileSync(PRODUCT) },
    },
  });
  const { id: productUploadId } = (await upload.json()) as { id: string };
  const started = await page.request.post('/api/generations/swap', {
    data: { templateId: await firstTemplateId(page), productUploadId },
  });
  const { id } = (await started.json()) as { id: string };
  let number = 0;
  await expect
    .poll(
      async () => {
        const view = (await (await page.request.get(`/api/generations/${id}`)).json()) as {
          status: string;
          number: number;
        };
        number = view.number;
        return view.status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
  return number;
}

test('editor: a template that cannot be loaded, and a start that timed out', async ({ page }) => {
  await createOnboardedUser(page);
  const id = await firstTemplateId(page);
  await page.route(`**/api/templates/${id}`, (route) =>
    route.fulfill({ status: 500, json: { error: 'Internal error' } }),
  );
  await page.goto(`/editor/${id}`);
  await expect(page.getByText('Could not load template')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  await page.unroute(`**/api/templates/${id}`);

  await page.route('**/api/generations/swap', (route) =>
    route.fulfill({ status: 546, json: { error: 'CPU Time exceeded' } }),
  );
  await page.goto(`/editor/${id}`);
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('button', { name: 'Open the generation panel' }).click();
  }
  await page.getByLabel('Product Image').setInputFiles(PRODUCT);
  await page.getByRole('button', { name: 'Create Image' }).click();
  const failed = page.getByRole('dialog', { name: 'Generation Failed' });
  await expect(failed.getByText(GENERATION_MESSAGES.timeoutTitle)).toBeVisible();
  await expect(failed.getByText(GENERATION_MESSAGES.timeoutText)).toBeVisible();
  await expect(failed.getByRole('listitem').filter({ hasText: '- failed' })).toHaveCount(1);
});

test('download: a refused or failed download says why', async ({ page }) => {
  test.setTimeout(90_000);
  await createOnboardedUser(page);
  const number = await makeDesign(page);
  await page.goto(`/editor/view/generated/${number}`);
  await expect(page.getByTestId('editor-result')).toBeVisible();

  let status = 500;
  await page.route('**/api/generations/*/download?*', (route) =>
    status === 0
      ? route.abort('connectionreset')
      : route.fulfill({ status, json: { error: 'No' } }),
  );
  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText(downloadStatusFailed(500))).toBeVisible();
  status = 401;
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText(DOWNLOAD_MESSAGES.loginRequired)).toBeVisible();
  status = 0;
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText(DOWNLOAD_MESSAGES.failed)).toBeVisible();
});

test('chat: errors read in the assistant bubble', async ({ page }) => {
  await createOnboardedUser(page);
  let reply = { status: 401, json: { error: 'Unauthorized' } };
  await page.route('**/api/generations/chat', (route) => route.fulfill(reply));
  await page.goto('/design');
  await page.getByRole('button', { name: 'Chat' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('A bright summer poster for sunglasses');
  await box.press('Enter');
  await expect(page.getByText(chatError(CHAT_MESSAGES.notAuthenticated))).toBeVisible();

  reply = { status: 500, json: { error: 'The image service is down' } };
  await box.fill('A bright summer poster for sunglasses');
  await box.press('Enter');
  await expect(page.getByText(chatError('The image service is down'))).toBeVisible();
});
