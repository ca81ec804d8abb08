import { expect, test, type Page } from '@playwright/test';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { createOnboardedUser, makePng, saveScreenshot } from './helpers';

async function createTemplate(page: Page, name: string, isPublic = true) {
  const res = await page.request.post('/api/my-templates', {
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: await makePng(page) },
      name,
      isPublic: String(isPublic),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; isPublic: boolean };
}

test('the hero, and the empty states of both lists', async ({ page }, info) => {
  await createOnboardedUser(page);
  // Other tests share this server: the community list is emptied at the network for this check.
  await page.route('**/api/community-templates?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[]}' }),
  );
  await page.goto('/community');
  await expect(page.getByRole('heading', { name: BROWSE_MESSAGES.heroTitle })).toBeVisible();
  await expect(page.getByText(BROWSE_MESSAGES.heroText)).toBeVisible();
  await expect(page.getByText(BROWSE_MESSAGES.noTemplates)).toBeVisible();
  await expect(page.getByText(BROWSE_MESSAGES.communityEmpty)).toBeVisible();
  await saveScreenshot(page, 'community-empty', info.project.name);
  // /design is a later issue: record the addresses the page went through.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.getByRole('link', { name: BROWSE_MESSAGES.startDesigning }).click();
  await expect.poll(() => visited.some((url) => url.endsWith('/design'))).toBe(true);
});

test('a free user sees the upgrade prompt and the template stays public', async ({ page }) => {
  await createOnboardedUser(page);
  // Asked for privately on a free plan, the template is refused, not silently published.
  const refused = await page.request.post('/api/my-templates', {
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: await makePng(page) },
      name: 'Free plan ad',
      isPublic: 'false',
    },
  });
  expect(refused.status()).toBe(403);
  const template = await createTemplate(page, 'Free plan ad');
  expect(template.isPublic).toBe(true);
  await page.goto('/community');
  const mine = page.getByRole('list', { name: BROWSE_MESSAGES.myTemplates });
  const visibility = mine.getByRole('radiogroup', { name: 'Visibility of Free plan ad' });
  await expect(visibility.getByRole('radio', { name: /Public/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await visibility.getByRole('radio', { name: /Private/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to use private templates' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await expect(visibility.getByRole('radio', { name: /Public/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // The server refuses it too.
  const res = await page.request.patch(`/api/my-templates/${template.id}/visibility`, {
    data: { isPublic: false },
  });
  expect(res.status()).toBe(403);
});

test('a paid user switches private and public with the success texts; a failure says so', async ({
  page,
}, info) => {
  await createOnboardedUser(page);
  expect((await page.request.post('/api/dev/plan', { data: { tier: 'pro_monthly' } })).ok()).toBe(
    true,
  );
  await createTemplate(page, 'Paid plan ad');
  await page.goto('/community');
  const visibility = page.getByRole('radiogroup', { name: 'Visibility of Paid plan ad' });
  await visibility.getByRole('radio', { name: /Private/ }).click();
  await expect(page.getByText(BROWSE_MESSAGES.nowPrivate)).toBeVisible();
  await expect(visibility.getByRole('radio', { name: /Private/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await saveScreenshot(page, 'community', info.project.name);
  await visibility.getByRole('radio', { name: /Public/ }).click();
  await expect(page.getByText(BROWSE_MESSAGES.nowPublic)).toBeVisible();
  // The keyboard works too: arrows move the choice.
  await expect(visibility.getByRole('radio', { name: /Public/ })).not.toHaveAttribute(
    'aria-disabled',
  );
  await visibility.getByRole('radio', { name: /Public/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(visibility.getByRole('radio', { name: /Private/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(visibility.getByRole('radio', { name: /Private/ })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(visibility.getByRole('radio', { name: /Public/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.route('**/api/my-templates/*/visibility', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await visibility.getByRole('radio', { name: /Private/ }).click();
  await expect(page.getByText(BROWSE_MESSAGES.visibilityFailed)).toBeVisible();
  await expect(visibility.getByRole('radio', { name: /Public/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('Community Templates lists other people’s public templates, not private ones, and opens them', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await createOnboardedUser(other);
  await other.request.post('/api/dev/plan', { data: { tier: 'enterprise_weekly' } });
  const stamp = Date.now().toString(36);
  const shared = await createTemplate(other, `Shared ${stamp}`);
  await createTemplate(other, `Hidden ${stamp}`, false);
  await other.close();

  await createOnboardedUser(page);
  await page.goto('/community');
  const community = page.getByRole('list', { name: BROWSE_MESSAGES.communityTemplates });
  await expect(community.getByText(`Shared ${stamp}`)).toBeVisible();
  await expect(community.getByText(`Hidden ${stamp}`)).toHaveCount(0);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await community.getByRole('button', { name: `Open Shared ${stamp}` }).click();
  await expect
    .poll(() => visited.some((url) => url.endsWith(`/editor/community/${shared.id}`)))
    .toBe(true);
});

test('a failing list shows the spec text in its place', async ({ page }) => {
  await createOnboardedUser(page);
  await page.route('**/api/my-templates?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await page.goto('/community');
  await expect(
    page.getByRole('alert').filter({ hasText: BROWSE_MESSAGES.templatesFailed }),
  ).toBeVisible({
    timeout: 15_000,
  });
});
