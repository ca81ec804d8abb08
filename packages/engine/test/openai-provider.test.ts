import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFixturesDir } from '../src/config.js';
import { closeEngine, createProvider, type ImageProvider } from '../src/index.js';
import { makeTextTemplate, TEXT_TEMPLATES } from '../src/quality/make-text-template.js';
import { expectAdKept } from './support/expect-ad-kept.js';
import { readForm, sendJson, startFakeAiServer } from './support/fake-ai-server.js';

const fixtures = resolveFixturesDir();
const read = (relative: string) => new Uint8Array(readFileSync(path.join(fixtures, relative)));
const template = read('templates/home/charles-deluvio-695736-unsplash.jpg');
const product = read('products/saleor-mighty-mug.png');

let server: Awaited<ReturnType<typeof startFakeAiServer>>;
let provider: ImageProvider;
let answer: string;
let partial: string;

beforeAll(async () => {
  server = await startFakeAiServer();
  provider = createProvider({
    provider: 'openai',
    openai: { apiKey: 'test-key', baseURL: `${server.url}/v1`, timeoutMs: 2000, maxRetries: 0 },
  });
  // The API may answer at another size: the provider must still return the exact output size.
  answer = (
    await sharp({ create: { width: 512, height: 512, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer()
  ).toString('base64');
  partial = (
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#777777' } })
      .png()
      .toBuffer()
  ).toString('base64');
});
// Reading a template's words starts the OCR's thread.
afterAll(() => Promise.all([server.close(), closeEngine()]));

function streamEvents(events: object[]) {
  return (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
    response.end();
  };
}

describe('openai provider', () => {
  it('edits with template then product, a mask, high fidelity and the replacements; streams previews', async () => {
    server.requests.length = 0;
    server.handle(
      streamEvents([
        { type: 'image_edit.partial_image', b64_json: partial, partial_image_index: 0 },
        { type: 'image_edit.completed', b64_json: answer },
      ]),
    );
    const previews: Uint8Array[] = [];
    const steps: string[] = [];
    const result = await provider.swap(
      {
        template,
        product,
        productBox: { x: 500, y: 350, width: 650, height: 1000 },
        replacements: [
          { toReplace: 'Summer', replacement: 'Winter' },
          { toReplace: '', replacement: 'ignored' },
        ],
        size: '1536x1024',
      },
      { onPreview: (png) => previews.push(png), onStep: (s) => steps.push(s.name) },
    );
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.url).toBe('/v1/images/edits');
    expect(request.headers.authorization).toBe('Bearer test-key');
    const form = await readForm(request);
    expect(form.get('model')).toBe('gpt-image-1.5');
    expect(form.get('size')).toBe('1536x1024');
    expect(form.get('input_fidelity')).toBe('high');
    expect(form.get('stream')).toBe('true');
    const prompt = String(form.get('prompt'));
    expect(prompt).toMatch(/photorealistic/i);
    expect(prompt).toContain("Replace 'Summer' with 'Winter'");
    expect(prompt).not.toContain('ignored');
    const images = form.getAll('image[]') as File[];
    expect(images.map((file) => file.name)).toEqual(['template.png', 'product.png']);
    const sentTemplate = await sharp(Buffer.from(await images[0]!.arrayBuffer())).metadata();
    expect([sentTemplate.width, sentTemplate.height]).toEqual([1536, 1024]);
    const mask = form.get('mask') as File;
    const { data, info } = await sharp(Buffer.from(await mask.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([1536, 1024, 4]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(5, 5)).toBe(255); // the ad outside the product stays as it was
    expect(alphaAt(768, 600)).toBe(0); // the product box is open to the edit
    expect(previews).toHaveLength(1);
    expect(steps).toContain('request');
    const meta = await sharp(result.png).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1536, 1024, 'png']);
  });

  it('puts back every pixel outside the product and the replaced words, whatever the model drifts', async () => {
    server.requests.length = 0;
    // The model answered at another size and repainted the whole picture, copy included.
    server.handle(streamEvents([{ type: 'image_edit.completed', b64_json: answer }]));
    const result = await provider.swap({
      template,
      product,
      productBox: { x: 500, y: 350, width: 650, height: 1000 },
      size: '1024x1024',
    });
    const form = await readForm(server.requests[0]!);
    const images = form.getAll('image[]') as File[];
    await expectAdKept({
      result: result.png,
      sentTemplate: new Uint8Array(await images[0]!.arrayBuffer()),
      sentMask: new Uint8Array(await (form.get('mask') as File).arrayBuffer()),
      modelColor: [0x33, 0x66, 0xaa],
    });
  });

  it('opens the words to replace, found by reading the template, and notes the missing ones', async () => {
    const spec = TEXT_TEMPLATES[0]!;
    const textTemplate = await makeTextTemplate(read(spec.photo), spec.copy);
    server.handle(streamEvents([{ type: 'image_edit.completed', b64_json: answer }]));
    const openArea = async (replacements: { toReplace: string; replacement: string }[]) => {
      server.requests.length = 0;
      const result = await provider.swap({
        template: textTemplate,
        product,
        productBox: { x: 500, y: 500, width: 500, height: 700 },
        replacements,
        size: '1024x1024',
      });
      const form = await readForm(server.requests[0]!);
      const mask = new Uint8Array(await (form.get('mask') as File).arrayBuffer());
      await expectAdKept({
        result: result.png,
        sentTemplate: new Uint8Array(await (form.getAll('image[]')[0] as File).arrayBuffer()),
        sentMask: mask,
        modelColor: [0x33, 0x66, 0xaa],
      });
      const alpha = await sharp(mask).extractChannel(3).raw().toBuffer();
      return { open: alpha.filter((value) => value === 0).length, note: result.note };
    };
    const productOnly = await openArea([]);
    const withWords = await openArea([
      { toReplace: 'Summer Sale', replacement: 'Winter Deals' },
      { toReplace: 'Clearance', replacement: 'New' },
    ]);
    expect(productOnly.note).toBeUndefined();
    expect(withWords.open).toBeGreaterThan(productOnly.open);
    expect(withWords.note).toBe("Not found in the template: 'Clearance'.");
  });

  it('generates without references and edits with them in chat', async () => {
    server.requests.length = 0;
    server.handle((request, response) =>
      streamEvents([
        {
          type: request.url.includes('edits')
            ? 'image_edit.completed'
            : 'image_generation.completed',
          b64_json: answer,
        },
      ])(request, response),
    );
    await provider.chat({ prompt: 'a red bottle on sand', size: '1024x1536' });
    await provider.chat({
      prompt: 'this bottle on sand',
      references: [product],
      size: '1024x1024',
    });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/images/generations',
      '/v1/images/edits',
    ]);
    const body = JSON.parse(server.requests[0]!.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'gpt-image-1.5', size: '1024x1536', stream: true });
  });

  it('maps 429 to rate_limited', async () => {
    server.handle((_request, response) =>
      sendJson(response, 429, { error: { message: 'Too many requests', type: 'rate_limit' } }),
    );
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('maps a moderation refusal to moderation', async () => {
    server.handle((_request, response) =>
      sendJson(response, 400, {
        error: {
          message: 'Your request was rejected by the safety system.',
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
        },
      }),
    );
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'moderation',
    });
  });

  it('maps a slow answer to timeout', async () => {
    server.handle(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      sendJson(response, 200, {});
    });
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('maps a malformed answer to provider_error', async () => {
    server.handle(
      streamEvents([{ type: 'image_generation.completed', b64_json: 'bm90IGFuIGltYWdl' }]),
    );
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'provider_error',
    });
    server.handle(streamEvents([{ type: 'image_generation.in_progress' }]));
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'provider_error',
    });
  });

  it('is cancelled through its signal', async () => {
    server.handle(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      sendJson(response, 200, {});
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      provider.chat({ prompt: 'x', size: '1024x1024' }, { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'timeout' });
  });
});
