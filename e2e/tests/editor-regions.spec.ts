import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { GENERATION_MESSAGES } from '@adtwin/shared';
import { FIXTURES, createOnboardedUser, saveScreenshot } from './helpers';

const PRODUCT = path.join(FIXTURES, 'products', 'saleor-mighty-mug.png');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

type Box = { x: number; y: number; width: number; height: number };

async function openPanel(page: Page) {
  if (!isMobile(page)) return page.getByRole('complementary', { name: 'Generation panel' });
  await page.getByRole('button', { name: 'Open the generation panel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closePanel(page: Page) {
  if (isMobile(page)) await page.getByRole('dialog', { name: 'Create' }).press('Escape');
}

type TemplateFacts = {
  id: number;
  width: number;
  height: number;
  textBoxes: Box[];
  productBox: Box;
};

/** An official template whose analysis found words: its text regions are drawn. */
async function findTemplateWithWords(page: Page): Promise<TemplateFacts> {
  const list = await page.request.get('/api/templates?limit=30&sort=newest');
  for (const { id } of ((await list.json()) as { items: { id: number }[] }).items) {
    const one = (await (await page.request.get(`/api/templates/${id}`)).json()) as Omit<
      TemplateFacts,
      'productBox'
    > & { productBox: Box | null };
    if (one.textBoxes.length > 0 && one.productBox) return { ...one, productBox: one.productBox };
  }
  throw new Error('no template with words');
}

async function templateWithWords(page: Page): Promise<number> {
  return (await findTemplateWithWords(page)).id;
}

/** The pixels of a sent mask (base64 PNG) at least half opaque, and the mask's size. */
async function paintedPixels(base64: string) {
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const isPainted = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]! >= 128;
  let count = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! >= 128) count += 1;
  return { width: info.width, height: info.height, count, isPainted };
}

/** The numbers of a region from its label: "...: x, y, w by h pixels, turned r degrees". */
async function regionOf(page: Page, testId: string) {
  const label = (await page.getByTestId(testId).getAttribute('aria-label'))!;
  const [x, y, width, height] = /: (\d+), (\d+), (\d+) by (\d+) pixels/
    .exec(label)!
    .slice(1)
    .map(Number) as [number, number, number, number];
  const rotation = Number(/turned (-?\d+) degrees/.exec(label)?.[1] ?? 0);
  return { box: { x, y, width, height }, rotation };
}

test('place and turn the product, see it live, create what was shown, compare, reopen', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await createOnboardedUser(page);
  // Every image address the page receives: a free user must never get the full-size result.
  const received: string[] = [];
  page.on('response', (response) => received.push(response.url()));

  const template = await findTemplateWithWords(page);
  const templateId = template.id;
  await page.goto(`/editor/${templateId}`);
  await expect(page.getByTestId('text-region').first()).toBeAttached();
  await expect(page.getByTestId('product-box')).toBeVisible();
  const panel = await openPanel(page);
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByTestId('cut-out-preview').getByRole('img')).toBeVisible({
    timeout: 30_000,
  });
  await panel.getByRole('radio', { name: 'Portrait' }).check({ force: true });
  await closePanel(page);

  // The place box, with its handles, and the cut-out previewed inside it.
  const place = page.getByTestId('place-box');
  await expect(place).toBeVisible();
  await expect(page.getByTestId('place-box-handle')).toBeVisible();
  await expect(page.getByTestId('place-box-rotate')).toBeVisible();
  const preview = page.getByTestId('placement-preview');
  await expect(preview).toBeVisible();

  // The keyboard path: move, shrink, turn.
  await place.focus();
  const start = await regionOf(page, 'place-box');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  const moved = await regionOf(page, 'place-box');
  expect(moved.box.x).toBeGreaterThan(start.box.x);
  expect(moved.box.height).toBeLessThan(start.box.height);
  expect(moved.rotation).toBe(15);
  expect(await preview.getAttribute('style')).toContain('rotate(15deg)');

  // The pointer path: drag the box, then turn it by its handle.
  const area = (await place.boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 2 - 20, area.y + area.height / 2 + 10, { steps: 4 });
  await page.mouse.up();
  const dragged = await regionOf(page, 'place-box');
  expect(dragged.box.x).toBeLessThan(moved.box.x);
  const handle = (await page.getByTestId('place-box-rotate').boundingBox())!;
  const centre = { x: area.x - 20 + area.width / 2, y: area.y + 10 + area.height / 2 };
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  // Straight to the right of the centre: a quarter turn clockwise.
  await page.mouse.move(centre.x + 120, centre.y, { steps: 6 });
  await page.mouse.up();
  const turned = await regionOf(page, 'place-box');
  expect(Math.abs(turned.rotation - 90)).toBeLessThanOrEqual(3);
  await saveScreenshot(page, 'editor-regions', info.project.name);

  // Remove as a painted mask: Brush, two strokes, Undo takes the second back.
  const tools = await openPanel(page);
  await tools.getByRole('radio', { name: 'Remove area', exact: true }).click();
  await tools.getByRole('radio', { name: 'Brush' }).check({ force: true });
  await expect(tools.getByRole('button', { name: 'Undo' })).toBeDisabled();
  const includeText = tools.getByRole('checkbox', { name: /Include the ad's text/ });
  await expect(includeText).not.toBeChecked();
  await closePanel(page);
  const canvas = page.getByTestId('remove-mask-canvas');
  await expect(canvas).toHaveAttribute('data-painted', 'false');
  const drawn = (await canvas.boundingBox())!;
  const toScreen = (x: number, y: number) => ({
    x: drawn.x + (x / template.width) * drawn.width,
    y: drawn.y + (y / template.height) * drawn.height,
  });
  const old = template.productBox;
  // Across the old product's middle, left to right, then a stray dab in the top-left corner.
  const strokeY = old.y + old.height / 2;
  const from = toScreen(old.x + old.width * 0.2, strokeY);
  const to = toScreen(old.x + old.width * 0.8, strokeY);
  await page.mouse.move(from.x, from.y);
  await expect(page.getByTestId('brush-ring')).toBeVisible();
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-painted', 'true');
  const stray = toScreen(template.width * 0.03, template.height * 0.97);
  await page.mouse.move(stray.x, stray.y);
  await page.mouse.down();
  await page.mouse.up();
  const undo = await openPanel(page);
  await undo.getByRole('button', { name: 'Undo' }).click();
  await closePanel(page);
  await saveScreenshot(page, 'editor-remove-brush', info.project.name);

  // Create sends exactly what the preview shows, and the painted mask without the ad's words.
  const again = await openPanel(page);
  const sent = page.waitForRequest('**/api/generations/swap');
  await again.getByRole('button', { name: 'Create Image' }).click();
  const body = (await sent).postDataJSON() as {
    placement: { box: Box; rotation: number };
    removeMask?: string;
    productBox?: Box;
    includeText?: boolean;
  };
  expect(body.placement).toEqual(turned);
  expect(body.includeText).toBe(false);
  expect(body.productBox).toBeUndefined();
  const mask = await paintedPixels(body.removeMask!);
  expect(mask.width / mask.height).toBeCloseTo(template.width / template.height, 2);
  const inMask = (x: number, y: number) =>
    [
      Math.round((x / template.width) * mask.width),
      Math.round((y / template.height) * mask.height),
    ] as const;
  // The stroke is there from end to end, the undone dab is not.
  for (const share of [0.25, 0.5, 0.75]) {
    expect(mask.isPainted(...inMask(old.x + old.width * share, strokeY))).toBe(true);
  }
  expect(mask.isPainted(...inMask(template.width * 0.03, template.height * 0.97))).toBe(false);
  expect(mask.isPainted(...inMask(old.x + old.width / 2, old.y + 2))).toBe(false);
  // The ad's words stay out of the painted area.
  for (const word of template.textBoxes) {
    expect(mask.isPainted(...inMask(word.x + word.width / 2, word.y + word.height / 2))).toBe(
      false,
    );
  }
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 120_000 });
  const result = page.getByTestId('editor-result');
  await expect(result).toBeVisible();
  const number = Number(page.url().split('/').pop());

  // A free user is sent the preview image only.
  expect(decodeURIComponent((await result.getAttribute('src'))!)).toContain('/previews/');

  // Compare frames the template exactly as the result: the before is placed by its crop.
  await page.getByRole('button', { name: 'Compare' }).click();
  const before = page.getByTestId('compare-before').getByRole('img');
  await expect(before).toBeVisible();
  await expect.poll(async () => (await before.getAttribute('style')) ?? '').toContain('left:');
  const compare = (await page.getByTestId('compare-view').boundingBox())!;
  expect(compare.height / compare.width).toBeCloseTo(1536 / 1024, 1);
  await saveScreenshot(page, 'editor-compare-aligned', info.project.name);

  // Reopening the design from Your Designs brings back its product, size and regions.
  await page.goto(`/editor/view/generated/${number}`);
  await page.getByRole('link', { name: 'Edit this design' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${templateId}/generated/${number}$`));
  const reopened = await openPanel(page);
  await expect(
    reopened.getByRole('img', { name: /Product Image: saleor-mighty-mug/ }),
  ).toBeVisible();
  await expect(reopened.getByRole('radio', { name: 'Portrait' })).toBeChecked();
  // ...and its regions: creating again sends the same placement and the same painted area.
  const resent = page.waitForRequest('**/api/generations/swap');
  await reopened.getByRole('button', { name: 'Create Image' }).click();
  const again2 = (await resent).postDataJSON() as typeof body;
  expect(again2.placement).toEqual(turned);
  expect(again2.includeText).toBe(false);
  expect((await paintedPixels(again2.removeMask!)).count).toBe(mask.count);
  await expect(page.getByText(GENERATION_MESSAGES.success)).toBeVisible({ timeout: 120_000 });

  const full = new RegExp(`/user-creations/[^/?]+/design_${number}\\.png`);
  expect(received.filter((url) => full.test(decodeURIComponent(url)))).toEqual([]);
});

test('two variants in one run, side by side, one credit each; the picked one opens', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await createOnboardedUser(page);
  const templateId = await templateWithWords(page);
  await page.goto(`/editor/${templateId}`);
  const panel = await openPanel(page);
  await panel.getByLabel('Product Image').setInputFiles(PRODUCT);
  await expect(panel.getByTestId('cut-out-preview').getByRole('img')).toBeVisible({
    timeout: 30_000,
  });
  // One image stays the default.
  await expect(panel.getByRole('radio', { name: '1 image' })).toBeChecked();
  await panel.getByRole('radio', { name: '2 to choose from' }).check({ force: true });
  await expect(panel.getByText('2 credits, 1 per image · 3 left')).toBeVisible();
  // The ad's words are kept out of the regions until the person includes them.
  await expect(page.getByTestId('text-region').first()).toHaveAttribute('data-kept', 'true');
  await panel.getByRole('checkbox', { name: /Include the ad's text/ }).check();
  await expect(page.getByTestId('text-region').first()).not.toHaveAttribute('data-kept');
  const swaps: { includeText?: boolean }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/generations/swap')) swaps.push(request.postDataJSON());
  });
  await panel.getByRole('button', { name: 'Create Image' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose a variant' });
  await expect(dialog).toBeVisible();
  const variants = dialog.getByRole('list', { name: 'Variants' }).getByRole('listitem');
  await expect(variants).toHaveCount(2);
  await expect(dialog.getByRole('img', { name: 'Variant 1' })).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByRole('img', { name: 'Variant 2' })).toBeVisible({ timeout: 120_000 });
  // Side by side on a wide screen, one above the other at 375 px.
  const first = (await variants.nth(0).boundingBox())!;
  const second = (await variants.nth(1).boundingBox())!;
  if (isMobile(page)) expect(second.y).toBeGreaterThan(first.y);
  else expect(second.x).toBeGreaterThan(first.x);
  await saveScreenshot(page, 'editor-variants', info.project.name);

  const designs = (await (await page.request.get('/api/designs')).json()) as {
    items: { number: number }[];
  };
  expect(designs.items).toHaveLength(2);
  await dialog.getByRole('button', { name: 'Use variant 2' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/editor/${templateId}/generated/\\d+$`));
  await expect(page.getByTestId('editor-result')).toBeVisible();
  const credits = (await (await page.request.get('/api/me/credits')).json()) as {
    credits: number;
    creditsUsed: number;
  };
  expect(credits.credits - credits.creditsUsed).toBe(1);
  expect(swaps.map((body) => body.includeText)).toEqual([true, true]);

  // The picked variant compares aligned and downloads under the product's name.
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await page.getByTestId('compare-before').getByRole('img').getAttribute('style')) ?? '',
    )
    .toContain('left:');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = page.getByRole('dialog', { name: 'Download' });
  await expect(download.getByLabel('File name')).toHaveValue('saleor-mighty-mug');
  const downloading = page.waitForEvent('download');
  await download.getByRole('button', { name: 'Download' }).click();
  expect((await downloading).suggestedFilename()).toBe('saleor-mighty-mug.png');
});
