import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { createOnboardedUser, openSignIn, readMailedLink } from './helpers';

test('the reset mail opens /update-password, which enforces the rules and signs the person in', async ({
  page,
}) => {
  const { email } = await createOnboardedUser(page);
  await page.context().clearCookies();
  await openSignIn(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetEmailSent)).toBeVisible();

  await page.goto(await readMailedLink(page, email));
  await expect(page).toHaveURL(/\/update-password\?token=/);
  const password = page.getByLabel('New password');
  await password.fill('weakpass');
  await password.blur();
  await expect(page.getByText(/Password must include at least one uppercase letter/)).toBeVisible();
  await password.fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/templates$/);

  await page.context().clearCookies();
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/templates$/);
});

test('an invalid reset link says so', async ({ page }) => {
  await page.goto('/update-password?token=nonsense');
  await page.getByLabel('New password').fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.goto('/update-password');
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});
