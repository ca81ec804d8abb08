import { expect, test } from '@playwright/test';
import { createOnboardedUser } from './helpers';

test('demo video in a modal; FAQ tabs with one item open at a time', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/help-center');
  await expect(page).toHaveTitle('Adtwin | Help Center');

  // The thumbnail tells the story: the ad, the product, the same ad with it.
  const thumbnail = page.getByRole('button', {
    name: /^How Adtwin works\s*, play the demo video$/,
  });
  await expect(thumbnail.locator('figcaption')).toHaveText([
    'The ad you found',
    'Your product',
    'Your ad',
  ]);
  for (const image of await thumbnail.locator('img').all())
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  await thumbnail.click();
  const dialog = page.getByRole('dialog', { name: 'How Adtwin works' });
  await expect(dialog.locator('video')).toBeVisible();
  // Large: about 80% of the window's width on a desktop.
  const width = (await dialog.boundingBox())!.width;
  const viewport = page.viewportSize()!.width;
  if (viewport >= 640) expect(width / viewport).toBeCloseTo(0.8, 1);
  await expect
    .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('tab')).toHaveText(['Templates', 'Community', 'Design', 'General']);
  const first = page.getByRole('button', { name: 'How often are new templates added?' });
  const second = page.getByRole('button', { name: 'How do I use a template?' });
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('refreshed every week, on Sundays')).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('tab', { name: 'Design' }).click();
  await expect(
    page.getByRole('button', { name: 'Can I change the words in an ad?' }),
  ).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Only Latin characters are supported')).toBeVisible();
  // Keyboard: arrows move between tabs.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
});
