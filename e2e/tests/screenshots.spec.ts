import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOnboardedUser, createVerifiedUser, openSidebar, openSignIn } from './helpers';

// Run with `npm run screenshots`: writes the screens of the product to docs/screenshots/.
const outDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

for (const theme of ['light', 'dark'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test.describe(`${theme} ${size}`, () => {
      test.use({
        viewport: size === 'desktop' ? { width: 1280, height: 800 } : { width: 375, height: 812 },
        colorScheme: theme,
      });

      async function shoot(page: Page, name: string) {
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(350); // let entrance animations finish
        await page.screenshot({ path: path.join(outDir, `${name}-${theme}-${size}.png`) });
      }

      test('sign-in screens', async ({ page }) => {
        await openSignIn(page);
        await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
        await shoot(page, 'login');
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByLabel('Full name').fill('Grace Hopper');
        await page.getByLabel('Email').fill('grace@example.com');
        await page.getByLabel('Password').fill('Sunny-Day');
        await shoot(page, 'signup');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await shoot(page, 'reset');
        await page.goto('/update-password?token=example');
        await shoot(page, 'update-password');
      });

      test('onboarding', async ({ page }) => {
        await createVerifiedUser(page);
        await page.goto('/onboarding');
        await page.getByRole('radio', { name: /E-commerce/ }).click();
        await shoot(page, 'onboarding-step-1');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('radio', { name: /^Other/ }).click();
        await page.getByPlaceholder('Please specify how you found us').fill('A podcast');
        await shoot(page, 'onboarding-step-2');
      });

      test('application shell', async ({ page }) => {
        await createOnboardedUser(page, { name: 'Grace Hopper' });
        await page.goto('/templates');
        await expect(page.getByRole('heading', { name: 'Templates' })).toBeVisible();
        await shoot(page, 'shell');
        await openSidebar(page);
        await page.getByRole('button', { name: /Account menu/ }).click();
        await shoot(page, 'profile-menu');
        await page.keyboard.press('Escape');
        await openSidebar(page);
        await page.getByRole('button', { name: 'Report Problem' }).click();
        await page
          .getByLabel('What went wrong?')
          .fill('The download button does nothing when I click it.');
        await shoot(page, 'report-problem');
      });

      test('subscription, test checkout and manage', async ({ page }) => {
        await createOnboardedUser(page, { name: 'Grace Hopper' });
        await page.goto('/subscription');
        await expect(page.getByTestId('usage-count')).toBeVisible();
        await shoot(page, 'subscription');
        await page.getByRole('button', { name: 'Upgrade to Pro Monthly' }).click();
        await expect(page.getByRole('button', { name: 'Confirm test payment' })).toBeVisible();
        await shoot(page, 'test-checkout');
        await page.getByRole('button', { name: 'Confirm test payment' }).click();
        await expect(page.getByTestId('usage-count')).toContainText('/ 40');
        await page.waitForTimeout(2500); // the success toast goes
        await shoot(page, 'subscription-pro');
        await page.goto('/subscription/manage');
        await expect(page.getByTestId('manage-current-plan')).toBeVisible();
        await shoot(page, 'manage-subscription');
      });

      test('settings and help center', async ({ page }) => {
        await createOnboardedUser(page, { name: 'Grace Hopper' });
        await page.goto('/settings');
        await expect(page.getByTestId('full-name')).toBeVisible();
        await shoot(page, 'settings');
        await page.getByRole('button', { name: 'Change user type' }).click();
        await page.getByRole('radio', { name: /Designer/ }).click();
        await shoot(page, 'settings-user-type');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Delete Account' }).click();
        await shoot(page, 'settings-delete');
        await page.goto('/help-center');
        await expect(page.getByRole('tab', { name: 'Templates' })).toBeVisible();
        await shoot(page, 'help-center');
      });
    });
  }
}
