import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EngineError } from '@adtwin/engine';
import {
  GENERATION_MESSAGES,
  MAX_ACTIVE_GENERATIONS_PER_USER,
  UPGRADE_FEATURES,
} from '@adtwin/shared';
import { users } from '../../db/schema.js';
import {
  signUpVerified,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';
import { seedOfficialTemplate, seedUpload } from '../../../test/generation-fixtures.js';
import { createScriptedProvider } from '../../../test/scripted-provider.js';

// Every generation error the server reports, with the title the spec pairs it with. The provider
// is scripted, so each failure is the engine's typed error, thrown where a real provider throws it.

const scripted = createScriptedProvider();
const TIMEOUT_MS = 1000;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      DISABLE_RATE_LIMITS: 'true',
      FREE_CREDITS: '10',
      GENERATION_CONCURRENCY: '1',
      GENERATION_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    { imageProvider: scripted.provider },
  );
});
afterAll(() => t.stop());

type View = {
  id: string;
  status: string;
  steps: { label: string; status: string }[];
  error: { code: string; title: string; message: string } | null;
};

async function lastEvent(client: Client, id: string): Promise<View> {
  const text = await (await client.request(`/api/generations/${id}/events`)).text();
  const data = text.split('\n').filter((line) => line.startsWith('data: '));
  return JSON.parse(data.at(-1)!.slice(6)) as View;
}

async function creditsUsed(userId: string) {
  const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
  return row!.creditsUsed;
}

/**
 * Starts a swap for a new person and follows it to its end; `breakBefore` may spoil its inputs
 * or storage just before the request.
 */
async function swapToTheEnd(
  breakBefore?: (inputs: {
    userId: string;
    template: Awaited<ReturnType<typeof seedOfficialTemplate>>;
    upload: Awaited<ReturnType<typeof seedUpload>>;
  }) => unknown,
) {
  const person = await signUpVerified(t);
  const template = await seedOfficialTemplate(t);
  const upload = await seedUpload(t, { userId: person.userId });
  await breakBefore?.({ userId: person.userId, template, upload });
  const res = await person.client.request('/api/generations/swap', {
    method: 'POST',
    json: { templateId: template.id, productUploadId: upload.id },
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as View;
  return { ...person, id, last: await lastEvent(person.client, id) };
}

describe('a failed generation reports the spec’s title and text and refunds its credit', () => {
  it('the provider timing out: Generation timed out', async () => {
    scripted.failWith(new EngineError('timeout', 'OpenAI did not answer in time.'));
    const { last, userId, client, id } = await swapToTheEnd();
    expect(last.status).toBe('failed');
    expect(last.error).toEqual({
      code: 'timeout',
      title: GENERATION_MESSAGES.timeoutTitle,
      message: GENERATION_MESSAGES.timeoutText,
    });
    expect(last.steps.find((s) => s.label === 'Creating image')?.status).toBe('error');
    expect(await creditsUsed(userId)).toBe(0);
    // A reload reads the same failure from the stored row.
    const reread = (await (await client.request(`/api/generations/${id}`)).json()) as View;
    expect(reread.error).toEqual(last.error);
  });

  it('the server giving up after GENERATION_TIMEOUT_MS: Generation timed out', async () => {
    scripted.hold();
    const { last, userId } = await swapToTheEnd();
    expect(scripted.calls.at(-1)?.signal?.aborted).toBe(true);
    expect(last.error).toEqual({
      code: 'timeout',
      title: GENERATION_MESSAGES.timeoutTitle,
      message: GENERATION_MESSAGES.timeoutText,
    });
    expect(await creditsUsed(userId)).toBe(0);
  });

  it('the provider rate limiting: Too many requests, without its own wording', async () => {
    scripted.failWith(new EngineError('rate_limited', 'OpenAI is rate limiting requests.'));
    const { last, userId } = await swapToTheEnd();
    expect(last.error).toEqual({
      code: 'rate_limited',
      title: GENERATION_MESSAGES.tooManyTitle,
      message: GENERATION_MESSAGES.tooManyText,
    });
    expect(await creditsUsed(userId)).toBe(0);
  });

  it.each([
    ['provider_error', 'OpenAI failed: upstream connect error'],
    ['moderation', 'OpenAI refused the request (moderation).'],
    ['bad_input', 'OpenAI rejected the input: image too small'],
  ] as const)(
    'the provider failing (%s): Generation failed plus its reason',
    async (code, reason) => {
      scripted.failWith(new EngineError(code, reason));
      const { last, userId } = await swapToTheEnd();
      expect(last.error).toEqual({ code, title: GENERATION_MESSAGES.failedTitle, message: reason });
      expect(await creditsUsed(userId)).toBe(0);
    },
  );

  it('an unexpected crash: Generation failed, its details kept out of the reply', async () => {
    scripted.failWith(new TypeError('secret internal detail at /srv/app.js:12'));
    const { last } = await swapToTheEnd();
    expect(last.error).toEqual({
      code: 'internal',
      title: GENERATION_MESSAGES.failedTitle,
      message: 'Failed to generate image',
    });
  });

  it('an empty answer: Generation failed plus No image data returned from generation', async () => {
    scripted.answerWith({ png: new Uint8Array() });
    const { last, userId } = await swapToTheEnd();
    expect(last.error).toEqual({
      code: 'provider_error',
      title: GENERATION_MESSAGES.failedTitle,
      message: GENERATION_MESSAGES.noImageData,
    });
    expect(await creditsUsed(userId)).toBe(0);
  });

  it('a chat generation reports the same way', async () => {
    const { client } = await signUpVerified(t);
    scripted.failWith(new EngineError('rate_limited', 'Gemini is rate limiting requests.'));
    const res = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A blue background with the headline "Summer sale"' },
    });
    const { id } = (await res.json()) as View;
    const last = await lastEvent(client, id);
    expect(last.steps.map((s) => s.status)).toEqual(['complete', 'complete', 'error', 'pending']);
    expect(last.error).toMatchObject({
      title: GENERATION_MESSAGES.tooManyTitle,
      message: GENERATION_MESSAGES.tooManyText,
    });
  });
});

describe('inputs that vanish or never existed', () => {
  it('an unknown product upload is refused at once: Missing URLs for generation', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const res = await client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: crypto.randomUUID() },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: GENERATION_MESSAGES.missingUrls,
      code: 'upload_not_found',
    });
    expect(await creditsUsed(userId)).toBe(0);
  });

  it('a product file gone before the job reads it: Generation failed plus Missing URLs for generation', async () => {
    const { userId, last } = await swapToTheEnd(({ upload }) =>
      t.server.storage.delete('temp-images', upload.key),
    );
    expect(last.error).toEqual({
      code: 'bad_input',
      title: GENERATION_MESSAGES.failedTitle,
      message: GENERATION_MESSAGES.missingUrls,
    });
    expect(await creditsUsed(userId)).toBe(0);
  });

  it('a result that cannot be stored: Generation failed plus Error saving generation details', async () => {
    // A file where the person's result folder goes: the disk refuses the write, as a full or
    // broken volume would.
    const folderOf = (userId: string) => path.join(t.dataDir, 'storage', 'user-creations', userId);
    const { userId, last } = await swapToTheEnd(({ userId }) => {
      fs.mkdirSync(path.dirname(folderOf(userId)), { recursive: true });
      fs.writeFileSync(folderOf(userId), 'not a folder');
    });
    expect(last.status).toBe('failed');
    expect(last.error).toEqual({
      code: 'save_failed',
      title: GENERATION_MESSAGES.failedTitle,
      message: GENERATION_MESSAGES.saveFailed,
    });
    expect(await creditsUsed(userId)).toBe(0);
    fs.rmSync(folderOf(userId));
  });

  it('no template, or two, is refused at once: Cannot process generation: Invalid template ID.', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    for (const json of [
      { productUploadId: upload.id },
      {
        templateId: template.id,
        communityTemplateId: crypto.randomUUID(),
        productUploadId: upload.id,
      },
    ]) {
      const res = await client.request('/api/generations/swap', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: GENERATION_MESSAGES.invalidTemplate,
        code: 'invalid_template',
      });
    }
    expect(await creditsUsed(userId)).toBe(0);
  });

  it('a template image gone before the job reads it: Generation failed plus Invalid template ID', async () => {
    const { userId, last } = await swapToTheEnd(({ template }) =>
      t.server.storage.delete('category-images', template.imageKey),
    );
    expect(last.error).toEqual({
      code: 'bad_input',
      title: GENERATION_MESSAGES.failedTitle,
      message: GENERATION_MESSAGES.invalidTemplate,
    });
    expect(await creditsUsed(userId)).toBe(0);
  });
});

describe('refused before any work starts', () => {
  it(`a person with ${MAX_ACTIVE_GENERATIONS_PER_USER} generations under way gets 429 and the spec's text`, async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const post = () =>
      client.request('/api/generations/swap', {
        method: 'POST',
        json: { templateId: template.id, productUploadId: upload.id },
      });
    const held = scripted.hold();
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_GENERATIONS_PER_USER; i++) {
      const res = await post();
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as View).id);
    }
    await held.started;
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: GENERATION_MESSAGES.tooManyText,
      code: 'too_many_generations',
    });
    expect(await creditsUsed(userId)).toBe(MAX_ACTIVE_GENERATIONS_PER_USER);

    held.release();
    for (const id of ids) expect((await lastEvent(client, id)).status).toBe('done');
    const again = await post();
    expect(again.status).toBe(202);
    expect((await lastEvent(client, ((await again.json()) as View).id)).status).toBe('done');
  });

  it('a person without credits gets 402 and the upgrade code for AI image generation', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    await t.server.database.db
      .update(users)
      .set({ creditsUsed: 10 })
      .where(eq(users.userId, userId));
    const expected = {
      error: 'You have no credits left.',
      code: `upgrade_required:${UPGRADE_FEATURES.generation}`,
    };
    const swap = await client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    expect(swap.status).toBe(402);
    expect(await swap.json()).toEqual(expected);
    const chat = await client.request('/api/generations/chat', {
      method: 'POST',
      json: { prompt: 'A blue background with the headline "Summer sale"' },
    });
    expect(chat.status).toBe(402);
    expect(await chat.json()).toEqual(expected);
    expect(await creditsUsed(userId)).toBe(10);
  });
});
