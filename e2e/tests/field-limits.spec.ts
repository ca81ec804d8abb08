import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  BUG_REPORT_MAX_DESCRIPTION_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  UPLOAD_NAME_MAX_LENGTH,
} from '@adtwin/shared';
import {
  createOnboardedUser,
  makePng,
  openSidebar,
  openSignIn,
  PASSWORD,
  uniqueEmail,
} from './helpers';

/** A picture of the field with its counter, in the test's output folder, to look at by eye. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Typing past the limit stops at it, and the counter says so. */
async function expectLimit(field: Locator, counterScope: Locator, max: number, typed: string) {
  await field.fill(typed);
  await expect(counterScope.getByText(`${typed.length}/${max}`, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('maxlength', String(max));
  await field.fill('x'.repeat(max + 50));
  await expect(field).toHaveValue('x'.repeat(max));
  await expect(counterScope.getByText(`${max}/${max}`, { exact: true })).toBeVisible();
  // Screen readers hear it once, politely, not the count on every keystroke.
  await expect(counterScope.getByText(`Limit of ${max} characters reached`)).toBeAttached();
  await field.fill(typed);
}

test('report a problem: the description counts towards its limit', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/templates');
  await openSidebar(page);
  await page.getByRole('button', { name: 'Report Problem' }).click();
  const form = page.getByRole('form', { name: 'Report a problem' });
  const description = form.getByLabel('What went wrong?');
  await expect(form.getByText(`0/${BUG_REPORT_MAX_DESCRIPTION_LENGTH}`)).toBeVisible();
  await expectLimit(
    description,
    form,
    BUG_REPORT_MAX_DESCRIPTION_LENGTH,
    'The download button does nothing',
  );
  await shoot(page, 'report-problem');
});

test('design: the chat prompt and the template name count towards their limits', async ({
  page,
}) => {
  await createOnboardedUser(page);
  await page.goto('/design');

  const name = page.getByLabel('Template name');
  await expectLimit(name, page.locator('aside'), TEMPLATE_NAME_MAX_LENGTH, 'Summer mug ad');
  await name.scrollIntoViewIfNeeded();
  await shoot(page, 'design-template-name');

  await page.getByRole('button', { name: 'Chat' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(page.getByText(`0/${PROMPT_MAX_LENGTH}`)).toBeVisible();
  await expectLimit(box, page.locator('body'), PROMPT_MAX_LENGTH, 'A red cap on a sunny beach');
  await shoot(page, 'chat-prompt');
});

test('renames count towards their limits: upload, library image, community template', async ({
  page,
}) => {
  await createOnboardedUser(page);
  const uploaded = await page.request.post('/api/uploads', {
    multipart: { file: { name: 'mug.png', mimeType: 'image/png', buffer: await makePng(page) } },
  });
  expect(uploaded.status()).toBe(201);
  const shared = await page.request.post('/api/my-templates', {
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: await makePng(page, '#22aa66') },
      name: 'Summer ad',
      isPublic: 'true',
    },
  });
  expect(shared.status()).toBe(201);

  await page.goto('/your-designs');
  await page.getByRole('tab', { name: 'Your Uploads' }).click();
  await page.getByRole('button', { name: 'Rename mug.png' }).click();
  const uploadName = page.getByRole('textbox', { name: 'New name' });
  await expectLimit(uploadName, page.locator('main'), UPLOAD_NAME_MAX_LENGTH, 'Blue mug');
  await shoot(page, 'upload-rename');

  await page.goto('/design');
  await page.getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'Attach image' }).click();
  await page.getByRole('menuitem', { name: 'Select from library' }).click();
  const library = page.getByRole('dialog');
  await library.getByRole('button', { name: 'Rename mug.png' }).click();
  const libraryName = library.getByRole('textbox', { name: 'New name for mug.png' });
  await expectLimit(libraryName, library, UPLOAD_NAME_MAX_LENGTH, 'Blue mug');
  await shoot(page, 'library-rename');
  await page.keyboard.press('Escape');

  await page.goto('/community');
  await page.getByRole('button', { name: 'Rename Summer ad' }).click();
  const templateName = page.getByLabel('Template name');
  await expectLimit(templateName, page.locator('main'), TEMPLATE_NAME_MAX_LENGTH, 'Summer ad');
  await templateName.scrollIntoViewIfNeeded();
  await shoot(page, 'template-rename');
});

test('password fields stop at the limit and show no counter', async ({ page }) => {
  await openSignIn(page);
  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('maxlength', String(PASSWORD_MAX_LENGTH));
  await password.fill('x'.repeat(PASSWORD_MAX_LENGTH + 10));
  await expect(password).toHaveValue('x'.repeat(PASSWORD_MAX_LENGTH));
  await expect(page.getByText(`${PASSWORD_MAX_LENGTH}/${PASSWORD_MAX_LENGTH}`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign up' }).click();
  const newPassword = page.getByLabel('Password');
  await expect(newPassword).toHaveAttribute('maxlength', String(PASSWORD_MAX_LENGTH));
});

test('sign-up over a limit answers in plain words naming the field', async ({ page }) => {
  const longName = await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail(), password: PASSWORD, name: 'A'.repeat(FULL_NAME_MAX_LENGTH + 1) },
  });
  expect(longName.status()).toBe(400);
  expect(await longName.json()).toMatchObject({
    message: `Name can be at most ${FULL_NAME_MAX_LENGTH} characters.`,
  });

  const longPassword = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: uniqueEmail(),
      password: PASSWORD + 'a'.repeat(PASSWORD_MAX_LENGTH),
      name: 'Long Password',
    },
  });
  expect(longPassword.status()).toBe(400);
  expect(await longPassword.json()).toMatchObject({
    message: `Password can be at most ${PASSWORD_MAX_LENGTH} characters.`,
  });
});
