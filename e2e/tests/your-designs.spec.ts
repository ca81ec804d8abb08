import { expect, test, type Page } from '@playwright/test';
import { BROWSE_MESSAGES, deleteFailed, renameFailed } from '@adtwin/shared';
import { createOnboardedUser, makePng, saveScreenshot } from './helpers';

async function upload(page: Page, name: string, colour = '#cc3366') {
  const res = await page.request.post('/api/uploads', {
    multipart: { file: { name, mimeType: 'image/png', buffer: await makePng(page, colour) } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string; url: string };
}

async function design(page: Page, createdAt?: string) {
  const res = await page.request.post('/api/dev/designs', {
    multipart: {
      file: { name: 'd.png', mimeType: 'image/png', buffer: await makePng(page, '#22aa66') },
      ...(createdAt ? { createdAt } : {}),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { number: number; name: string };
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test('each tab shows its empty text for a new user', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/your-designs');
  await expect(tab(page, BROWSE_MESSAGES.myDesigns)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(BROWSE_MESSAGES.noDesigns)).toBeVisible();
  await tab(page, BROWSE_MESSAGES.myTemplates).click();
  await expect(page.getByText(BROWSE_MESSAGES.noTemplates)).toBeVisible();
  // Keyboard: arrows move between tabs.
  await tab(page, BROWSE_MESSAGES.myTemplates).press('ArrowRight');
  await expect(tab(page, BROWSE_MESSAGES.yourUploads)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(BROWSE_MESSAGES.noUploads)).toBeVisible();
});

test('My Designs groups by month and opens the view-only editor by number', async ({
  page,
}, info) => {
  await createOnboardedUser(page);
  const old = await design(page, '2026-01-15T12:00:00.000Z');
  const latest = await design(page);
  expect(latest.name).toBe(`design_${latest.number}.png`);
  await page.goto('/your-designs');
  const january = page.getByRole('region', { name: 'January 2026' });
  await expect(january.getByRole('heading', { name: 'January 2026' })).toBeVisible();
  await expect(january.getByTestId('image-tile')).toHaveCount(1);
  const month = new Date().toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('heading', { name: month })).toBeVisible();
  await saveScreenshot(page, 'your-designs', info.project.name);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await january.getByRole('button', { name: `Open design_${old.number}.png` }).click();
  await expect
    .poll(() => visited.some((url) => url.endsWith(`/editor/view/generated/${old.number}`)))
    .toBe(true);
});

test('Your Uploads: rename keeps the extension, refuses a taken name, and delete removes', async ({
  page,
}, info) => {
  await createOnboardedUser(page);
  await upload(page, 'first.png');
  await upload(page, 'second.png', '#3366cc');
  await page.goto('/your-designs');
  await tab(page, BROWSE_MESSAGES.yourUploads).click();
  const names = page.getByTestId('upload-name');
  await expect(names).toHaveText(['second.png', 'first.png']);
  await saveScreenshot(page, 'your-uploads', info.project.name);

  await page.getByRole('button', { name: 'Rename first.png' }).click();
  const input = page.getByRole('textbox', { name: 'New name' });
  await expect(input).toHaveValue('first');
  await input.fill('  Summer launch  ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(names.nth(1)).toHaveText('Summer launch.png');

  await page.getByRole('button', { name: 'Rename second.png' }).click();
  await input.fill('Summer launch');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(renameFailed(BROWSE_MESSAGES.duplicateName));
  await input.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(renameFailed('Name cannot be empty'));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(names.first()).toHaveText('second.png');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete second.png' }).click();
  await expect(names).toHaveText(['Summer launch.png']);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Summer launch.png' }).click();
  await expect(page.getByText(BROWSE_MESSAGES.noUploads)).toBeVisible();
});

test('a failed delete says why and keeps the upload', async ({ page }) => {
  await createOnboardedUser(page);
  await upload(page, 'keep.png');
  await page.goto('/your-designs');
  await tab(page, BROWSE_MESSAGES.yourUploads).click();
  await page.route('**/api/uploads/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"Disk busy"}',
        })
      : route.continue(),
  );
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete keep.png' }).click();
  await expect(page.getByText(deleteFailed('Disk busy'))).toBeVisible();
  await expect(page.getByTestId('upload-name')).toHaveText(['keep.png']);
});

test('tabs reload on activation and failures show the spec texts', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/your-designs');
  await tab(page, BROWSE_MESSAGES.yourUploads).click();
  await expect(page.getByText(BROWSE_MESSAGES.noUploads)).toBeVisible();
  await tab(page, BROWSE_MESSAGES.myDesigns).click();
  await upload(page, 'arrived-later.png');
  await tab(page, BROWSE_MESSAGES.yourUploads).click();
  await expect(page.getByTestId('upload-name')).toHaveText(['arrived-later.png']);

  await page.route('**/api/designs?*', (route) =>
    route.fulfill({ status: 500, body: '{"error":"x"}' }),
  );
  await page.route('**/api/uploads?*', (route) =>
    route.fulfill({ status: 500, body: '{"error":"x"}' }),
  );
  await page.route('**/api/my-templates?*', (route) =>
    route.fulfill({ status: 500, body: '{"error":"x"}' }),
  );
  await tab(page, BROWSE_MESSAGES.myDesigns).click();
  await expect(page.getByRole('alert')).toHaveText(BROWSE_MESSAGES.designsFailed, {
    timeout: 15_000,
  });
  await tab(page, BROWSE_MESSAGES.myTemplates).click();
  await expect(page.getByRole('alert')).toHaveText(BROWSE_MESSAGES.templatesFailed, {
    timeout: 15_000,
  });
  await tab(page, BROWSE_MESSAGES.yourUploads).click();
  await expect(page.getByRole('alert')).toHaveText(BROWSE_MESSAGES.uploadsFailed, {
    timeout: 15_000,
  });
});

test('another signed-in user cannot open, rename or delete these objects by id or address', async ({
  page,
  browser,
}) => {
  await createOnboardedUser(page);
  const mine = await upload(page, 'private.png');
  const madeDesign = await design(page);
  const designs = (await page.request.get('/api/designs').then((r) => r.json())) as {
    items: { url: string }[];
  };
  const intruder = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await createOnboardedUser(intruder);
  for (const url of [mine.url, `${mine.url}?w=320`, designs.items[0]!.url]) {
    const res = await intruder.goto(url);
    expect(res?.status(), url).toBe(404);
  }
  expect(
    (await intruder.request.patch(`/api/uploads/${mine.id}`, { data: { name: 'x' } })).status(),
  ).toBe(404);
  expect((await intruder.request.delete(`/api/uploads/${mine.id}`)).status()).toBe(404);
  await intruder.close();
  expect(madeDesign.number).toBeGreaterThan(0);
  // Still there for the owner.
  expect((await page.request.get(`${mine.url}?w=64`)).status()).toBe(200);
});
