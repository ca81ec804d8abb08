import { expect, test } from '@playwright/test';
import { createOnboardedUser, openSidebar, openSignIn } from './helpers';

test('title, sidebar order, active item, credits and upgrade button', async ({ page }) => {
  await createOnboardedUser(page, { name: 'Mary Jackson' });
  await page.goto('/community');
  await expect(page).toHaveTitle('Adtwin | Community');
  await openSidebar(page);
  const labels = [
    'Templates',
    'Community',
    'Design',
    'Your Designs',
    'Help Center',
    'Report Problem',
    'Leave Feedback',
  ];
  const items = page.locator('nav a, nav button');
  await expect(items).toHaveText(labels.map((label) => new RegExp(label)));
  await expect(page.getByRole('link', { name: 'Community' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: /Leave Feedback/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(page.getByTestId('credits-count')).toHaveText('0 / 3');
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByTestId('plan-label')).toHaveText('Free Plan');
  await expect(page.getByRole('button', { name: 'Account menu for Mary Jackson' })).toBeVisible();
});

test('credits read Loading credits... until they arrive', async ({ page }) => {
  await createOnboardedUser(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me/credits', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/templates');
  await openSidebar(page);
  await expect(page.getByText('Loading credits...')).toBeVisible();
  release();
  await expect(page.getByTestId('credits-count')).toHaveText('0 / 3');
});

test('the collapsed sidebar is remembered and shows tooltips @desktop', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveCSS('width', '256px');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveCSS('width', '72px');
  await page.reload();
  await expect(sidebar).toHaveCSS('width', '72px');
  await page.getByRole('link', { name: 'Your Designs' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Your Designs' })).toBeVisible();
  // Collapsed, the column keeps the logo and the credits used.
  await expect(sidebar.getByRole('img', { name: 'Adtwin' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Credits: 0 of 3 used' })).toHaveText('0/3');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveCSS('width', '256px');
});

test('theme and sidebar collapse follow other open tabs @desktop', async ({ page, context }) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  const other = await context.newPage();
  await other.goto('/community');
  await expect(other.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(other.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(other.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');

  await expect(other.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(other.locator('html')).toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(other.locator('html')).not.toHaveClass(/dark/);
});

test('the drawer opens from the hamburger and closes on route change and backdrop @mobile', async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  // The page behind does not scroll while the drawer is open.
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await drawer.getByRole('link', { name: 'Community' }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(360, 400); // on the backdrop, outside the 16rem drawer
  await expect(drawer).toBeHidden();
  await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
});

test('profile popup by keyboard: focus on the first item, arrows within the theme choice', async ({
  page,
}) => {
  await createOnboardedUser(page, { name: 'Katherine Keys' });
  await page.goto('/templates');
  await openSidebar(page);
  const trigger = page.getByRole('button', { name: /Account menu/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Subscription' })).toBeFocused();
  // The theme choice is one Tab stop: the chosen radio.
  await page.getByRole('radio', { name: 'System' }).focus();
  await page.keyboard.press('ArrowRight');
  const next = page.getByRole('radio', { checked: true });
  await expect(next).toBeFocused();
  await expect(next).not.toHaveAccessibleName('System');
  expect(
    await page
      .getByRole('radio', { checked: false })
      .evaluateAll((radios) => radios.map((radio) => radio.getAttribute('tabindex'))),
  ).toEqual(['-1', '-1']);
});

test('profile popup: links, theme switch, and logout', async ({ page }) => {
  await createOnboardedUser(page, { name: 'Dorothy Vaughan' });
  await page.goto('/templates');
  await openSidebar(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // The address changes before the settings page is drawn (a route transition), and until then the
  // drawer of the old page is still open: wait for the new page, so openSidebar sees its drawer.
  await expect(page).toHaveTitle('Adtwin | Settings');

  await openSidebar(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#111');
  await expect(page.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveAttribute(
    'content',
    'black-translucent',
  );
  expect(await page.evaluate(() => localStorage.getItem('app-theme-preference'))).toBe('dark');
  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');

  // System follows the device, live.
  await page.getByRole('radio', { name: 'System' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  // The popup closes on an outside click.
  await page.keyboard.press('Escape');
  await openSidebar(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.route('**/api/auth/sign-out', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logging out...' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
});

test('a saved dark theme applies before the app starts', async ({ page }) => {
  await openSignIn(page);
  await page.evaluate(() => localStorage.setItem('app-theme-preference', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});
