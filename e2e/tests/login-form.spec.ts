import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { createVerifiedUser, openSignIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await openSignIn(page);
});

test('email: whitespace is stripped as typed and pasted, the space key does nothing', async ({
  page,
}) => {
  const email = page.getByLabel('Email');
  await email.pressSequentially('an n@ex ample.com');
  await expect(email).toHaveValue('ann@example.com');
  await email.fill('');
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="email"]')!;
    const data = new DataTransfer();
    data.setData('text', '  bob @ example.org \n');
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(email).toHaveValue('bob@example.org');
});

test('login checks presence and address shape', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.emailRequired)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.passwordRequired)).toBeVisible();
  // The first field that needs attention, in the page's order, takes the focus.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password').fill('x');
  await expect(page.getByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
  // At login only presence of a password is checked: no strength rules.
  await expect(page.getByText(AUTH_MESSAGES.passwordTooShort)).toHaveCount(0);
});

test('signup: name rules, password rules, strength meter, terms, submit button', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Sign up' }).click();
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect(submit).toBeDisabled();

  const name = page.getByLabel('Full name');
  await name.pressSequentially('jean2 luc!');
  await expect(name).toHaveValue('Jean luc');
  await name.fill('');
  await name.blur();
  await expect(page.getByText(AUTH_MESSAGES.nameRequired)).toBeVisible();
  await name.fill('Jean Luc');

  await page.getByLabel('Email').fill('jean@example.com');
  const password = page.getByLabel('Password');
  const meter = page.getByTestId('password-strength');
  await expect(meter).toHaveText('Enter a password');
  await password.fill('abc');
  await expect(meter).toHaveText('Weak password');
  await password.blur();
  await expect(
    page.getByText(
      [
        AUTH_MESSAGES.passwordTooShort,
        AUTH_MESSAGES.passwordNeedsUppercase,
        AUTH_MESSAGES.passwordNeedsNumber,
        AUTH_MESSAGES.passwordNeedsSymbol,
      ].join(', '),
    ),
  ).toBeVisible();
  await password.fill('abcDEF12');
  await expect(meter).toHaveText('Medium password');
  await expect(page.getByText(AUTH_MESSAGES.passwordNeedsSymbol)).toBeVisible();
  await password.fill('abcDEF12!');
  await expect(meter).toHaveText('Strong password');

  // Everything valid but the terms: still disabled.
  await expect(submit).toBeDisabled();
  const terms = page.getByRole('link', { name: 'Terms of Service' });
  const privacy = page.getByRole('link', { name: 'Privacy Policy' });
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(privacy).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAttribute('href', /^https:\/\//);
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
});

test('switching modes clears errors, the name and the terms box', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill('Ada');
  await page.getByRole('checkbox').check();
  await page.getByLabel('Email').fill('bad');
  await page.getByLabel('Email').blur();
  await expect(page.getByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.emailInvalid)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByRole('checkbox')).not.toBeChecked();
});

test('password reset: needs an e-mail, sends the mail, Back to Login leaves', async ({ page }) => {
  const { email } = await createVerifiedUser(page);
  await page.context().clearCookies();
  await openSignIn(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.resetEmailRequired);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetEmailSent)).toBeVisible();
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('the illustration column shows on wide screens only @desktop', async ({ page }) => {
  await expect(page.getByText('An ad you love, with your product in it.')).toBeVisible();
});

test('the illustration shows an ad before and after, credited @desktop', async ({ page }) => {
  await openSignIn(page);
  const showcase = page.locator('aside');
  await expect(showcase.locator('figcaption')).toHaveText(['The ad you found', 'Your ad']);
  for (const image of await showcase.locator('img').all())
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  await expect(showcase).toContainText('Saleor Commerce / Mirumee Software, CC BY 4.0');
});

test('the illustration column is hidden on small screens @mobile', async ({ page }) => {
  await expect(page.getByText('An ad you love, with your product in it.')).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
