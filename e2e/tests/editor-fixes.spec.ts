import { expect, test, type Page } from '@playwright/test';
import { BROWSE_MESSAGES, CATEGORIES } from '@adtwin/shared';
import { createOnboardedUser, makePng, saveScreenshot } from './helpers';

type Card = { id: number; name: string; category: string };

async function officialTemplates(page: Page): Promise<Card[]> {
  const res = await page.request.get('/api/templates?limit=60&sort=newest');
  return ((await res.json()) as { items: Card[] }).items;
}

test('rename keeps exactly one extension', async ({ page }) => {
  await createOnboardedUser(page);
  const res = await page.request.post('/api/uploads', {
    multipart: { file: { name: 'shoe.png', mimeType: 'image/png', buffer: await makePng(page) } },
  });
  expect(res.status()).toBe(201);
  await page.goto('/your-designs');
  await page.getByRole('tab', { name: BROWSE_MESSAGES.yourUploads }).click();
  await page.getByRole('button', { name: 'Rename shoe.png' }).click();
  await page.getByRole('textbox', { name: 'New name' }).fill('red shoe.jpg');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('upload-name')).toHaveText(['red shoe.png']);
});

test('the editor panel finds templates by category, counts in the singular, shows whole ads', async ({
  page,
}, info) => {
  await createOnboardedUser(page);
  const cards = await officialTemplates(page);
  // A category some of whose templates do not say it in their name: only the category finds them.
  const category = CATEGORIES.find((name) =>
    cards.some((card) => card.category === name && !card.name.toLowerCase().includes(name)),
  )!;
  const hidden = cards.find(
    (card) => card.category === category && !card.name.toLowerCase().includes(category),
  )!;
  await page.goto(`/editor/${cards[0]!.id}`);
  await page.getByRole('button', { name: 'Templates' }).first().click();
  const search = page.getByRole('searchbox', { name: 'Search templates' });
  await search.fill(category);
  const tiles = page.getByTestId('templates-tiles');
  await expect(tiles.getByRole('button', { name: `Use template ${hidden.name}` })).toBeVisible();

  // One match reads "1 template", not "1 templates".
  const unique = cards.find(
    (card) =>
      cards.filter(
        (other) =>
          other.name.toLowerCase().includes(card.name.toLowerCase()) ||
          other.category.includes(card.name.toLowerCase()),
      ).length === 1,
  )!;
  await search.fill(unique.name);
  await expect(tiles.getByRole('button')).toHaveCount(1);
  await expect(page.getByText('1 template shown', { exact: false })).toBeAttached();

  // Thumbnails hold the whole ad (contain), never a crop that cuts its copy.
  const fit = await tiles
    .locator('img')
    .first()
    .evaluate((img) => getComputedStyle(img).objectFit);
  expect(fit).toBe('contain');
  await saveScreenshot(page, 'editor-browser-search', info.project.name);

  await page.goto('/templates');
  const card = page.getByTestId('template-card').first();
  await expect(card.getByRole('img')).toBeVisible();
  expect(await card.getByRole('img').evaluate((img) => getComputedStyle(img).objectFit)).toBe(
    'contain',
  );
  const src = await card.getByRole('img').getAttribute('src');
  expect(src).not.toContain('h=');
});

test('a community template is named by its owner', async ({ page }, info) => {
  await createOnboardedUser(page);
  const res = await page.request.post('/api/my-templates', {
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: await makePng(page, '#aa5522') },
      name: 'Design 12',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/community');
  const mine = page.getByRole('list', { name: BROWSE_MESSAGES.myTemplates });
  await mine.getByRole('button', { name: 'Rename Design 12' }).click();
  const field = mine.getByRole('textbox', { name: 'Template name' });
  await expect(field).toHaveValue('Design 12');
  await field.fill('Autumn mug ad');
  await saveScreenshot(page, 'community-rename', info.project.name);
  await field.press('Enter');
  await expect(mine.getByRole('heading', { name: 'Autumn mug ad' })).toBeVisible();
  await expect(mine.getByRole('radiogroup', { name: 'Visibility of Autumn mug ad' })).toBeVisible();
});
