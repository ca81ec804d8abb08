import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SETTINGS_MESSAGES } from '@adtwin/shared';
import { createOnboardedUser, readMailedLink } from './helpers';

const fixtures = path.resolve(import.meta.dirname, 'fixtures');

test('Full Name: letters only, capitalised, not empty, unchanged closes', async ({ page }) => {
  await createOnboardedUser(page, { name: 'Dorothy Vaughan' });
  await page.goto('/settings');
  await expect(page).toHaveTitle('Adtwin | Settings');
  await expect(page.getByTestId('full-name')).toHaveText('Dorothy Vaughan');

  await page.getByRole('button', { name: 'Edit full name' }).click();
  const field = page.getByLabel('Full Name');
  await field.fill('');
  await field.pressSequentially('mary 2 jackson!');
  await expect(field).toHaveValue('Mary  jackson');
  await field.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.nameEmpty)).toBeVisible();

  // The limit shows as it is used, and no more can be typed.
  await field.fill('Mary Jackson');
  await expect(page.getByText('12/200')).toBeVisible();
  await field.fill('a'.repeat(250));
  await expect(field).toHaveValue('A' + 'a'.repeat(199));
  await expect(page.getByText('200/200')).toBeVisible();
  await field.fill('Mary Jackson');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.nameUpdated)).toBeVisible();
  await expect(page.getByTestId('full-name')).toHaveText('Mary Jackson');

  // Unchanged: Save just closes the editor, nothing is sent.
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/me/name')) sent = true;
  });
  await page.getByRole('button', { name: 'Edit full name' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('full-name')).toHaveText('Mary Jackson');
  expect(sent).toBe(false);
});

test('the server refuses digits with the spec text, and a too long name in plain words', async ({
  page,
}) => {
  await createOnboardedUser(page);
  const res = await page.request.put('/api/me/name', { data: { fullName: 'R2 D2' } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ error: SETTINGS_MESSAGES.nameHasNumbers });
  const long = await page.request.put('/api/me/name', { data: { fullName: 'A'.repeat(201) } });
  expect(long.status()).toBe(400);
  expect(await long.json()).toMatchObject({ error: 'Full name can be at most 200 characters.' });
});

test('User Type dialog: Update waits for a choice, then saves', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/settings');
  await expect(page.getByTestId('user-type')).toHaveText('E-commerce');
  await page.getByRole('button', { name: 'Change user type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change user type' });
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await dialog.getByRole('radio', { name: /Designer/ }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.userTypeUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-type')).toHaveText('Designer');
});

test('Email is read only; Change Password mails a reset link to /update-password', async ({
  page,
}) => {
  const user = await createOnboardedUser(page);
  await page.goto('/settings');
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.resetSent)).toBeVisible();
  const link = await readMailedLink(page, user.email);
  expect(decodeURIComponent(link)).toContain('/update-password');
});

test('Avatar: other types are refused, a picture replaces the initials', async ({ page }) => {
  await createOnboardedUser(page, { name: 'Ada' });
  await page.goto('/settings');
  await page.getByLabel('Avatar image').setInputFiles(path.join(fixtures, 'not-allowed.gif'));
  await expect(page.getByText(SETTINGS_MESSAGES.uploadTypes)).toBeVisible();
  await page.getByLabel('Avatar image').setInputFiles(path.join(fixtures, 'avatar.png'));
  await expect(page.getByText(SETTINGS_MESSAGES.avatarUpdated)).toBeVisible();
  await expect(page.locator('main img[src*="/api/files/avatars/"]')).toBeVisible();
});

test('Avatar: a server failure shows the spec text', async ({ page }) => {
  await createOnboardedUser(page);
  await page.route('**/api/me/avatar', (route) =>
    route.fulfill({ status: 500, json: { error: 'x' } }),
  );
  await page.goto('/settings');
  await page.getByLabel('Avatar image').setInputFiles(path.join(fixtures, 'avatar.png'));
  await expect(page.getByText(SETTINGS_MESSAGES.avatarFailed)).toBeVisible();
});
