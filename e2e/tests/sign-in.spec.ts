import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES, verificationText } from '@adtwin/shared';
import { followMailedLink, PASSWORD, signUpThroughUi, uniqueEmail } from './helpers';

test('sign up, verify through the outbox, sign out, sign in, sign out', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail();
  await signUpThroughUi(page, { email, name: 'Grace Hopper' });
  await expect(page.getByText(AUTH_MESSAGES.accountCreated)).toBeVisible();
  await expect(page.getByTestId('verification-text')).toHaveText(verificationText(email));
  await page.screenshot({ path: testInfo.outputPath('verification.png') });

  // Before verifying, the account cannot sign in.
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('verification-text')).toBeVisible();

  await followMailedLink(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hello, Grace Hopper' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('0 / 3 credits used');
  await page.screenshot({ path: testInfo.outputPath('signed-in.png') });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.loggedIn)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hello, Grace Hopper' })).toBeVisible();

  // A signed-in person opening /login goes back to the app.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong password and duplicate sign-up show the spec messages', async ({ page }) => {
  const email = uniqueEmail('dup');
  await signUpThroughUi(page, { email, name: 'Alan Turing' });
  await expect(page.getByTestId('verification-text')).toBeVisible();
  await followMailedLink(page, email);
  await page.getByRole('button', { name: 'Logout' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.invalidLogin);

  await signUpThroughUi(page, { email, name: 'Alan Turing' });
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.emailAlreadyRegistered);
});

test('unknown paths and signed-out pages go to /login', async ({ page }) => {
  await page.goto('/somewhere/else');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
