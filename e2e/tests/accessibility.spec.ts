import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createOnboardedUser, createVerifiedUser, openSidebar, openSignIn } from './helpers';

// axe-core on every page, in light and dark: a serious or critical violation fails the test.

const SIGNED_IN_PAGES = [
  '/templates',
  '/community',
  '/design',
  '/your-designs',
  '/help-center',
  '/subscription',
  '/subscription/manage',
  '/settings',
];

async function seriousViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // label-content-name-mismatch is experimental in axe, so off unless asked for: a control's
  // accessible name must hold its visible text (the account and vote buttons did not).
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 4).map((node) => {
        const data = node.any[0]?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.contrastRatio
          ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)`
          : '';
        return `${node.target.join(' ')}${colours}`;
      });
      return `${violation.id}: ${nodes.join(' | ')}`;
    });
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    // The scan runs in the theme it names: the app's own class, not only the browser's wish.
    test.afterEach(async ({ page }) => {
      if (page.url().startsWith('http'))
        await expect(page.locator('html')).toHaveClass(
          scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
    });

    test('signed out: sign-in, sign-up and password pages', async ({ page }) => {
      const found: Record<string, string[]> = {};
      await openSignIn(page);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      found['/login'] = await seriousViolations(page);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByLabel('Full name')).toBeVisible();
      found['/login (sign up)'] = await seriousViolations(page);
      await page.goto('/update-password');
      found['/update-password'] = await seriousViolations(page);
      // Signing up for a plan from the pricing page.
      await openSignIn(page, '/login/pro');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      found['/login/pro'] = await seriousViolations(page);
      expect(found).toEqual({
        '/login': [],
        '/login (sign up)': [],
        '/update-password': [],
        '/login/pro': [],
      });
    });

    test('onboarding', async ({ page }) => {
      await createVerifiedUser(page);
      await page.goto('/onboarding');
      await expect(page.getByRole('heading').first()).toBeVisible();
      expect(await seriousViolations(page), '/onboarding').toEqual([]);
    });

    test('every page of the app and the editor', async ({ page }) => {
      test.setTimeout(120_000);
      await createOnboardedUser(page);
      const found: Record<string, string[]> = {};
      for (const pathname of SIGNED_IN_PAGES) {
        await page.goto(pathname);
        await expect(page.getByRole('main')).toBeVisible();
        found[pathname] = await seriousViolations(page);
      }
      const list = (await page.request.get('/api/templates?limit=1').then((r) => r.json())) as {
        items: { id: number }[];
      };
      await page.goto(`/editor/${list.items[0]!.id}`);
      await expect(page.getByRole('main')).toBeVisible();
      found['/editor'] = await seriousViolations(page);

      // What opens over a page: the account menu and the help video.
      await page.goto('/templates');
      await openSidebar(page);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expect(page.getByRole('link', { name: 'Subscription' })).toBeFocused();
      found['account menu'] = await seriousViolations(page);
      await page.goto('/help-center');
      await page.getByRole('button', { name: /play the demo video$/ }).click();
      await expect(page.getByRole('dialog').locator('video')).toBeVisible();
      found['help video'] = await seriousViolations(page);
      const none = Object.fromEntries(Object.keys(found).map((pathname) => [pathname, []]));
      expect(found).toEqual(none);
    });
  });
}
