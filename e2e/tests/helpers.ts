import path from 'node:path';
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(label = 'e2e'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`;
}

export const PASSWORD = 'Sunny-Day-42';

/** The newest link mailed to `email`, read from the dev outbox page. */
export async function readMailedLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const html = await (await page.request.get('/dev/outbox')).text();
    const article = html.split('<article>').find((part) => part.includes(`To ${email}`));
    link = article
      ?.match(/href="([^"]+)"/)?.[1]
      ?.replaceAll('&#38;', '&')
      .replaceAll('&amp;', '&');
    expect(link).toBeTruthy();
  }).toPass({ timeout: 5000 });
  return link!;
}

/** Opens the newest mail to `email` in the dev outbox page and follows its link, as a person would. */
export async function followMailedLink(page: Page, email: string) {
  await page.goto('/dev/outbox');
  const mail = page.locator('article', { hasText: `To ${email}` }).first();
  await expect(mail).toBeVisible();
  await mail.locator('a').first().click();
}

/**
 * Opens a sign-in page and waits until the app has taken over: the server sends it drawn but inert,
 * and the app (started after the first paint) replaces it; keys typed before that reach nothing.
 */
export async function openSignIn(page: Page, path = '/login') {
  await page.goto(path);
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
}

export async function signUpThroughUi(page: Page, options: { email: string; name: string }) {
  await openSignIn(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill(options.name);
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** A verified, signed-in account (cookies in the page's context), not yet onboarded. */
export async function createVerifiedUser(page: Page, options: { name?: string } = {}) {
  const email = uniqueEmail();
  const name = options.name ?? 'Test Person';
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name },
  });
  expect(res.status()).toBe(200);
  const verified = await page.request.get(await readMailedLink(page, email), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  const { id } = (await me.json()) as { id: string };
  return { id, email, name, password: PASSWORD };
}

/** A signed-in account that has finished onboarding: lands in the app shell. */
export async function createOnboardedUser(page: Page, options: { name?: string } = {}) {
  const user = await createVerifiedUser(page, options);
  const res = await page.request.put('/api/me/onboarding', {
    data: { userType: 'ecommerce', source: 'instagram' },
  });
  expect(res.status()).toBe(200);
  return user;
}

/** Under 768 px the sidebar lives in a drawer: open it unless it is open. On desktop it is always there. */
export async function openSidebar(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return;
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  // A drawer closing after a route change stays on screen for its animation, in state "closed":
  // only an open one will stay.
  const openDrawer = drawer.and(page.locator('[data-state="open"]'));
  if (await openDrawer.isVisible()) return;
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(openDrawer).toBeVisible();
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

/** Pays for a plan through the embedded test checkout, as a person would, e.g. 'Pro Monthly'. */
export async function upgradeThroughTestCheckout(page: Page, plan: string) {
  await page.goto('/subscription');
  await page.getByRole('button', { name: `Upgrade to ${plan}` }).click();
  await expect(page).toHaveURL(/\/subscription\/test-checkout\?session_id=/);
  await page.getByRole('button', { name: 'Confirm test payment' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan')).toHaveText(plan);
}

/** The product and template photos of the repository (licences in fixtures/SOURCES.md). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
