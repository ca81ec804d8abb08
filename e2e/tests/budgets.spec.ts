import { expect, test, type Page } from '@playwright/test';
import goals from '../../bench/web/goals.json' with { type: 'json' };
import { createOnboardedUser } from './helpers';

// Issue 17's JavaScript budgets, held on every run: the compressed bytes of every script a page
// loads until it is ready (bench/web measures the same beside its paint times). One import of a
// schema module into the sign-in page once added zod to it unnoticed; this catches that.

async function scriptKb(page: Page, url: string, ready: () => Promise<void>) {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  return bytes / 1024;
}

test('/login loads no more JavaScript than its budget', async ({ page }) => {
  const kb = await scriptKb(page, '/login', () =>
    expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(),
  );
  expect(kb).toBeGreaterThan(10);
  expect(kb, `${kb.toFixed(1)} KB`).toBeLessThanOrEqual(goals['/login'].jsKb);
});

test('/templates loads no more JavaScript than its budget', async ({ page }) => {
  await createOnboardedUser(page);
  const kb = await scriptKb(page, '/templates', () =>
    expect(page.getByTestId('template-card').first()).toBeVisible(),
  );
  expect(kb).toBeGreaterThan(10);
  expect(kb, `${kb.toFixed(1)} KB`).toBeLessThanOrEqual(goals['/templates'].jsKb);
});
