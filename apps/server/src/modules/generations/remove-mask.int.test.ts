import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { REMOVE_MASK_MESSAGES } from '@adtwin/shared';
import { templates, users } from '../../db/schema.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';
import { createScriptedProvider } from '../../../test/scripted-provider.js';
import {
  seedOfficialTemplate,
  seedUpload,
  waitUntilFinished,
} from '../../../test/generation-fixtures.js';

let t: TestServer;
const scripted = createScriptedProvider();
beforeAll(async () => {
  t = await startTestServer(
    { DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '3' },
    { imageProvider: scripted.provider },
  );
});
afterAll(() => t.stop());

type View = {
  id: string;
  status: string;
  swap: {
    productBox: unknown;
    removeMaskUrl: string | null;
    includeText: boolean;
  } | null;
};

/** A black mask with white where the person painted. */
async function paintedMask(
  size: { width: number; height: number },
  painted: { x: number; y: number; width: number; height: number } | null,
): Promise<Buffer> {
  const base = sharp({ create: { ...size, channels: 3, background: '#000000' } });
  if (!painted) return base.png().toBuffer();
  const white = await sharp({
    create: { width: painted.width, height: painted.height, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  return base
    .composite([{ input: white, left: painted.x, top: painted.y }])
    .png()
    .toBuffer();
}

describe('the Remove region painted in the editor', () => {
  it('is kept with its design and reaches the engine as exactly the painted pixels', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    // The catalogue records its phrases, one box each.
    const headline = { x: 40, y: 40, width: 300, height: 50 };
    await t.server.database.db
      .update(templates)
      .set({ analysis: { words: [{ text: 'Paint Bold', role: 'headline', box: headline }] } })
      .where(eq(templates.id, template.id));
    const upload = await seedUpload(t, { userId });
    // Painted at half the template's 800 px: white 50 x 100 at (100, 100).
    const mask = await paintedMask(
      { width: 400, height: 400 },
      { x: 100, y: 100, width: 50, height: 100 },
    );
    const res = await client.request('/api/generations/swap', {
      method: 'POST',
      json: {
        templateId: template.id,
        productUploadId: upload.id,
        removeMask: mask.toString('base64'),
        includeText: true,
        replacements: [{ toReplace: 'Bold', replacement: 'Calm' }],
      },
    });
    expect(res.status).toBe(202);
    const view = await waitUntilFinished<View>(client, ((await res.json()) as View).id);
    expect(view.status).toBe('done');

    const request = scripted.calls.at(-1)!.swap!;
    expect(request.productMask?.painted).toBe(true);
    expect(request.productBox).toEqual({ x: 200, y: 200, width: 100, height: 200 });
    expect(request.includeText).toBe(true);
    expect(request.recordedText).toEqual([{ text: 'Paint Bold', box: headline }]);
    const sent = await sharp(request.productMask!.png)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([sent.info.width, sent.info.height]).toEqual([400, 400]);
    expect(sent.data.filter((value) => value === 255).length).toBe(50 * 100);

    // Reopening the design brings the painted area back.
    expect(view.swap).toMatchObject({ productBox: null, includeText: true });
    const stored = await client.request(view.swap!.removeMaskUrl!);
    expect(stored.status).toBe(200);
    const storedMeta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([storedMeta.format, storedMeta.width, storedMeta.height]).toEqual(['png', 400, 400]);
  });

  it('is refused in plain words when it is no PNG of the template shape, and costs nothing', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const send = (removeMask: string) =>
      client.request('/api/generations/swap', {
        method: 'POST',
        json: { templateId: template.id, productUploadId: upload.id, removeMask },
      });
    const refusal = async (removeMask: string) => {
      const res = await send(removeMask);
      return [res.status, ((await res.json()) as { error: string }).error];
    };
    const square = await paintedMask(
      { width: 400, height: 400 },
      { x: 10, y: 10, width: 20, height: 20 },
    );
    const jpeg = await sharp(square).jpeg().toBuffer();
    const huge = await paintedMask(
      { width: 4100, height: 4100 },
      { x: 10, y: 10, width: 20, height: 20 },
    );
    const wide = await paintedMask(
      { width: 400, height: 300 },
      { x: 10, y: 10, width: 20, height: 20 },
    );
    const empty = await paintedMask({ width: 400, height: 400 }, null);
    const cut = square.subarray(0, Math.floor(square.length / 2));

    expect((await send('not base64!')).status).toBe(400);
    expect(await refusal(jpeg.toString('base64'))).toEqual([400, REMOVE_MASK_MESSAGES.unreadable]);
    expect(await refusal(cut.toString('base64'))).toEqual([400, REMOVE_MASK_MESSAGES.unreadable]);
    expect(await refusal(huge.toString('base64'))).toEqual([400, REMOVE_MASK_MESSAGES.tooLarge]);
    expect(await refusal(wide.toString('base64'))).toEqual([400, REMOVE_MASK_MESSAGES.wrongShape]);
    expect(await refusal(empty.toString('base64'))).toEqual([400, REMOVE_MASK_MESSAGES.empty]);

    const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
    expect(row!.creditsUsed).toBe(0);
  });
});
