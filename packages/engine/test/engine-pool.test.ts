import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFixturesDir } from '../src/config.js';
import { closeEngine, createEnginePool, EngineError, type EnginePool } from '../src/index.js';
import { expectAdKept } from './support/expect-ad-kept.js';
import { readForm, startFakeAiServer } from './support/fake-ai-server.js';

const fixtures = resolveFixturesDir();
const read = (relative: string) => new Uint8Array(readFileSync(path.join(fixtures, relative)));
const templatePath = 'templates/home/charles-deluvio-695736-unsplash.jpg';
const productPath = 'products/saleor-mighty-mug.png';

let pool: EnginePool;

beforeAll(() => {
  pool = createEnginePool({ threads: 1 });
});
afterAll(() => closeEngine());

describe('engine pool', () => {
  it('loads the models when a worker starts, before any request', async () => {
    const steps = await pool.warmedUp();
    expect(steps.map((step) => step.name)).toEqual(expect.arrayContaining(['opencv']));
    expect(steps.filter((step) => step.error)).toEqual([]);
  });

  it('swaps in a worker thread, reporting its steps back to this one', async () => {
    const steps: string[] = [];
    const stepThreads = new Set<number>();
    const result = await pool.swap(
      { template: read(templatePath), product: read(productPath), size: '1024x1536' },
      {
        onStep: (step) => {
          stepThreads.add(threadId);
          if (step.ms === undefined) steps.push(step.name);
        },
      },
    );
    const meta = await sharp(result.png).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1024, 1536, 'png']);
    expect(steps).toEqual(expect.arrayContaining(['cut-out', 'remove-product', 'place-product']));
    expect([...stepThreads]).toEqual([threadId]);
    expect(pool.threadIds().every((id) => id !== threadId)).toBe(true);
  });

  it('moves the images to the worker instead of copying them', async () => {
    const product = read(productPath);
    const cutOut = await pool.cutOut(product);
    expect(product.byteLength).toBe(0);
    expect(cutOut.method).toBe('alpha');
    const meta = await sharp(cutOut.png).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);
  });

  it('closes cleanly at any point of a worker start', async () => {
    // Ending a thread while sharp or onnxruntime still works for it aborts the whole process,
    // this test's included: the pool waits for each worker's loads before ending it.
    for (const delayMs of [0, 150, 600]) {
      const starting = createEnginePool({ threads: 1 });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await starting.close();
      await expect(starting.cutOut(read(productPath))).rejects.toThrow('shut down');
    }
  }, 60_000);

  it('re-creates engine errors on this side with their code', async () => {
    const failure = pool.cutOut(new TextEncoder().encode('not an image'));
    await expect(failure).rejects.toBeInstanceOf(EngineError);
    await expect(failure).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('stops waiting when cancelled, and the worker takes the next task', async () => {
    const controller = new AbortController();
    const swap = pool.swap(
      { template: read(templatePath), product: read(productPath), size: '1024x1024' },
      {
        signal: controller.signal,
        onStep: (step) => step.name === 'cut-out' && controller.abort(),
      },
    );
    await expect(swap).rejects.toMatchObject({ code: 'timeout' });
    const analysis = await pool.analyze(read(templatePath), { readText: false });
    expect(analysis.productBox).not.toBeNull();
  });

  it('drops a task cancelled while it waited for the worker', async () => {
    const first = pool.swap({
      template: read(templatePath),
      product: read(productPath),
      size: '1024x1024',
    });
    const controller = new AbortController();
    const queuedSteps: string[] = [];
    const queued = pool.swap(
      { template: read(templatePath), product: read(productPath), size: '1024x1024' },
      { signal: controller.signal, onStep: (step) => queuedSteps.push(step.name) },
    );
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: 'timeout' });
    await first;
    // The worker has taken the cancelled task by now (tasks run in order); it stopped at once.
    await pool.analyze(read(templatePath), { readText: false, findProduct: false });
    expect(queuedSteps).not.toContain('place-product');
  });

  it('with an AI provider, sends the request from here and keeps the ad in a worker', async () => {
    const server = await startFakeAiServer();
    const ai = createEnginePool({
      provider: {
        provider: 'openai',
        openai: { apiKey: 'k', baseURL: `${server.url}/v1`, timeoutMs: 5000, maxRetries: 0 },
      },
    });
    try {
      const answer = await sharp({
        create: { width: 300, height: 200, channels: 3, background: '#10e020' },
      })
        .png()
        .toBuffer();
      server.handle((_request, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const event = { type: 'image_edit.completed', b64_json: answer.toString('base64') };
        response.end(`data: ${JSON.stringify(event)}\n\n`);
      });
      const result = await ai.swap({
        template: read(templatePath),
        product: read(productPath),
        productBox: { x: 500, y: 350, width: 650, height: 1000 },
        size: '1024x1024',
      });
      expect(ai.name).toBe('openai');
      const form = await readForm(server.requests[0]!);
      await expectAdKept({
        result: result.png,
        sentTemplate: new Uint8Array(await (form.getAll('image[]')[0] as File).arrayBuffer()),
        sentMask: new Uint8Array(await (form.get('mask') as File).arrayBuffer()),
        modelColor: [0x10, 0xe0, 0x20],
      });
    } finally {
      await ai.close();
      await server.close();
    }
  });

  it('refuses work once closed', async () => {
    const closing = createEnginePool();
    await closing.close();
    await expect(closing.cutOut(read(productPath))).rejects.toMatchObject({
      code: 'provider_error',
    });
  });
});
