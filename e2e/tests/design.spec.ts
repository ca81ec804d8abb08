import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BROWSE_MESSAGES, CHAT_MESSAGES, GENERATION_STEP_LABELS } from '@adtwin/shared';
import { FIXTURES, createOnboardedUser, saveScreenshot } from './helpers';

async function image(page: Page, relative: string, colour: string) {
  const file = path.join(FIXTURES, relative);
  if (fs.existsSync(file)) {
    const extension = path.extname(file).slice(1).toLowerCase();
    return {
      name: path.basename(file),
      mimeType: extension === 'png' ? 'image/png' : 'image/jpeg',
      buffer: fs.readFileSync(file),
    };
  }
  return {
    name: `${colour.slice(1)}.png`,
    mimeType: 'image/png',
    buffer: await subjectPng(page, colour),
  };
}

const TEMPLATE = 'templates/fashion/summer.jpg';
const PRODUCT = 'products/solidus_cap_red_2.png';

/** Screenshots into docs/screenshots with SCREENSHOTS=1 (for looking, not asserting). */
function shoot(page: Page, name: string) {
  return saveScreenshot(page, name, test.info().project.name);
}

/**
 * A PNG with a subject on a light background, made in the browser. (The local engine cannot cut
 * a product out of a single flat colour, so the helpers' plain squares will not do here.)
 */
async function subjectPng(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = 256;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 256, 256);
    gradient.addColorStop(0, '#f4f4f4');
    gradient.addColorStop(1, '#dcdcdc');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 256, 256);
    context.fillStyle = fill;
    context.beginPath();
    context.arc(128, 128, 70, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function uploadToLibrary(page: Page, name: string, colour: string) {
  const res = await page.request.post('/api/uploads', {
    multipart: { file: { name, mimeType: 'image/png', buffer: await subjectPng(page, colour) } },
  });
  expect(res.ok()).toBe(true);
}

test('design: template and product make a design, compared, downloaded, in Your Designs @desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createOnboardedUser(page);
  await page.goto('/design');
  await expect(page.getByRole('heading', { name: 'Design', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/templates');
  await shoot(page, 'design-empty');

  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await page
    .getByLabel('Template Image', { exact: true })
    .setInputFiles(await image(page, TEMPLATE, '#3366cc'));
  await expect(page.getByRole('img', { name: /^Template: / })).toBeVisible();
  await expect(create).toBeDisabled();
  await page
    .getByLabel('Product Image', { exact: true })
    .setInputFiles(await image(page, PRODUCT, '#cc3333'));
  await expect(page.getByRole('img', { name: /^Product: / })).toBeVisible();
  await expect(create).toBeEnabled();

  // Private is a paid feature: a free user gets the upgrade prompt and nothing changes.
  await page.getByRole('button', { name: 'Visibility: Public' }).click();
  await expect(page.getByRole('menuitemradio', { name: /Private/ })).toContainText('PRO');
  await page.getByRole('menuitemradio', { name: /Private/ }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to use private templates' });
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('button', { name: 'Visibility: Public' })).toBeVisible();
  // The community template this design becomes gets the person's name for it.
  await page.getByLabel('Template name').fill('Red cap summer ad');
  await shoot(page, 'design-ready');

  await create.click();
  const progress = page.getByRole('dialog', { name: 'Creating Image' });
  await expect(progress).toBeVisible();
  const steps = progress.getByRole('list', { name: 'Generation steps' }).getByRole('listitem');
  await expect(steps).toHaveText([
    new RegExp(GENERATION_STEP_LABELS.check),
    new RegExp(GENERATION_STEP_LABELS.upload),
    new RegExp(GENERATION_STEP_LABELS.create),
    new RegExp(GENERATION_STEP_LABELS.done),
  ]);
  await expect(steps.first()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(progress).toBeHidden({ timeout: 90_000 });

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('img', { name: 'Your design' })).toBeVisible();
  await shoot(page, 'design-result');
  await page.getByRole('button', { name: 'Compare before and after' }).click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await page.getByRole('slider', { name: 'Compare before and after' }).press('ArrowLeft');
  await shoot(page, 'design-compare');

  await result.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await expect(dialog.getByLabel('File name')).toHaveValue(/\S/);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );

  await page.goto('/your-designs');
  await expect(page.getByTestId('image-tile')).toHaveCount(1);
  await page.getByRole('tab', { name: BROWSE_MESSAGES.myTemplates }).click();
  await expect(page.getByRole('tabpanel').getByRole('img')).toHaveCount(1);
  const mine = (await (await page.request.get('/api/my-templates')).json()) as {
    items: { name: string }[];
  };
  expect(mine.items.map((item) => item.name)).toEqual(['Red cap summer ad']);
});

test('design: a paid user makes a private design, then turns its template public @desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createOnboardedUser(page);
  const plan = await page.request.post('/api/dev/plan', { data: { tier: 'pro_monthly' } });
  expect(plan.ok()).toBe(true);
  await page.goto('/design');
  await page
    .getByLabel('Template Image', { exact: true })
    .setInputFiles(await image(page, TEMPLATE, '#3366cc'));
  await page
    .getByLabel('Product Image', { exact: true })
    .setInputFiles(await image(page, PRODUCT, '#cc3333'));
  await page.getByRole('button', { name: 'Visibility: Public' }).click();
  await page.getByRole('menuitemradio', { name: /Private/ }).click();
  await expect(page.getByRole('button', { name: 'Visibility: Private' })).toBeVisible();

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Creating Image' })).toBeVisible();
  // The dialog opens before the server has answered the start; the job is saved for a reload only
  // once it has (a reload before that has no job to follow, and CI once caught that race).
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((key) => key.startsWith('design-generation:')),
  );
  // A reload follows the same job (saved for 10 minutes) and shows its result.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('img', { name: /^Product Image: / })).toBeVisible();
  const mine = async () =>
    (
      (await (await page.request.get('/api/my-templates')).json()) as {
        items: { isPublic: boolean }[];
      }
    ).items;
  expect(await mine()).toEqual([expect.objectContaining({ isPublic: false })]);

  // After the result, the menu changes is_public of the template the design became.
  await page.getByRole('button', { name: 'Visibility: Private' }).click();
  await page.getByRole('menuitemradio', { name: 'Public' }).click();
  await expect(page.getByText(BROWSE_MESSAGES.nowPublic)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Visibility: Public' })).toBeVisible();
  expect(await mine()).toEqual([expect.objectContaining({ isPublic: true })]);
});

test('chat: reference images, create, regenerate, select as input and send again @desktop', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await createOnboardedUser(page);
  await uploadToLibrary(page, 'red-sneaker.png', '#dd2222');
  await uploadToLibrary(page, 'blue-hat.png', '#2244dd');
  await page.goto('/design');
  await page.getByRole('button', { name: 'Chat' }).click();
  await expect(page.getByText(CHAT_MESSAGES.empty)).toBeVisible();
  await shoot(page, 'chat-empty');

  const box = page.getByRole('textbox', { name: 'Message' });
  const send = page.getByRole('button', { name: 'Send message' });
  const userMessages = page.getByTestId('user-message');

  // An empty prompt is ignored; without images a prompt needs 10 characters.
  await box.press('Enter');
  await box.fill('too short');
  await expect(send).toBeDisabled();
  await expect(page.getByText('At least 10 characters, or attach an image')).toBeVisible();
  await box.press('Enter');
  await expect(userMessages).toHaveCount(0);

  // Shift+Enter starts a new line; the box grows, up to 240 px.
  await box.fill('A summer ad for this sneaker');
  await box.press('Shift+Enter');
  await box.pressSequentially('on a bright beach');
  await expect(box).toHaveValue('A summer ad for this sneaker\non a bright beach');
  const height = await box.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeGreaterThan(30);
  expect(height).toBeLessThanOrEqual(240);

  // One image uploaded from the computer...
  await page.getByRole('button', { name: 'Attach image' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload Image' }).click();
  await (await chooser).setFiles(await image(page, PRODUCT, '#22aa66'));
  const pending = page.getByRole('list', { name: 'Images for the next message' });
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(send).toBeEnabled();

  // ...and one from the library, found by searching.
  await page.getByRole('button', { name: 'Attach image' }).click();
  await page.getByRole('menuitem', { name: 'Select from library' }).click();
  const library = page.getByRole('dialog', { name: CHAT_MESSAGES.libraryTitle });
  await expect(library).toBeVisible();
  const search = library.getByRole('searchbox', { name: 'Search your images' });
  await search.fill('umbrella');
  await expect(library.getByText(CHAT_MESSAGES.libraryEmpty)).toBeVisible();
  await search.fill('SNEAK');
  await expect(library.getByRole('button', { name: /^Select / })).toHaveCount(1);
  await shoot(page, 'chat-library');
  await library.getByRole('button', { name: 'Select red-sneaker.png' }).click();
  await library.getByRole('button', { name: 'Add (1)' }).click();
  await expect(library).toBeHidden();
  await expect(pending.getByRole('listitem')).toHaveCount(2);

  // The local engine may finish before the page looks: the answer's events are held until its
  // 'creating' state has been seen (CI caught the image already there).
  let releaseEvents!: () => void;
  const eventsHeld = new Promise<void>((resolve) => (releaseEvents = resolve));
  await page.route(
    '**/api/generations/*/events',
    async (route) => {
      await eventsHeld;
      await route.continue();
    },
    { times: 1 },
  );
  await box.press('Enter');
  await expect(userMessages).toHaveCount(1);
  await expect(userMessages.first().getByRole('img')).toHaveCount(2);
  const answers = page.getByTestId('assistant-message');
  await expect(answers.first()).toContainText(CHAT_MESSAGES.creating);
  releaseEvents();
  await expect(answers.first()).toContainText(CHAT_MESSAGES.created, { timeout: 60_000 });
  await shoot(page, 'chat-created');

  // Regenerate adds an image below, in another layout; the first one stays in the thread.
  await answers.first().getByRole('button', { name: 'Regenerate' }).click();
  await expect(answers).toHaveCount(2);
  await expect(answers.nth(1)).toContainText(CHAT_MESSAGES.created, { timeout: 60_000 });
  await expect(answers.first()).toContainText(CHAT_MESSAGES.created);
  const pixelsOf = async (index: number) => {
    const src = await answers.nth(index).getByRole('img').first().getAttribute('src');
    return (await page.request.get(src!)).body();
  };
  expect((await pixelsOf(0)).equals(await pixelsOf(1))).toBe(false);

  // The chat is kept between visits: another tab of the same person finds it.
  const later = await page.context().newPage();
  await later.goto('/design');
  await later.getByRole('button', { name: 'Chat' }).click();
  await expect(later.getByTestId('assistant-message')).toHaveCount(2);
  await later.close();

  await answers.first().getByRole('button', { name: 'Expand Image' }).click();
  const viewer = page.getByRole('dialog', { name: 'Expanded image' });
  await expect(viewer.getByRole('img')).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  const select = answers.first().getByRole('button', { name: 'Select as Input Image' });
  await select.click();
  await expect(select).toHaveAttribute('aria-pressed', 'true');
  await expect(pending.getByRole('button', { name: /^Remove input image/ })).toBeVisible();

  // At most 3 images counting the input image: of three more files only two are kept.
  await page.getByRole('button', { name: 'Attach image' }).click();
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload Image' }).click();
  await (
    await chooser2
  ).setFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await subjectPng(page, '#111111') },
    { name: 'two.png', mimeType: 'image/png', buffer: await subjectPng(page, '#555555') },
    { name: 'three.png', mimeType: 'image/png', buffer: await subjectPng(page, '#999999') },
  ]);
  await expect(page.getByText(CHAT_MESSAGES.tooManyImages)).toBeVisible();
  await expect(pending.getByRole('listitem')).toHaveCount(3);
  await pending.getByRole('button', { name: 'Remove two.png' }).click();
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(send).toBeEnabled();

  await box.fill('Make the light warmer');
  await box.press('Enter');
  await expect(userMessages).toHaveCount(2);
  await expect(userMessages.nth(1).getByRole('img')).toHaveCount(2);
  await expect(userMessages.nth(1).getByRole('img', { name: /^Input image/ })).toBeVisible();
  await expect(answers).toHaveCount(3);
  await expect(answers.nth(2)).toContainText(CHAT_MESSAGES.created, { timeout: 60_000 });

  // The chat file type rule.
  await page.getByRole('button', { name: 'Attach image' }).click();
  const chooser3 = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload Image' }).click();
  await (await chooser3).setFiles(path.resolve(import.meta.dirname, 'fixtures/not-allowed.gif'));
  await expect(page.getByText(CHAT_MESSAGES.uploadTypes)).toBeVisible();

  // New chat empties the conversation.
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByText(CHAT_MESSAGES.empty)).toBeVisible();
});

test('library dialog: 12 per page with the remaining count, search, rename rule', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createOnboardedUser(page);
  for (let index = 1; index <= 14; index++) {
    // Distinct pictures: the same file twice is kept once.
    const blue = (0x40 + index * 8).toString(16);
    await uploadToLibrary(page, `photo-${String(index).padStart(2, '0')}.png`, `#3366${blue}`);
  }
  await page.goto('/design');
  await page.getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'Attach image' }).click();
  await page.getByRole('menuitem', { name: 'Select from library' }).click();
  const library = page.getByRole('dialog', { name: CHAT_MESSAGES.libraryTitle });
  const tiles = library.getByRole('button', { name: /^Select / });
  await expect(tiles).toHaveCount(12);
  await shoot(page, 'chat-library-page');
  await library.getByRole('button', { name: 'Load More (2)' }).click();
  await expect(tiles).toHaveCount(14);
  await expect(library.getByRole('button', { name: /^Load More/ })).toHaveCount(0);

  // Rename: the extension is stripped, other characters become underscores, the real one stays.
  await library.getByRole('button', { name: 'Rename photo-14.png' }).click();
  await library.getByRole('textbox', { name: 'New name for photo-14.png' }).fill('Red cap/v2!.jpg');
  await library.getByRole('button', { name: 'Save' }).click();
  await expect(library.getByRole('button', { name: 'Select Red cap_v2_.png' })).toBeVisible();

  const search = library.getByRole('searchbox', { name: 'Search your images' });
  await search.fill('red CAP');
  await expect(tiles).toHaveCount(1);
  // Clearing the search shows the pages already loaded again.
  await search.fill('');
  await expect(tiles).toHaveCount(14);
});

test('design and chat are usable at 375 px @mobile', async ({ page }) => {
  await createOnboardedUser(page);
  await page.goto('/design');
  const noSideScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await expect(page.getByRole('heading', { name: 'Design', exact: true })).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await page
    .getByLabel('Template Image', { exact: true })
    .setInputFiles(await image(page, TEMPLATE, '#3366cc'));
  await page
    .getByLabel('Product Image', { exact: true })
    .setInputFiles(await image(page, PRODUCT, '#cc3333'));
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await create.scrollIntoViewIfNeeded();
  await expect(create).toBeInViewport();
  await expect(create).toBeEnabled();
  expect(await noSideScroll()).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'design-ready');

  await page.getByRole('button', { name: 'Chat' }).click();
  await expect(page.getByText(CHAT_MESSAGES.empty)).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeInViewport();
  await page.getByRole('button', { name: 'Attach image' }).click();
  await expect(page.getByRole('menuitem', { name: 'Select from library' })).toBeInViewport();
  await page.keyboard.press('Escape');
  expect(await noSideScroll()).toBe(true);
  await shoot(page, 'chat-empty');

  await box.fill('A red cap on a sunny beach');
  await box.press('Enter');
  const answer = page.getByTestId('assistant-message');
  await expect(answer).toContainText(CHAT_MESSAGES.created, { timeout: 60_000 });
  await expect(answer.getByRole('button', { name: 'Select as Input Image' })).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await shoot(page, 'chat-created');
});
