import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFixturesDir } from '../src/config.js';
import { closeEngine, createProvider, type ImageProvider } from '../src/index.js';
import { expectAdKept } from './support/expect-ad-kept.js';
import { sendJson, startFakeAiServer } from './support/fake-ai-server.js';

const fixtures = resolveFixturesDir();
const read = (relative: string) => new Uint8Array(readFileSync(path.join(fixtures, relative)));
const template = read('templates/home/charles-deluvio-695736-unsplash.jpg');
const product = read('products/saleor-mighty-mug.png');

let server: Awaited<ReturnType<typeof startFakeAiServer>>;
let provider: ImageProvider;
let answer: string;

type GeminiBody = {
  contents: {
    role: string;
    parts: { text?: string; inlineData?: { mimeType: string; data: string } }[];
  }[];
  generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
};

beforeAll(async () => {
  server = await startFakeAiServer();
  provider = createProvider({
    provider: 'gemini',
    gemini: { apiKey: 'gem-key', baseURL: server.url, model: 'gemini-test-image', timeoutMs: 1500 },
  });
  answer = (
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer()
  ).toString('base64');
});
// Reading a template's words starts the OCR's thread.
afterAll(() => Promise.all([server.close(), closeEngine()]));

const imageReply = (data: string) => ({
  candidates: [
    {
      content: {
        role: 'model',
        parts: [{ text: 'Here it is.' }, { inlineData: { mimeType: 'image/png', data } }],
      },
      finishReason: 'STOP',
    },
  ],
});

describe('gemini provider', () => {
  it('sends the prompt with template, product and mask inline to the configured model', async () => {
    server.requests.length = 0;
    server.handle((_request, response) => sendJson(response, 200, imageReply(answer)));
    const steps: string[] = [];
    const result = await provider.swap(
      {
        template,
        product,
        replacements: [{ toReplace: 'Sale', replacement: 'Deal' }],
        size: '1536x1024',
      },
      { onStep: (s) => steps.push(s.name) },
    );
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.url).toMatch(/\/models\/gemini-test-image:generateContent$/);
    expect(request.headers['x-goog-api-key']).toBe('gem-key');
    const body = JSON.parse(request.body.toString()) as GeminiBody;
    const parts = body.contents[0]!.parts;
    expect(parts[0]!.text).toContain("Replace 'Sale' with 'Deal'");
    expect(parts.filter((part) => part.inlineData?.mimeType === 'image/png')).toHaveLength(3);
    expect(body.generationConfig?.responseModalities).toContain('IMAGE');
    expect(body.generationConfig?.imageConfig?.aspectRatio).toBe('3:2');
    expect(steps).toContain('request');
    const meta = await sharp(result.png).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 1024]);
  });

  it('puts back every pixel outside the product and the replaced words, whatever the model drifts', async () => {
    server.requests.length = 0;
    // 600x400 in one colour: another size, and nothing of the ad left.
    server.handle((_request, response) => sendJson(response, 200, imageReply(answer)));
    const result = await provider.swap({
      template,
      product,
      productBox: { x: 500, y: 350, width: 650, height: 1000 },
      size: '1024x1536',
    });
    const body = JSON.parse(server.requests[0]!.body.toString()) as GeminiBody;
    const images = body.contents[0]!.parts.flatMap((part) =>
      part.inlineData ? [new Uint8Array(Buffer.from(part.inlineData.data, 'base64'))] : [],
    );
    await expectAdKept({
      result: result.png,
      sentTemplate: images[0]!,
      sentMask: images[2]!,
      modelColor: [0xaa, 0x33, 0x66],
    });
  });

  it('sends chat references inline', async () => {
    server.requests.length = 0;
    server.handle((_request, response) => sendJson(response, 200, imageReply(answer)));
    await provider.chat({
      prompt: 'on a beach',
      references: [product, product],
      size: '1024x1024',
    });
    const body = JSON.parse(server.requests[0]!.body.toString()) as GeminiBody;
    expect(body.contents[0]!.parts.map((part) => (part.text ? 'text' : 'image'))).toEqual([
      'text',
      'image',
      'image',
    ]);
  });

  it('maps 429 to rate_limited', async () => {
    server.handle((_request, response) =>
      sendJson(response, 429, {
        error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' },
      }),
    );
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('maps blocked prompts and unsafe images to moderation', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } }),
    );
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'moderation',
    });
    server.handle((_request, response) =>
      sendJson(response, 200, {
        candidates: [{ finishReason: 'IMAGE_SAFETY', content: { parts: [] } }],
      }),
    );
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'moderation',
    });
  });

  it('maps a slow answer to timeout', async () => {
    server.handle(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      sendJson(response, 200, imageReply(answer));
    });
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('maps malformed answers to provider_error', async () => {
    server.handle((_request, response) => sendJson(response, 200, { candidates: [] }));
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'provider_error',
    });
    server.handle((_request, response) => sendJson(response, 200, imageReply('bm90IGFuIGltYWdl')));
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'provider_error',
    });
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"candidates": [');
    });
    await expect(provider.chat({ prompt: 'x', size: '1024x1024' })).rejects.toMatchObject({
      code: 'provider_error',
    });
  });
});
