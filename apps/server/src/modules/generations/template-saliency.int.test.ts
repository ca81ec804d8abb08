import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpVerified,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';
import { createScriptedProvider, plainPng } from '../../../test/scripted-provider.js';
import {
  makeTemplateImage,
  seedOfficialTemplate,
  seedUpload,
  waitUntilFinished,
} from '../../../test/generation-fixtures.js';

let t: TestServer;
const scripted = createScriptedProvider();
beforeAll(async () => {
  t = await startTestServer(
    { DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '10' },
    { imageProvider: scripted.provider },
  );
});
afterAll(() => t.stop());

async function swapAndWait(client: Client, json: Record<string, unknown>) {
  const res = await client.request('/api/generations/swap', { method: 'POST', json });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  return (await waitUntilFinished(client, id)).status;
}

describe("a catalogue template's saliency map", () => {
  it('is kept after the first swap and handed to the engine from the second on', async () => {
    const { client, userId } = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const product = await seedUpload(t, { userId });
    const map = new Uint8Array([137, 80, 78, 71, 1, 2, 3, 4]);

    scripted.answerWith({ png: await plainPng('1024x1024'), templateSaliency: map });
    expect(
      await swapAndWait(client, { templateId: template.id, productUploadId: product.id }),
    ).toBe('done');
    expect(scripted.calls.at(-1)!.swap!.templateSaliency).toBeUndefined();
    const kept = await t.server.storage.get('category-images', `${template.imageKey}.saliency.png`);
    expect(kept && new Uint8Array(kept.body)).toEqual(map);

    expect(
      await swapAndWait(client, { templateId: template.id, productUploadId: product.id }),
    ).toBe('done');
    expect(scripted.calls.at(-1)!.swap!.templateSaliency).toEqual(map);
  });

  it('is neither asked for nor kept for a template image of the library', async () => {
    const { client, userId } = await signUpVerified(t);
    const templateUpload = await seedUpload(t, { userId, body: await makeTemplateImage() });
    const product = await seedUpload(t, { userId });
    for (let run = 0; run < 2; run += 1) {
      scripted.answerWith({
        png: await plainPng('1024x1024'),
        templateSaliency: new Uint8Array([1, 2, 3]),
      });
      expect(
        await swapAndWait(client, {
          templateUploadId: templateUpload.id,
          productUploadId: product.id,
        }),
      ).toBe('done');
      expect(scripted.calls.at(-1)!.swap!.templateSaliency).toBeUndefined();
    }
    expect(
      await t.server.storage.get('category-images', `${templateUpload.key}.saliency.png`),
    ).toBeNull();
    expect(
      await t.server.storage.get('temp-images', `${templateUpload.key}.saliency.png`),
    ).toBeNull();
  });
});
