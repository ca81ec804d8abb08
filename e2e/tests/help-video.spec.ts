import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURES, followMailedLink, openSignIn, PASSWORD, uniqueEmail } from './helpers';

// Run with `npm run help-video`: records a walk through the real app into the Help Center's demo
// video (WebM) and its poster: sign-up, onboarding, a generation in the editor, the plans.
const outDir = path.resolve(import.meta.dirname, '../../apps/web/public/help');

async function pause(page: Page, ms = 900) {
  await page.waitForTimeout(ms);
}

async function typeSlowly(page: Page, label: string, text: string) {
  await page.getByLabel(label).pressSequentially(text, { delay: 35 });
}

test('record the demo video', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('demo');
  await openSignIn(page);
  await pause(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await typeSlowly(page, 'Full name', 'Grace Hopper');
  await typeSlowly(page, 'Email', email);
  await typeSlowly(page, 'Password', PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await pause(page, 1200);
  await followMailedLink(page, email);
  await expect(page).toHaveURL(/onboarding|login/);
  if (page.url().includes('/login')) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page).toHaveURL(/onboarding/);
  await pause(page);
  await page.getByRole('radio', { name: /E-commerce/ }).click();
  await pause(page, 600);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Instagram/ }).click();
  await pause(page, 600);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/templates/);
  await pause(page, 1200);
  // The main job: a template, a product photo, a word changed, Create Image.
  await page.getByTestId('template-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('editor-template')).toBeVisible();
  await pause(page, 1200);
  await page
    .getByLabel('Product Image')
    .setInputFiles(path.join(FIXTURES, 'products', 'saleor-mighty-mug.png'));
  await pause(page, 1200);
  await page.getByRole('button', { name: 'Add a text replacement' }).click();
  await typeSlowly(page, 'Text to replace 1', 'Out');
  await typeSlowly(page, 'Replace with 1', 'Now');
  await pause(page, 600);
  await page.getByRole('button', { name: 'Create Image' }).click();
  await expect(page.getByTestId('editor-result')).toBeVisible({ timeout: 90_000 });
  await pause(page, 2000);
  await page.getByRole('button', { name: 'Compare' }).click();
  const slider = page.getByRole('slider', { name: 'Compare before and after' });
  for (const split of ['35', '20', '65', '80', '50']) {
    await slider.fill(split);
    await pause(page, 350);
  }
  await page.getByRole('button', { name: 'Compare' }).click();
  await pause(page, 1500);
  await page.getByRole('link', { name: 'Home' }).click();
  for (const item of ['Community', 'Your Designs']) {
    await page.getByRole('link', { name: item }).first().click();
    await pause(page, 1200);
  }
  await page.goto('/subscription');
  await pause(page, 1500);
  await page.getByRole('button', { name: 'Upgrade to Pro Monthly' }).click();
  await pause(page, 1500);
  await page.getByRole('button', { name: 'Confirm test payment' }).click();
  await expect(page.getByTestId('usage-count')).toContainText('/ 40');
  await pause(page, 2000);
  fs.mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: path.join(outDir, 'adtwin-demo.jpg'), type: 'jpeg', quality: 80 });
  await page.goto('/help-center');
  await pause(page, 1500);

  const video = page.video();
  await page.close();
  await video!.saveAs(path.join(outDir, 'adtwin-demo.webm'));
});
