import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPGRADE_FEATURES } from '@adtwin/shared';
import { generations, users } from '../../db/schema.js';
import { createScriptedProvider } from '../../../test/scripted-provider.js';
import { seedOfficialTemplate, seedUpload } from '../../../test/generation-fixtures.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';

const scripted = createScriptedProvider();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '3' },
    { imageProvider: scripted.provider },
  );
});
afterAll(() => t.stop());

type Batch = {
  id: string;
  items: {
    templateId: number;
    generationId: string | null;
    error: { code: string; message: string } | null;
  }[];
};

describe('batches from the editor (session route)', () => {
  it('with 3 credits, a batch of 5 starts the first 3 and says why the other 2 did not', async () => {
    const { client, userId } = await signUpVerified(t);
    const templates = await Promise.all([1, 2, 3, 4, 5].map(() => seedOfficialTemplate(t)));
    const upload = await seedUpload(t, { userId });
    const res = await client.request('/api/batches', {
      method: 'POST',
      json: {
        productUploadId: upload.id,
        templateIds: templates.map((template) => template.id),
        size: '1024x1536',
        replacements: [{ toReplace: 'SALE', replacement: 'NEW' }],
      },
    });
    expect(res.status).toBe(201);
    const batch = (await res.json()) as Batch;
    expect(batch.items.map((item) => item.templateId)).toEqual(templates.map((x) => x.id));
    const started = batch.items.filter((item) => item.generationId);
    expect(started).toHaveLength(3);
    expect(batch.items.slice(3)).toEqual(
      templates.slice(3).map((template) => ({
        templateId: template.id,
        generationId: null,
        error: {
          code: `upgrade_required:${UPGRADE_FEATURES.generation}`,
          message: 'You have no credits left.',
        },
      })),
    );
    const rows = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, userId));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => (row.input as { size: string }).size === '1024x1536')).toBe(true);
    const [profile] = await t.server.database.db
      .select()
      .from(users)
      .where(eq(users.userId, userId));
    expect(profile!.creditsUsed).toBe(3);

    // Each started item is an ordinary generation the editor already follows.
    const one = await client.request(`/api/generations/${started[0]!.generationId}`);
    expect(one.status).toBe(200);
  });

  it("refuses another person's product, duplicate templates, and more than 20", async () => {
    const { client } = await signUpVerified(t);
    const other = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const theirs = await seedUpload(t, { userId: other.userId });
    const post = (json: unknown) => client.request('/api/batches', { method: 'POST', json });
    expect((await post({ productUploadId: theirs.id, templateIds: [template.id] })).status).toBe(
      404,
    );
    const mine = await seedUpload(t, {
      userId: ((await (await client.request('/api/me')).json()) as { id: string }).id,
    });
    expect(
      (await post({ productUploadId: mine.id, templateIds: [template.id, template.id] })).status,
    ).toBe(400);
    expect(
      (
        await post({
          productUploadId: mine.id,
          templateIds: Array.from({ length: 21 }, (_, i) => i + 1),
        })
      ).status,
    ).toBe(400);
    expect((await post({ productUploadId: mine.id, templateIds: [] })).status).toBe(400);
  });
});
