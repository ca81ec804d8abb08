import path from 'node:path';
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(label = 'e2e'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.test`;
}

export const PASSWORD = 'Sunny-Day-42';

/** The address playwright.config.ts starts the server at. */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

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

/**
 * A new verified user, signed in in this page's browser context: signs up through the API with
 * `page.request` (which shares the page's cookies) and follows the verification link from
 * /dev/outbox. The shell issue extends this to complete onboarding; every test uses it.
 */
export async function createSignedInUser(page: Page, options: { name?: string } = {}) {
  const email = uniqueEmail();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: options.name ?? 'Test Person' },
    headers: { origin: BASE_URL },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const outbox = await page.request.get('/dev/outbox');
  const html = await outbox.text();
  const article = html.split('<article').find((part) => part.includes(email));
  const link = article?.match(/href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  expect(link, 'verification link in the outbox').toBeTruthy();
  const verify = await page.request.get(link!);
  expect(verify.ok()).toBe(true);
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  return { email, ...((await me.json()) as { id: string }) };
}

/** Saves a screenshot into docs/screenshots when SCREENSHOTS=1 (light and dark, per project). */
export async function saveScreenshot(page: Page, name: string, project: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((isDark) => {
      document.documentElement.classList.toggle('dark', isDark);
    }, scheme === 'dark');
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.resolve(
        import.meta.dirname,
        `../../docs/screenshots/${name}-${project}-${scheme}.png`,
      ),
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** A small real PNG, made in the browser so the tests need no image files. */
export async function makePng(page: Page, colour = '#3366cc', size = 96): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ colour, size }) => {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, size, size);
      return canvas.toDataURL('image/png');
    },
    { colour, size },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
