import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { googleMockPort, googlePort } from '../playwright.config';
import { openSignIn, uniqueEmail } from './helpers';

const mockOrigin = `http://127.0.0.1:${googleMockPort}`;
test.use({ baseURL: `http://127.0.0.1:${googlePort}` });

test.beforeEach(async ({ page }) => {
  // The browser's visit to Google's consent page goes to the local mock, which approves at once.
  await page.route('https://accounts.google.com/**', async (route) => {
    const url = new URL(route.request().url());
    const reply = await fetch(`${mockOrigin}${url.pathname}${url.search}`, { redirect: 'manual' });
    await route.fulfill({
      status: reply.status,
      headers: Object.fromEntries(reply.headers),
      body: await reply.text(),
    });
  });
});

test('Continue with Google creates the account, signs in and onboards', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('google');
  await request.post(`${mockOrigin}/__profile`, {
    data: { sub: `g-${email}`, email, name: 'Katherine Johnson', emailVerified: true },
  });
  await openSignIn(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedInWithGoogle)).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a failed Google sign-in shows the spec message', async ({ page, request }) => {
  const email = uniqueEmail('squat');
  // An unverified password account of the same address: Google must not attach to it.
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: 'Sunny-Day-42', name: 'Someone Else' },
  });
  expect(signUp.status()).toBe(200);
  await request.post(`${mockOrigin}/__profile`, {
    data: { sub: `g-${email}`, email, name: 'Real Owner', emailVerified: true },
  });
  await openSignIn(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText(AUTH_MESSAGES.googleFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('without Google configured, no Google button shows', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${googlePort - 1}/login`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});
