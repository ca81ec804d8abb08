import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES, verificationText } from '@adtwin/shared';
import {
  createOnboardedUser,
  followMailedLink,
  openSidebar,
  openSignIn,
  PASSWORD,
  signUpThroughUi,
  uniqueEmail,
} from './helpers';

test('sign up, verify through the outbox, onboard, sign out and in again', async ({ page }) => {
  const email = uniqueEmail();
  await signUpThroughUi(page, { email, name: 'Grace Hopper' });
  await expect(page.getByText(AUTH_MESSAGES.accountCreated)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByTestId('verification-text')).toHaveText(verificationText(email));

  // Before verifying, signing in says the address is not verified (a fresh link is mailed) and
  // offers to send another.
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('not-verified-text')).toHaveText(
    `Your email is not verified yet. We've sent a new verification link to ${email}.`,
  );
  await expect(page.getByText(AUTH_MESSAGES.signInFailed)).toHaveCount(0);
  const mailsTo = async () =>
    (await (await page.request.get('/dev/outbox')).text()).split(`To ${email}`).length - 1;
  const before = await mailsTo();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent!')).toBeVisible();
  expect(await mailsTo()).toBe(before + 1);

  await followMailedLink(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('radio', { name: /Designer/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Instagram/ }).click();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/templates$/);

  await page.goto('/settings');
  await openSidebar(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.loggedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
});

test('sign-in errors show inline and as a toast', async ({ page }) => {
  const { email } = await createOnboardedUser(page);
  await page.context().clearCookies();
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.invalidLogin);
  await expect(
    page.getByRole('status').filter({ hasText: AUTH_MESSAGES.invalidLogin }),
  ).toBeVisible();

  await signUpThroughUi(page, { email, name: 'Someone Else' });
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.emailAlreadyRegistered);
});

test('a chosen plan and frequency lead to the subscription page after sign-in', async ({
  page,
}) => {
  const { email } = await createOnboardedUser(page);
  await page.context().clearCookies();
  await openSignIn(page, '/login/pro?frequency=weekly');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/subscription\?plan=pro&frequency=weekly$/);

  await page.context().clearCookies();
  await openSignIn(page, '/login/enterprise');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/subscription\?plan=enterprise$/);
});
