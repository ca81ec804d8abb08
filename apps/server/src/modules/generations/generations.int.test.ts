import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GENERATION_MESSAGES, UPGRADE_FEATURES } from '@adtwin/shared';
import { creditLedger, generations, templates, userTemplates, users } from '../../db/schema.js';
import {
  signUpVerified,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';
import {
  makeTemplateImage,
  seedOfficialTemplate,
  seedUpload,
} from '../../../test/generation-fixtures.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    DISABLE_RATE_LIMITS: 'true',
    FREE_CREDITS: '3',
    GENERATION_CONCURRENCY: '1',
  });
});
afterAll(() => t.stop());

type View = {
  id: string;
  number: number;
  status: string;
  steps: { label: string; status: string }[];
  error: { code: string; title: string; message: string } | null;
  result: { url: string; fileName: string } | null;
};

/** Reads the event stream until the generation ends; returns every state it announced. */
async function followEvents(client: Client, id: string): Promise<View[]> {
  const res = await client.request(`/api/generations/${id}/events`);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as View);
}

async function creditsOf(userId: string) {
  const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
  const [ledger] = await t.server.database.db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { credits: row!.credits, used: row!.creditsUsed, ledgerBalance: ledger!.sum };
}

describe('template swap', () => {
  it('runs the job, streams its steps, stores the result and charges one credit', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const res = await client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id, size: '1024x1536' },
    });
    expect(res.status).toBe(202);
    const queued = (await res.json()) as View;
    expect(queued.status).toBe('queued');
    expect(queued.steps.map((s) => s.label)).toEqual([
      'Checking upload',
      'Uploading image',
      'Creating image',
      'Done',
    ]);

    const states = await followEvents(client, queued.id);
    const last = states.at(-1)!;
    expect(last.status).toBe('done');
    expect(last.steps.every((s) => s.status === 'complete')).toBe(true);
    expect(
      states.some((s) =>
        s.steps.some((step) => step.label === 'Creating image' && step.status === 'active'),
      ),
    ).toBe(true);
    expect(last.result?.fileName).toBe(`design_${queued.number}.png`);

    // A free user is sent only the preview: the full-size image's address never reaches them.
    const sizeAt = async (url: string) => {
      const image = await fetch(new URL(url, t.baseUrl));
      expect(image.status).toBe(200);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await sizeAt(last.result!.url)).toEqual(['png', 512, 768]);
    expect(decodeURIComponent(last.result!.url)).toContain(`/${userId}/previews/`);
    const viewNow = async () =>
      (await (await client.request(`/api/generations/${queued.id}`)).json()) as View;
    expect(await sizeAt((await viewNow()).result!.url)).toEqual(['png', 512, 768]);

    // A paid plan is sent the full image.
    await client.request('/api/dev/plan', { method: 'POST', json: { tier: 'pro_weekly' } });
    expect(await sizeAt((await viewNow()).result!.url)).toEqual(['png', 1024, 1536]);
    await client.request('/api/dev/plan', { method: 'POST', json: { tier: 'free' } });

    expect(await creditsOf(userId)).toEqual({ credits: 3, used: 1, ledgerBalance: 2 });
    const [row] = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, queued.id));
    expect(row).toMatchObject({ creditState: 'charged', attempts: 1 });
    const [counted] = await t.server.database.db
      .select()
      .from(templates)
      .where(eq(templates.id, template.id));
    expect(counted?.usageCount).toBe(1);
  });

  it('with 3 credits, 20 simultaneous requests start exactly 3 jobs', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.request('/api/generations/swap', {
          method: 'POST',
          json: { templateId: template.id, productUploadId: upload.id },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.every((s) => s === 202 || s === 402)).toBe(true);
    const refused = await replies.find((r) => r.status === 402)!.json();
    expect(refused).toMatchObject({ code: `upgrade_required:${UPGRADE_FEATURES.generation}` });
    const rows = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, userId));
    expect(rows).toHaveLength(3);
    expect(await creditsOf(userId)).toMatchObject({ used: 3, ledgerBalance: 0 });
  });

  it('a failing job refunds its credit and says why', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId, body: Buffer.from('not an image at all') });
    const res = await client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    const queued = (await res.json()) as View;
    const last = (await followEvents(client, queued.id)).at(-1)!;
    expect(last.status).toBe('failed');
    expect(last.error?.title).toBe(GENERATION_MESSAGES.failedTitle);
    // The engine's bad_input, thrown in its worker thread, arrives here with its code and text.
    expect(last.error?.message).toBe('The product image could not be read.');
    expect(last.steps.some((s) => s.status === 'error')).toBe(true);
    expect(await creditsOf(userId)).toEqual({ credits: 3, used: 0, ledgerBalance: 3 });
    const [row] = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, queued.id));
    expect(row?.creditState).toBe('refunded');
  });

  it('refuses bad requests with clear 4xx replies and takes no credit', async () => {
    const { client, userId } = await signUpVerified(t);
    const other = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const theirUpload = await seedUpload(t, { userId: other.userId });
    const post = (json: unknown) =>
      client.request('/api/generations/swap', { method: 'POST', json });
    const mine = await seedUpload(t, { userId });
    expect((await post({ productUploadId: mine.id })).status).toBe(400);
    expect(await (await post({ productUploadId: mine.id })).json()).toMatchObject({
      error: GENERATION_MESSAGES.invalidTemplate,
    });
    expect((await post({ templateId: 999999, productUploadId: mine.id })).status).toBe(404);
    expect((await post({ templateId: template.id, productUploadId: theirUpload.id })).status).toBe(
      404,
    );
    expect(
      (await post({ templateId: template.id, productUploadId: mine.id, size: '4096x4096' })).status,
    ).toBe(400);
    const six = Array.from({ length: 6 }, () => ({ toReplace: 'a', replacement: 'b' }));
    expect(
      (await post({ templateId: template.id, productUploadId: mine.id, replacements: six })).status,
    ).toBe(400);
    expect(
      (await post({ templateId: template.id, productUploadId: mine.id, visibility: 'private' }))
        .status,
    ).toBe(403);
    expect(await creditsOf(userId)).toMatchObject({ used: 0 });
  });

  it("another person's generation reads as missing, by id and by stream", async () => {
    const owner = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId: owner.userId });
    const res = await owner.client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    const { id } = (await res.json()) as View;
    expect((await stranger.client.request(`/api/generations/${id}`)).status).toBe(404);
    expect((await stranger.client.request(`/api/generations/${id}/events`)).status).toBe(404);
    expect((await owner.client.request(`/api/generations/${id}`)).status).toBe(200);
    await followEvents(owner.client, id);
  });
});

describe('downloads', () => {
  it('free users get a preview-quality PNG whatever they ask; paid users get their choice', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const res = await client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    const { id, number } = (await res.json()) as View;
    await followEvents(client, id);

    const free = await client.request(
      `/api/generations/${id}/download?format=webp&quality=high&name=My%20ad`,
    );
    expect(free.status).toBe(200);
    expect(free.headers.get('content-type')).toBe('image/png');
    expect(free.headers.get('content-disposition')).toContain('filename="My ad.png"');
    const freeMeta = await sharp(Buffer.from(await free.arrayBuffer())).metadata();
    expect([freeMeta.format, freeMeta.width]).toEqual(['png', 512]);

    await t.server.database.db
      .update(users)
      .set({ subscriptionTier: 'pro_monthly' })
      .where(eq(users.userId, userId));
    const paid = await client.request(`/api/generations/${id}/download?format=webp&quality=high`);
    expect(paid.headers.get('content-type')).toBe('image/webp');
    expect(paid.headers.get('content-disposition')).toContain(`filename="design_${number}.webp"`);
    const paidMeta = await sharp(Buffer.from(await paid.arrayBuffer())).metadata();
    expect([paidMeta.format, paidMeta.width]).toEqual(['webp', 1024]);

    const jpg = await client.request(
      `/api/generations/${id}/download?format=jpg&quality=preview&name=../../etc/passwd`,
    );
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpg.headers.get('content-disposition')).not.toContain('/');
    expect((await client.request(`/api/generations/${id}/download?format=gif`)).status).toBe(400);
  });
});

describe('chat', () => {
  it('needs 10 characters without images, and makes an image from a prompt', async () => {
    const { client } = await signUpVerified(t);
    const short = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'hi' },
    });
    expect(short.status).toBe(400);
    const res = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A blue background with the headline "Summer sale"', size: '1536x1024' },
    });
    expect(res.status).toBe(202);
    const queued = (await res.json()) as View;
    expect(queued.steps[1]?.label).toBe('Preparing images');
    const last = (await followEvents(client, queued.id)).at(-1)!;
    expect(last.status).toBe('done');
    expect(last.result?.fileName).toBe(`chat_${queued.number}.png`);
  });

  it('a public result becomes a community template of its author', async () => {
    const { client, userId } = await signUpVerified(t);
    const res = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A red background with the words "Big sale" on top', visibility: 'public' },
    });
    const queued = (await res.json()) as View;
    expect((await followEvents(client, queued.id)).at(-1)?.status).toBe('done');
    const [template] = await t.server.database.db
      .select()
      .from(userTemplates)
      .where(eq(userTemplates.userId, userId));
    expect(template).toMatchObject({
      isPublic: true,
      imageKey: `community/${userId}/chat_${queued.number}.png`,
    });
    expect(await t.server.storage.exists('category-images', template!.imageKey)).toBe(true);
  });
});

describe('design page', () => {
  it('swaps into a template image from the library; the result is a community template', async () => {
    const { client, userId } = await signUpVerified(t);
    const other = await signUpVerified(t);
    const templateUpload = await seedUpload(t, { userId, body: await makeTemplateImage() });
    const product = await seedUpload(t, { userId });
    const theirs = await seedUpload(t, { userId: other.userId, body: await makeTemplateImage() });
    const post = (json: unknown) =>
      client.request('/api/generations/swap', { method: 'POST', json });

    expect((await post({ templateUploadId: theirs.id, productUploadId: product.id })).status).toBe(
      404,
    );
    expect(
      (
        await post({
          templateId: 1,
          templateUploadId: templateUpload.id,
          productUploadId: product.id,
        })
      ).status,
    ).toBe(400);

    const res = await post({
      templateUploadId: templateUpload.id,
      productUploadId: product.id,
      visibility: 'public',
      templateName: '  Summer mug ad ',
    });
    expect(res.status).toBe(202);
    const queued = (await res.json()) as View;
    expect((await followEvents(client, queued.id)).at(-1)?.status).toBe('done');
    const [template] = await t.server.database.db
      .select()
      .from(userTemplates)
      .where(eq(userTemplates.userId, userId));
    // Named by the person who made it.
    expect(template).toMatchObject({ isPublic: true, name: 'Summer mug ad' });
    expect(await creditsOf(userId)).toMatchObject({ used: 1 });
  });

  it('reads a generation by its public number, for its owner only', async () => {
    const owner = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId: owner.userId });
    const res = await owner.client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id, size: '1536x1024' },
    });
    const { id, number } = (await res.json()) as View;
    await followEvents(owner.client, id);
    const mine = await owner.client.request(`/api/generations/by-number/${number}`);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      id,
      status: 'done',
      templateId: template.id,
      communityTemplateId: null,
      size: '1536x1024',
    });
    expect((await stranger.client.request(`/api/generations/by-number/${number}`)).status).toBe(
      404,
    );
    expect((await owner.client.request('/api/generations/by-number/abc')).status).toBe(400);
  });
});
