import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(label = 'e2e'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.test`;
}

export const PASSWORD = 'Sunny-Day-42';

/** Opens the newest mail to `email` in the dev outbox and follows its link. */
export async function followMailedLink(page: Page, email: string) {
  await page.goto('/dev/outbox');
  const mail = page.locator('article', { hasText: `To ${email}` }).first();
  await expect(mail).toBeVisible();
  const href = await mail.locator('a').first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
}

export async function signUpThroughUi(page: Page, options: { email: string; name: string }) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill(options.name);
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}
