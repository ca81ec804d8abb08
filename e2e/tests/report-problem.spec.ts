import { expect, test, type Page } from '@playwright/test';
import { BUG_REPORT_MESSAGES } from '@adtwin/shared';
import { createOnboardedUser, openSidebar } from './helpers';

// Tiny real images made in the test: a PNG and a JPEG of one colour.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function openReport(page: Page) {
  await openSidebar(page);
  await page.getByRole('button', { name: 'Report Problem' }).click();
  return page.getByRole('form', { name: 'Report a problem' });
}

test('describe, attach with previews, remove one, submit', async ({ page }) => {
  const { email } = await createOnboardedUser(page);
  await page.goto('/templates');
  const form = await openReport(page);
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('What went wrong?').fill('   ');
  await expect(submit).toBeDisabled();
  await form.getByLabel('What went wrong?').fill('The download button does nothing');
  await expect(submit).toBeEnabled();

  await form
    .getByTestId('report-files')
    .setInputFiles([image('a.png'), image('b.png'), image('c.png')]);
  await expect(form.getByRole('img')).toHaveCount(3);
  await form.getByRole('button', { name: 'Remove b.png' }).click();
  await expect(form.getByRole('img')).toHaveCount(2);
  await expect(form.getByText('2/10')).toBeVisible();

  await page.route('**/api/bug-reports', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await submit.click();
  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  await expect(page.getByText(BUG_REPORT_MESSAGES.success)).toBeVisible();
  await expect(form).toBeHidden();

  // Opened again, the form is empty.
  const again = await openReport(page);
  await expect(again.getByLabel('What went wrong?')).toHaveValue('');
  await expect(again.getByRole('img')).toHaveCount(0);
  expect(email).toContain('@');
});

test('at most 10 images, and only png, jpeg and webp', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  const form = await openReport(page);
  const files = form.getByTestId('report-files');
  await files.setInputFiles(Array.from({ length: 8 }, (_, i) => image(`${i}.png`)));
  await expect(form.getByRole('img')).toHaveCount(8);
  await files.setInputFiles([image('8.png'), image('9.png'), image('10.png')]);
  await expect(page.getByText(BUG_REPORT_MESSAGES.tooManyAttachments)).toBeVisible();
  await expect(form.getByRole('img')).toHaveCount(8);
  await files.setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(page.getByText('Please upload only webp, png, or jpeg images.')).toBeVisible();
  await expect(form.getByRole('img')).toHaveCount(8);
});

test('a failed submission keeps the form and says so', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  const form = await openReport(page);
  await form.getByLabel('What went wrong?').fill('Something broke');
  await page.route('**/api/bug-reports', (route) =>
    route.fulfill({ status: 500, body: '{"error":"down"}' }),
  );
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(BUG_REPORT_MESSAGES.failed)).toBeVisible();
  await expect(form.getByLabel('What went wrong?')).toHaveValue('Something broke');
});
