import { expect, test } from '@playwright/test';
import { ONBOARDING_MESSAGES } from '@adtwin/shared';
import { createVerifiedUser } from './helpers';

test('both steps, Other with its text, Previous, and Get Started', async ({ page }) => {
  await createVerifiedUser(page);
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByText("Let's get you set up in just a few steps.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What describes you best?' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(6);
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await page.getByRole('radio', { name: /Small business/ }).click();
  await next.click();

  await expect(page.getByRole('heading', { name: 'How did you find us?' })).toBeVisible();
  await expect(page.getByLabel('Completed')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(6);
  const start = page.getByRole('button', { name: 'Get Started' });
  await expect(start).toBeDisabled();
  await page.getByRole('radio', { name: /^Other/ }).click();
  const other = page.getByPlaceholder(ONBOARDING_MESSAGES.otherPlaceholder);
  await expect(start).toBeDisabled();
  await other.fill('   ');
  await expect(start).toBeDisabled();
  await other.fill('A podcast');
  await expect(start).toBeEnabled();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('radio', { name: /Small business/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(other).toHaveValue('A podcast');

  await start.click();
  await expect(page.getByText('Welcome to Adtwin!')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  const account = await (await page.request.get('/api/me')).json();
  expect(account.profile).toMatchObject({
    userType: 'small_business',
    source: 'A podcast',
    onboardingCompleted: true,
  });
});

test('a failed save shows the spec toast and stays on the step', async ({ page }) => {
  await createVerifiedUser(page);
  await page.goto('/onboarding');
  await page.getByRole('radio', { name: /Creator/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /TikTok/ }).click();
  await page.route('**/api/me/onboarding', (route) =>
    route.fulfill({ status: 500, body: '{"error":"boom"}' }),
  );
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText(ONBOARDING_MESSAGES.saveFailed)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How did you find us?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeEnabled();
});
