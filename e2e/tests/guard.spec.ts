import { expect, test } from '@playwright/test';
import { createOnboardedUser, createVerifiedUser, openSignIn } from './helpers';

const APP_PAGES = [
  '/templates',
  '/community',
  '/design',
  '/your-designs',
  '/help-center',
  '/subscription',
  '/settings',
];

test('no session: every page, / and unknown paths go to /login', async ({ page }) => {
  for (const path of [...APP_PAGES, '/', '/onboarding', '/no/such/page']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('signed in, not onboarded: pages go to /onboarding', async ({ page }) => {
  await createVerifiedUser(page);
  for (const path of [...APP_PAGES, '/']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/onboarding$/);
  }
  await openSignIn(page);
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('onboarded: / goes to /templates, /login and /onboarding send back into the app', async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/templates$/);
  for (const path of APP_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/templates$/);

  // /login replaces its history entry: Back does not return to it.
  await page.goto('/settings');
  await openSignIn(page);
  await expect(page).toHaveURL(/\/templates$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/settings$/);
});

test('a session ended in another tab sends the page to /login with a plain message @desktop', async ({
  page,
  context,
}) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  await expect(page.getByRole('link', { name: 'Your Designs' })).toBeVisible();
  // Another tab of the same browser signs out, as the app's menu does.
  const otherTab = await context.newPage();
  await otherTab.goto('/templates');
  const signedOut = await otherTab.evaluate(async () => {
    const res = await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return res.ok;
  });
  expect(signedOut).toBe(true);
  await otherTab.close();
  // The first tab's next request meets the ended session.
  await page.getByRole('link', { name: 'Your Designs' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.getByText(/Failed to load/)).toHaveCount(0);
});
