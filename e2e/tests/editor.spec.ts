import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BROWSE_MESSAGES, DOWNLOAD_MESSAGES, GENERATION_MESSAGES } from '@adtwin/shared';
import {
  FIXTURES,
  createOnboardedUser,
  makePng,
  saveScreenshot,
  upgradeThroughTestCheckout,
} from './helpers';

const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The generation panel: the right sidebar on desktop, a drawer under 768 px. */
async function openPanel(page: Page) {
  if (!isMobile(page)) return page.getByRole('complementary', { name: 'Generation panel' });
  await page.getByRole('button', { name: 'Open the generation panel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function openFirstTemplate(page: Page) {
  await page.goto('/templates');
  const first = page.getByTestId('template-card').first();
  const name = (await first.getByRole('heading').textContent())!;
  await first.getByRole('button', { name: `Use template ${name}` }).click();
  await expect(page).toHaveURL(/\/editor\/\d+$/);
  await expect(page.getByTestId('editor-template')).toBeVisible();
  return { name, id: Number(new URL(page.url()).pathname.split('/')[2]) };
}

async function uploadProduct(page: Page) {
  const res = await page.request.post('/api/uploads', {
    multipart: {
      file: { name: 'mug.png', mimeType: 'image/png', buffer: fs.readFileSync(PRODUCT) },
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string };
}

/** Runs one swap through the API and waits for it, to use up credits quickly. */
async function generateThroughApi(page: Page, templateId: number, productUploadId: string) {
  const res = await page.request.post('/api/generations/swap', {
    data: { templateId, productUploadId },
  });
  expect(res.status()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/generations/${id}`)).json()) as { status: string })
          .status,
      { timeout: 60_000 },
    )
    .toBe('done');
}

test('open a template, upload a product, replace a word, create, compare, download, view', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await createOnboardedUser(page);
  const template = await openFirstTemplate(page);
  await expect(page.getByTestId('template-usage-count')).toBeVisible();
  if (!isMobile(page)) {
    await expect(page.getByRole('group', { name: `Vote on ${template.name}` })).toBeVisible();
  }

  const panel = await openPanel(page);
  await expect(panel.getByText(template.name)).toBeVisible();
  const create = panel.getByRole('button', { name: 'Create Image' });
  await expect(create).toBeDisabled();
  await expect(panel.getByText('Upload a product image')).toBeVisible();

  // A type the spec refuses, then the product.
  await panel.getByLabel('Product Image').setInputFiles({
    name: 'anim.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(panel.getByText(BROWSE_MESSAGES.uploadTypes)).toBeVisible();
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByRole('img', { name: /Product Image: saleor-mighty-mug/ })).toBeVisible();

  // Replace Text (Ads): five rows at most.
  for (let row = 0; row < 5; row += 1) {
    await panel.getByRole('button', { name: 'Add a text replacement' }).click();
  }
  await expect(panel.getByRole('button', { name: 'Add a text replacement' })).toBeDisabled();
  for (let row = 5; row >= 2; row -= 1) {
    await panel.getByRole('button', { name: `Remove text replacement ${row}` }).click();
  }
  // A word no template has: the result says it was not found.
  await panel.getByLabel('Text to replace 1', { exact: true }).fill('Zebraquux');
  await panel.getByLabel('Replace with 1', { exact: true }).fill('DEAL');
  await panel.getByRole('radio', { name: 'Portrait' }).check({ force: true });
  await expect(panel.getByText('1 credit per image · 3 left')).toBeVisible();
  await saveScreenshot(page, 'editor-ready', info.project.name);

  await create.click();
  const progress = page.getByRole('dialog', { name: 'Creating Image' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('list', { name: 'Generation steps' })).toContainText(
    'Checking upload',
  );
  await expect(progress).toContainText('Uploading image');
  await expect(progress).toContainText('Creating image');
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 90_000 });
  await expect(progress).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/editor/${template.id}/generated/\\d+$`));
  const number = Number(page.url().split('/').pop());
  await expect(page.getByTestId('editor-result')).toBeVisible();
  await expect(page.getByText("Not found in the template: 'Zebraquux'.")).toBeVisible();
  await saveScreenshot(page, 'editor-result', info.project.name);

  // A reload shows the same result.
  await page.reload();
  await expect(page.getByTestId('editor-result')).toBeVisible();

  await page.getByRole('button', { name: 'Compare' }).click();
  const compare = page.getByTestId('compare-view');
  await expect(compare).toBeVisible();
  await compare.getByRole('slider', { name: 'Compare before and after' }).fill('20');
  await page.getByRole('button', { name: 'Compare' }).click();

  // Download: free plans keep PNG at preview quality.
  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await expect(dialog.getByLabel('File name')).toHaveValue('saleor-mighty-mug');
  await dialog.getByText('JPG').click();
  await expect(dialog.getByText(DOWNLOAD_MESSAGES.formatPaidOnly)).toBeVisible();
  await dialog.getByText('High').click();
  await expect(dialog.getByText(DOWNLOAD_MESSAGES.highQualityPaidOnly)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'PNG' })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('saleor-mighty-mug.png');
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

  // Your Designs lists it; it opens in view mode, without the panel or voting.
  await page.goto('/your-designs');
  await page
    .getByRole('button', { name: new RegExp(`_${number}\\.`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/editor/view/generated/${number}$`));
  await expect(page.getByTestId('editor-result')).toBeVisible();
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(page.getByRole('group', { name: /^Vote on/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the generation panel' })).toHaveCount(0);
  await saveScreenshot(page, 'editor-view', info.project.name);

  // /editor goes back to the last template.
  await page.goto('/editor');
  await expect(page).toHaveURL(new RegExp(`/editor/${template.id}$`));
});

test('/editor without a remembered template goes to /templates; bad ids go back', async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto('/editor');
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto('/editor/not-a-number');
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByText(BROWSE_MESSAGES.templateNotFound)).toBeVisible();
  await page.goto('/editor/999999');
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto('/editor/view/generated/999999');
  await expect(page).toHaveURL(/\/your-designs$/);
});

test("someone else's private template: the spec's toast, back to /community or /your-designs", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  await createOnboardedUser(page);
  await upgradeThroughTestCheckout(page, 'Pro Monthly');
  const res = await page.request.post('/api/my-templates', {
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: await makePng(page) },
      name: 'Secret launch',
      isPublic: 'false',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  // The owner opens it.
  await page.goto(`/editor/community/${id}`);
  await expect(page.getByTestId('editor-template')).toBeVisible();

  const other = await browser.newPage({ viewport: page.viewportSize() });
  await createOnboardedUser(other);
  await other.goto(`/editor/community/${id}`);
  await expect(other.getByText(BROWSE_MESSAGES.privateTemplateDenied)).toBeVisible();
  await expect(other).toHaveURL(/\/community$/);
  await other.goto(`/editor/view/community/${id}`);
  await expect(other).toHaveURL(/\/your-designs$/);
  await other.close();
});

test('a refused start shows Generation Failed; Try Again creates the image', async ({ page }) => {
  test.setTimeout(120_000);
  await createOnboardedUser(page);
  await uploadProduct(page);
  await openFirstTemplate(page);
  const panel = await openPanel(page);
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  let refusals = 1;
  await page.route('**/api/generations/swap', async (route) => {
    if (refusals-- > 0) {
      // What a proxy in front of the server answers when it sheds load.
      await route.fulfill({ status: 429, json: { error: 'Too many requests' } });
    } else await route.continue();
  });
  await panel.getByRole('button', { name: 'Create Image' }).click();
  const failed = page.getByRole('dialog', { name: 'Generation Failed' });
  await expect(failed).toBeVisible();
  await expect(failed.getByText(GENERATION_MESSAGES.tooManyTitle)).toBeVisible();
  await expect(failed.getByText(GENERATION_MESSAGES.tooManyText)).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Close' }).first()).toBeVisible();
  await failed.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('dialog', { name: 'Creating Image' })).toBeVisible();
  // Once the server has accepted the job, a reload follows it (kept for 10 minutes with its
  // template) to its result.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('adtwin:editor:generation')))
    .not.toBeNull();
  await page.reload();
  await expect(page.getByTestId('editor-result')).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/editor\/\d+\/generated\/\d+$/);
});

test('out of credits: the upgrade modal; after upgrading, the new allowance creates the image @desktop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createOnboardedUser(page);
  const product = await uploadProduct(page);
  const template = await openFirstTemplate(page);
  for (let run = 0; run < 3; run += 1) await generateThroughApi(page, template.id, product.id);

  await page.reload();
  const panel = await openPanel(page);
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByText('1 credit per image · 0 left')).toBeVisible();
  await panel.getByRole('button', { name: 'Create Image' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to keep creating' });
  await expect(upgrade).toContainText('AI image generation');
  await upgrade.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await upgradeThroughTestCheckout(page, 'Pro Monthly');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 40 credits used (0%)');

  await page.goto(`/editor/${template.id}`);
  const again = await openPanel(page);
  await expect(again.getByText('1 credit per image · 40 left')).toBeVisible();
  await again.getByRole('button', { name: 'Create Image' }).click();
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 90_000 });
  await expect(again.getByText('1 credit per image · 39 left')).toBeVisible();
});

test('the area to remove can be moved and resized before creating @desktop', async ({ page }) => {
  await createOnboardedUser(page);
  await openFirstTemplate(page);
  const panel = await openPanel(page);
  const box = page.getByTestId('product-box');
  if ((await box.count()) === 0) {
    await panel.getByRole('button', { name: 'Mark area to remove' }).click();
  }
  await expect(box).toBeVisible();
  const before = (await box.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 - 30, before.y + before.height / 2 - 20, {
    steps: 5,
  });
  await page.mouse.up();
  const moved = (await box.boundingBox())!;
  expect(moved.x).toBeLessThan(before.x);
  expect(moved.width).toBeCloseTo(before.width, 0);
  await box.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  const resized = (await box.boundingBox())!;
  expect(resized.width).toBeLessThan(moved.width);
  await panel.getByRole('button', { name: 'Reset remove area' }).click();
});

test('the Templates toggle lists templates and community templates with search and filter', async ({
  page,
}) => {
  await createOnboardedUser(page);
  const first = await openFirstTemplate(page);
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  const browser = isMobile(page)
    ? page.getByRole('dialog', { name: 'Templates' })
    : page.getByRole('complementary', { name: 'Templates' });
  const tiles = browser.getByTestId('templates-tiles').getByRole('button');
  await expect(tiles.first()).toBeVisible();
  // Load More is there for the full list and hidden while a search is typed.
  await expect(browser.getByRole('button', { name: 'Load More' })).toBeVisible();
  await browser.getByRole('searchbox', { name: 'Search templates' }).fill('zzzz-nothing');
  await expect(browser.getByText('No templates found')).toBeVisible();
  await expect(browser.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  await browser.getByRole('searchbox', { name: 'Search templates' }).fill('');
  await browser.getByRole('combobox', { name: 'Category' }).selectOption('food');
  await expect(tiles.first()).toBeVisible();
  const picked = (await tiles.first().getAttribute('aria-label'))!.replace('Use template ', '');
  await tiles.first().click();
  await expect(page).not.toHaveURL(new RegExp(`/editor/${first.id}$`));
  await expect(page).toHaveURL(/\/editor\/\d+$/);
  await expect(page.getByRole('img', { name: picked })).toBeVisible();

  // The Community tab, with the person's own templates behind its filter.
  const mine = await page.request.post('/api/my-templates', {
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: await makePng(page, '#228844') },
      name: 'My green poster',
      isPublic: 'true',
    },
  });
  expect(mine.status()).toBe(201);
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await browser.getByRole('tab', { name: 'Community' }).click();
  await browser.getByRole('combobox', { name: 'Show' }).selectOption('mine');
  await browser.getByRole('button', { name: 'Use template My green poster' }).click();
  await expect(page).toHaveURL(/\/editor\/community\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('img', { name: 'My green poster' })).toBeVisible();
});
