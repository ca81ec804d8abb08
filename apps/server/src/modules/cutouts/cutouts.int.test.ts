import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cutOutWarningText } from '@adtwin/shared';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';
import { createScriptedProvider } from '../../../test/scripted-provider.js';
import { seedOfficialTemplate } from '../../../test/generation-fixtures.js';

let t: TestServer;
const scripted = createScriptedProvider();
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true' }, { imageProvider: scripted.provider });
});
afterAll(() => t.stop());

type CutOut = {
  url: string;
  box: { x: number; y: number; width: number; height: number };
  photo: { width: number; height: number };
  isTouchedUp: boolean;
  warnings: { code: string; message: string }[];
};

/** A 600 x 400 photo, transparent but for a 300 x 200 product in the middle. */
async function productWithAlpha(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect x="150" y="100" width="300" height="200" fill="#d62d3a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function maskForm(bytes: Buffer) {
  const form = new FormData();
  form.set('mask', new File([new Uint8Array(bytes)], 'mask.png', { type: 'image/png' }));
  return form;
}

describe('cut-outs', () => {
  it('shows the cut-out, takes a touched-up mask for its owner only, and every swap uses it', async () => {
    const owner = await signUpVerified(t);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(await productWithAlpha())], 'bottle.png'));
    const upload = (await (
      await owner.client.request('/api/uploads', { method: 'POST', body: form })
    ).json()) as { id: string };

    const first = await owner.client.request(`/api/uploads/${upload.id}/cut-out`);
    expect(first.status).toBe(200);
    const cutOut = (await first.json()) as CutOut;
    expect(cutOut.box).toEqual({ x: 150, y: 100, width: 300, height: 200 });
    expect(cutOut.photo).toEqual({ width: 600, height: 400 });
    expect(cutOut.isTouchedUp).toBe(false);
    // A 300-pixel product will be enlarged in a 1024-pixel ad: said before a credit is spent.
    expect(cutOut.warnings).toEqual([
      { code: 'small', message: cutOutWarningText('small', { width: 300, height: 200 }) },
    ]);
    const png = await owner.client.request(cutOut.url);
    expect(png.status).toBe(200);
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(300);

    // Another person can neither see nor change it.
    const intruder = await signUpVerified(t);
    expect((await intruder.client.request(`/api/uploads/${upload.id}/cut-out`)).status).toBe(404);
    const mask = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#000000' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 100, height: 100, channels: 3, background: '#ffffff' },
          })
            .png()
            .toBuffer(),
          left: 75,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    const refused = await intruder.client.request(`/api/uploads/${upload.id}/cut-out`, {
      method: 'PUT',
      body: maskForm(mask),
    });
    expect(refused.status).toBe(404);

    // The owner's mask (half the photo's size: stretched over it) keeps a 200 x 200 square.
    const saved = await owner.client.request(`/api/uploads/${upload.id}/cut-out`, {
      method: 'PUT',
      body: maskForm(mask),
    });
    expect(saved.status).toBe(200);
    const touched = (await saved.json()) as CutOut;
    expect(touched.isTouchedUp).toBe(true);
    expect(touched.box).toEqual({ x: 150, y: 100, width: 200, height: 200 });
    const again = (await (
      await owner.client.request(`/api/uploads/${upload.id}/cut-out`)
    ).json()) as CutOut;
    expect(again).toMatchObject({ isTouchedUp: true, box: touched.box });

    // An empty mask or a non-image is refused with its reason.
    const empty = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#000000' },
    })
      .png()
      .toBuffer();
    const emptyRes = await owner.client.request(`/api/uploads/${upload.id}/cut-out`, {
      method: 'PUT',
      body: maskForm(empty),
    });
    expect(emptyRes.status).toBe(400);
    const junk = await owner.client.request(`/api/uploads/${upload.id}/cut-out`, {
      method: 'PUT',
      body: maskForm(Buffer.from('not an image')),
    });
    expect(junk.status).toBe(415);

    // The swap is given the touched-up cut-out.
    const template = await seedOfficialTemplate(t);
    const started = await owner.client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    await (await owner.client.request(`/api/generations/${id}/events`)).text();
    const call = scripted.calls.at(-1)!;
    expect(call.swap?.productCutOut?.box).toEqual(touched.box);
  });
});
