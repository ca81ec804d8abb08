import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  DELETE_ACCOUNT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  upgradeSuccessMessage,
} from '@adtwin/shared';
import { createOnboardedUser, openSidebar } from './helpers';

const fixtures = path.resolve(import.meta.dirname, 'fixtures');

/** Every file the server keeps under this person's id, in every bucket. */
function filesOf(userId: string): string[] {
  const root = path.join(process.env.E2E_DATA_DIR!, 'storage');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((bucket) => {
    const folder = path.join(root, bucket, userId);
    return fs.existsSync(folder)
      ? fs.readdirSync(folder, { recursive: true }).map((f) => `${bucket}/${String(f)}`)
      : [];
  });
}

async function expectSidebarCredits(page: Page, text: string) {
  await openSidebar(page);
  await expect(page.getByTestId('credits-count')).toHaveText(text);
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.keyboard.press('Escape');
}

test('upgrade through the test checkout, switch, cancel, delete after the period', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createOnboardedUser(page, { name: 'Katherine Johnson' });
  const { id: userId } = (await (await page.request.get('/api/me')).json()) as { id: string };

  // An avatar, so there is a file of theirs to be removed at the end.
  await page.goto('/settings');
  await page.getByLabel('Avatar image').setInputFiles(path.join(fixtures, 'avatar.png'));
  await expect(page.getByText('Avatar updated successfully.')).toBeVisible();
  expect(filesOf(userId)).toEqual([expect.stringMatching(/^avatars\/avatar-\d+\.png$/)]);

  await page.goto('/subscription');
  await expect(page).toHaveTitle('Adtwin | Subscription');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 3 credits used (0%)');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('plan-pro')).toContainText('€24');
  await expect(page.getByTestId('plan-pro')).toContainText('40 images per month');
  await page.getByRole('button', { name: 'Upgrade to Pro Monthly' }).click();

  await expect(page).toHaveURL(/\/subscription\/test-checkout\?session_id=test_cs_/);
  await expect(page.getByRole('note')).toContainText('Test payment.');
  await expect(page.getByTestId('checkout-plan')).toHaveText('Pro Monthly');
  await page.getByRole('button', { name: 'Confirm test payment' }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText(upgradeSuccessMessage('Monthly', 'Pro'))).toBeVisible();
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 40 credits used (0%)');
  await expect(page.getByTestId('current-plan')).toHaveText('Pro Monthly');
  await expectSidebarCredits(page, '0 / 40');
  await expect(page.getByRole('button', { name: 'Manage Pro Monthly' })).toBeVisible();

  // Weekly: the Pro card of the paying user opens the portal (Manage) for the other frequency too.
  await page.getByRole('button', { name: 'Manage Pro Monthly' }).click();
  await expect(page).toHaveURL(/\/subscription\/manage$/);
  await expect(page.getByTestId('manage-current-plan')).toHaveText('Pro Monthly');
  await page.getByRole('button', { name: 'Switch to Pro Weekly' }).click();
  await expect(page.getByTestId('manage-current-plan')).toHaveText('Pro Weekly');
  // Cancelling asks first; keeping it changes nothing.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirmCancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(confirmCancel).toContainText('You keep Pro Weekly until');
  await confirmCancel.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(page.getByText(/Renews on/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await confirmCancel.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText(/Cancelled: ends on/)).toBeVisible();

  await page.goto('/subscription');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 10 credits used (0%)');
  await expect(page.getByTestId('period-status')).toContainText('Cancelled: your plan ends on');

  // Still subscribed until the period ends: deletion is refused with the spec's text.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText(DELETE_ACCOUNT_MESSAGES.activeSubscription)).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  // The test clock ends the period; the plan falls back to free.
  await page.goto('/subscription/manage');
  await page.getByRole('button', { name: 'End period now (test clock)' }).click();
  await expect(page.getByText('there is no subscription to manage')).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(DELETE_ACCOUNT_MESSAGES.deleted)).toBeVisible();
  expect(filesOf(userId)).toEqual([]);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('weekly prices from the query parameter, and an upgrade prompt for the chosen plan', async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto('/subscription?frequency=weekly&plan=enterprise');
  await expect(page.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('plan-pro')).toContainText('€7.99');
  await expect(page.getByTestId('plan-enterprise')).toContainText('€16.3');
  await expect(page.getByTestId('plan-enterprise')).toContainText('25 images per week');
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await expect(page.getByTestId('plan-enterprise')).toContainText('€49');
  await expect(page.getByTestId('plan-enterprise')).toContainText('100 images per month');
  // Cancelling the test checkout returns to the plans.
  await page.getByRole('button', { name: 'Upgrade to Enterprise Monthly' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/subscription\?frequency=monthly$/);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
});

test('back from checkout: the success message, then credits read again after 1 s', async ({
  page,
}) => {
  await createOnboardedUser(page);
  // The server confirms the plan it recorded when the checkout opened.
  const checkout = await page.request.post('/api/billing/checkout-session', {
    data: { planType: 'enterprise', frequency: 'weekly' },
  });
  const sessionId = new URL(((await checkout.json()) as { url: string }).url).searchParams.get(
    'session_id',
  )!;
  const confirmed = await page.request.post('/api/billing/test/confirm', { data: { sessionId } });
  expect(confirmed.status()).toBe(200);
  // The first read answers the state from before the payment, as a slow webhook would leave it.
  let reads = 0;
  await page.route('**/api/billing/subscription', async (route) => {
    reads += 1;
    if (reads > 1) return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, tier: 'free', credits: 3, creditsUsed: 0 } });
  });
  const started = Date.now();
  await page.goto(`/subscription?session_id=${sessionId}&plan=enterprise&type=weekly`);
  await expect(page.getByText(upgradeSuccessMessage('Weekly', 'Enterprise'))).toBeVisible();
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 3 credits used (0%)');
  await expect(page.getByTestId('usage-count')).toHaveText('0 / 25 credits used (0%)');
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
});

test('a return address names a checkout: success only when the server confirms it was paid', async ({
  page,
}) => {
  await createOnboardedUser(page);
  const notConfirmed =
    'We could not confirm this payment. If you paid, your plan appears here within a minute.';
  // A made-up session, then a real one of this person's that was never paid.
  await page.goto(
    '/subscription?session_id=test_cs_00000000-0000-4000-8000-000000000000&plan=enterprise&type=weekly',
  );
  await expect(page.getByText(notConfirmed)).toBeVisible();
  const checkout = await page.request.post('/api/billing/checkout-session', {
    data: { planType: 'pro', frequency: 'monthly' },
  });
  const sessionId = new URL(((await checkout.json()) as { url: string }).url).searchParams.get(
    'session_id',
  )!;
  await page.goto(`/subscription?session_id=${sessionId}&plan=enterprise&type=weekly`);
  await expect(page.getByText(notConfirmed)).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText(/Successfully upgraded/)).toHaveCount(0);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
});

test("the plans open on the person's own period beside Free, priced as the locale writes money", async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto('/subscription');
  // A free person: Monthly (the default) and Free marked as the current plan.
  await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('plan-free')).toContainText('Current plan');
  await expect(page.getByTestId('plan-free')).toContainText('3 images to start with');
  await expect(page.getByTestId('frequency-copy')).toHaveText(
    'Monthly plans cost less per image, for a steady flow of products.',
  );
  await expect(page.getByTestId('plan-pro')).toContainText('€24.00');
  await expect(page.getByTestId('plan-pro')).toContainText('Billed every month · €0.60 per image');

  expect(
    (await page.request.post('/api/dev/plan', { data: { tier: 'enterprise_weekly' } })).ok(),
  ).toBe(true);
  await page.goto('/subscription');
  await expect(page.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('plan-enterprise')).toContainText('Current plan');
  await expect(page.getByTestId('plan-enterprise')).toContainText('€16.30');
  await expect(page.getByTestId('plan-free')).not.toContainText('Current plan');
  await expect(page.getByTestId('frequency-copy')).toHaveText(
    'Weekly plans suit a launch or a busy week. Cancel any time.',
  );
});

test('payment call failures show the subscription catalogue texts', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/subscription');
  const upgrade = page.getByRole('button', { name: 'Upgrade to Pro Monthly' });
  const cases: [Parameters<Page['route']>[1], string][] = [
    [
      (route) =>
        route.fulfill({ status: 502, json: { error: SUBSCRIPTION_MESSAGES.checkoutFailed } }),
      SUBSCRIPTION_MESSAGES.checkoutFailed,
    ],
    [(route) => route.abort(), SUBSCRIPTION_MESSAGES.redirectFailed],
    [(route) => route.fulfill({ status: 500, body: 'oops' }), SUBSCRIPTION_MESSAGES.somethingWrong],
    [
      (route) => route.fulfill({ status: 401, json: { error: 'You must be signed in' } }),
      SUBSCRIPTION_MESSAGES.sessionNotFound,
    ],
  ];
  for (const [handler, message] of cases) {
    await page.route('**/api/billing/checkout-session', handler);
    await upgrade.click();
    await expect(page.getByText(message)).toBeVisible();
    await page.unroute('**/api/billing/checkout-session');
    await expect(upgrade).toBeEnabled();
  }
});
