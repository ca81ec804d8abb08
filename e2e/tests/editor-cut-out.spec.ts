import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURES, createOnboardedUser, saveScreenshot } from './helpers';

const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

type CutOut = { box: { width: number; height: number }; isTouchedUp: boolean };

async function openPanel(page: Page) {
  if (!isMobile(page)) return page.getByRole('complementary', { name: 'Generation panel' });
  await page.getByRole('button', { name: 'Open the generation panel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function firstTemplateId(page: Page): Promise<number> {
  const res = await page.request.get('/api/templates?limit=1');
  return ((await res.json()) as { items: { id: number }[] }).items[0]!.id;
}

async function uploads(page: Page) {
  const res = await page.request.get('/api/uploads');
  return ((await res.json()) as { items: { id: string; name: string }[] }).items;
}

test('the cut-out is shown after upload and touched up with the brush', async ({ page }, info) => {
  test.setTimeout(120_000);
  await createOnboardedUser(page);
  await page.goto(`/editor/${await firstTemplateId(page)}`);
  const panel = await openPanel(page);
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  const preview = panel.getByTestId('cut-out-preview');
  await expect(preview.getByRole('img', { name: /The cut-out of saleor-mighty-mug/ })).toBeVisible({
    timeout: 30_000,
  });
  const [upload] = await uploads(page);
  const before = (await (
    await page.request.get(`/api/uploads/${upload!.id}/cut-out`)
  ).json()) as CutOut;
  expect(before.isTouchedUp).toBe(false);
  await saveScreenshot(page, 'editor-cut-out', info.project.name);

  await panel.getByRole('button', { name: 'Touch up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Touch up the cut-out' });
  const canvas = dialog.getByTestId('cut-out-canvas');
  await expect(canvas).toBeVisible();
  const erase = dialog.getByRole('radio', { name: 'Erase' });
  await expect(erase).toHaveAttribute('aria-checked', 'true');
  const undo = dialog.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeDisabled();
  // The brush size from the keyboard: the slider is a labelled range.
  const size = dialog.getByRole('slider', { name: 'Brush size' });
  await size.focus();
  await size.press('End');
  await expect(size).toHaveValue('160');

  // Erase the whole left third of the photo, stroke by stroke from top to bottom.
  const area = (await canvas.boundingBox())!;
  const strokeDown = async (x: number) => {
    await page.mouse.move(area.x + x, area.y + 1);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1) {
      await page.mouse.move(area.x + x, area.y + (area.height * step) / 8);
    }
    await page.mouse.up();
  };
  await strokeDown(area.width * 0.05);
  await expect(undo).toBeEnabled();
  // Undo takes the stroke back; Ctrl+Z does the same.
  await undo.click();
  await expect(undo).toBeDisabled();
  for (const fraction of [0.05, 0.15, 0.25]) await strokeDown(area.width * fraction);
  await dialog.press('Control+z');
  await strokeDown(area.width * 0.25);
  await saveScreenshot(page, 'editor-cut-out-touch-up', info.project.name);
  await dialog.getByRole('button', { name: 'Save cut-out' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('touched up')).toBeVisible();

  // Stored with the upload: narrower than the engine's, and what later generations get.
  const after = (await (
    await page.request.get(`/api/uploads/${upload!.id}/cut-out`)
  ).json()) as CutOut;
  expect(after.isTouchedUp).toBe(true);
  expect(after.box.width).toBeLessThan(before.box.width * 0.85);

  // The same file uploaded again keeps one copy, and its touched-up cut-out.
  await panel.getByRole('button', { name: 'Remove product image' }).click();
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByText('touched up')).toBeVisible();
  expect(await uploads(page)).toHaveLength(1);
});

test('the Product Image can come from Your Uploads', async ({ page }, info) => {
  test.setTimeout(90_000);
  await createOnboardedUser(page);
  const res = await page.request.post('/api/uploads', {
    multipart: {
      file: { name: 'mug.png', mimeType: 'image/png', buffer: fs.readFileSync(PRODUCT) },
    },
  });
  expect(res.status()).toBe(201);
  await page.goto(`/editor/${await firstTemplateId(page)}`);
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Choose from Your Uploads' }).click();
  const library = page.getByRole('dialog', { name: 'Choose a product image' });
  await expect(library).toBeVisible();
  await library.getByRole('button', { name: 'Select mug.png' }).click();
  await saveScreenshot(page, 'editor-product-library', info.project.name);
  await library.getByRole('button', { name: 'Use image' }).click();
  await expect(library).toBeHidden();
  await expect(panel.getByRole('img', { name: 'Product Image: mug.png' })).toBeVisible();
  await expect(panel.getByRole('img', { name: /The cut-out of mug.png/ })).toBeVisible({
    timeout: 30_000,
  });
});

test('a small product photo is flagged in plain words before a credit is spent', async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto(`/editor/${await firstTemplateId(page)}`);
  const panel = await openPanel(page);
  // A 120 x 160 pixel product on a transparent photo: it will be enlarged in a 1024-pixel ad.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#cc3322';
    context.fillRect(90, 70, 120, 160);
    return canvas.toDataURL('image/png');
  });
  await panel.getByLabel('Product Image').setInputFiles({
    name: 'tiny.png',
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64'),
  });
  const warnings = panel.getByRole('list', { name: 'Before you create' });
  await expect(warnings).toBeVisible({ timeout: 30_000 });
  await expect(warnings).toContainText('it will be enlarged and may look soft');
});
