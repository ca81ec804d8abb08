import { expect, test } from '@playwright/test';
import { createOnboardedUser, saveScreenshot } from './helpers';

test('the Help Center leads to "Use the API", whose reference opens rendered by Scalar', async ({
  page,
}, testInfo) => {
  await createOnboardedUser(page);
  await page.goto('/help-center');
  await page.getByRole('link', { name: /Use the API/ }).click();
  await expect(page).toHaveURL(/\/help-center\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Use the API' })).toBeVisible();
  // The curl walk-through and the tested TypeScript example, as keyboard-reachable code blocks.
  await expect(page.getByLabel('From a product photo to an ad, with curl')).toContainText(
    '/api/v1/generations/swap',
  );
  await expect(page.getByLabel('examples/api-client/src/run-example.ts')).toContainText(
    "api.POST('/api/v1/generations/swap'",
  );
  await saveScreenshot(page, 'use-the-api', testInfo.project.name);

  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole('heading', { name: 'Adtwin API', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // The document's own introduction, rendered (the sidebar hides on phones).
  await expect(page.getByText(/Scripts use the routes under/)).toBeVisible();
});
