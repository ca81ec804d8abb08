import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_KEY_MESSAGES, API_KEY_REQUESTS_PER_MINUTE, UPGRADE_FEATURES } from '@adtwin/shared';
import { generations, users } from '../../db/schema.js';
import { createScriptedProvider } from '../../../test/scripted-provider.js';
import {
  makeProductImage,
  seedOfficialTemplate,
  seedUpload,
} from '../../../test/generation-fixtures.js';
import {
  signUpVerified,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';

const scripted = createScriptedProvider();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '3' },
    { imageProvider: scripted.provider },
  );
});
afterAll(() => t.stop());

type Generation = { id: string; status: string; result: { url: string } | null };

async function createKey(client: Client, name = 'Script'): Promise<{ id: string; key: string }> {
  const res = await client.request('/api/api-keys', { method: 'POST', json: { name } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; key: string };
}

/** A script's request: the key as a bearer token, no cookie, no Origin. */
function withKey(key: string) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(new URL(path, t.baseUrl), { ...init, headers, body });
  };
}

async function creditsUsed(userId: string) {
  const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
  return row!.creditsUsed;
}

async function waitUntilFinished(api: ReturnType<typeof withKey>, id: string) {
  const events = await api(`/api/v1/generations/${id}/events`);
  expect(events.status).toBe(200);
  expect(events.headers.get('content-type')).toContain('text/event-stream');
  const states = (await events.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Generation);
  return states.at(-1)!;
}

describe('the public API with a key', () => {
  it('a key uploads, starts a swap, follows it, fetches the result, lists it; revoked, it is refused', async () => {
    const { client, userId } = await signUpVerified(t);
    const { id: keyId, key } = await createKey(client);
    const api = withKey(key);
    const template = await seedOfficialTemplate(t);

    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await makeProductImage())]), 'bottle.png');
    const uploaded = await api('/api/v1/uploads', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { id: string };

    const listed = await api('/api/v1/templates?source=official&limit=50');
    expect(listed.status).toBe(200);
    const { items: templates } = (await listed.json()) as { items: { templateId: number }[] };
    expect(templates.map((x) => x.templateId)).toContain(template.id);

    const started = await api('/api/v1/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    expect(started.status).toBe(202);
    const generation = (await started.json()) as Generation;
    expect(started.headers.get('location')).toBe(`/api/v1/generations/${generation.id}`);
    expect((await waitUntilFinished(api, generation.id)).status).toBe('done');
    const read = (await (await api(`/api/v1/generations/${generation.id}`)).json()) as Generation;
    expect(read.status).toBe('done');
    const result = await api(`/api/v1/generations/${generation.id}/result?format=png`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/png');
    expect((await result.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const mine = (await (await api('/api/v1/generations')).json()) as { items: Generation[] };
    expect(mine.items.map((g) => g.id)).toEqual([generation.id]);
    expect(await creditsUsed(userId)).toBe(1);
    const [row] = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, generation.id));
    expect(row!.apiKeyId).toBe(keyId);

    // The key shows its last use in Settings.
    const keys = (await (await client.request('/api/api-keys')).json()) as {
      items: { id: string; lastUsedAt: string | null }[];
    };
    expect(keys.items.find((k) => k.id === keyId)!.lastUsedAt).not.toBeNull();

    expect((await client.request(`/api/api-keys/${keyId}`, { method: 'DELETE' })).status).toBe(200);
    const refused = await api(`/api/v1/generations/${generation.id}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: { code: 'invalid_api_key', message: API_KEY_MESSAGES.invalid },
    });
  });

  it('without a key, or with the session cookie alone, /api/v1 answers 401', async () => {
    const { client } = await signUpVerified(t);
    const bare = await fetch(`${t.baseUrl}/api/v1/generations`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      error: { code: 'unauthenticated', message: API_KEY_MESSAGES.missing },
    });
    expect((await client.request('/api/v1/generations')).status).toBe(401);
    expect((await withKey('adt_not-a-real-key')('/api/v1/generations')).status).toBe(401);
  });

  it("another person's generation, upload and batch are 404 through a key", async () => {
    const owner = await signUpVerified(t);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId: owner.userId });
    const ownerApi = withKey((await createKey(owner.client)).key);
    const started = await ownerApi('/api/v1/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    const generation = (await started.json()) as Generation;
    const batch = (await (
      await ownerApi('/api/v1/batches', {
        method: 'POST',
        json: { productUploadId: upload.id, templateIds: [template.id] },
      })
    ).json()) as { id: string };

    const stranger = await signUpVerified(t);
    const api = withKey((await createKey(stranger.client)).key);
    for (const path of [
      `/api/v1/generations/${generation.id}`,
      `/api/v1/generations/${generation.id}/events`,
      `/api/v1/generations/${generation.id}/result`,
      `/api/v1/batches/${batch.id}`,
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    const swap = await api('/api/v1/generations/swap', {
      method: 'POST',
      json: { templateId: template.id, productUploadId: upload.id },
    });
    expect(swap.status).toBe(404);
    expect(
      ((await api('/api/v1/generations').then((r) => r.json())) as { items: [] }).items,
    ).toEqual([]);
  });

  it('an idempotent retry answers the first answer and charges once; another body with that key is refused', async () => {
    const { client, userId } = await signUpVerified(t);
    const api = withKey((await createKey(client)).key);
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const body = { templateId: template.id, productUploadId: upload.id, size: '1024x1536' };
    const send = (json: unknown, key = 'retry-7f3c') =>
      api('/api/v1/generations/swap', {
        method: 'POST',
        json,
        headers: { 'Idempotency-Key': key },
      });
    const first = await send(body);
    expect(first.status).toBe(202);
    const firstBody = (await first.json()) as Generation;
    const retry = await send(body);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('location')).toBe(`/api/v1/generations/${firstBody.id}`);
    expect(((await retry.json()) as Generation).id).toBe(firstBody.id);
    expect(await creditsUsed(userId)).toBe(1);
    const rows = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, userId));
    expect(rows).toHaveLength(1);

    const other = await send({ ...body, size: '1024x1024' });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe(
      'idempotency_key_reused',
    );
    const fresh = await send(body, 'retry-8a1d');
    expect(fresh.status).toBe(202);
    expect(await creditsUsed(userId)).toBe(2);
  });

  it('with 3 credits, a batch of 5 through a key starts exactly 3 and names the 2 that did not', async () => {
    const { client, userId } = await signUpVerified(t);
    const api = withKey((await createKey(client)).key);
    const templates = await Promise.all([1, 2, 3, 4, 5].map(() => seedOfficialTemplate(t)));
    const upload = await seedUpload(t, { userId });
    const res = await api('/api/v1/batches', {
      method: 'POST',
      json: { productUploadId: upload.id, templateIds: templates.map((x) => x.id) },
    });
    expect(res.status).toBe(201);
    const batch = (await res.json()) as {
      id: string;
      items: { templateId: number; generationId: string | null; error: unknown }[];
    };
    expect(batch.items.filter((item) => item.generationId !== null)).toHaveLength(3);
    expect(batch.items.filter((item) => item.generationId === null)).toEqual(
      templates.slice(3).map((x) => ({
        templateId: x.id,
        generationId: null,
        error: {
          code: `upgrade_required:${UPGRADE_FEATURES.generation}`,
          message: 'You have no credits left.',
        },
      })),
    );
    expect(await creditsUsed(userId)).toBe(3);
    const again = (await (await api(`/api/v1/batches/${batch.id}`)).json()) as typeof batch;
    expect(again.items).toEqual(batch.items);
  });

  it('answers errors in one shape with the spec’s message', async () => {
    const { client } = await signUpVerified(t);
    const api = withKey((await createKey(client)).key);
    const bad = await api('/api/v1/generations/chat', { method: 'POST', json: { prompt: 'x' } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_request');
    // The body schema's own rule, in its words (not a generic "Prompt is not valid.").
    expect(body.error.message).toBe(
      'A prompt needs at least 10 characters when no image is attached.',
    );
    const missing = await api('/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});

describe('per-key rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({}, { imageProvider: scripted.provider });
  });
  afterAll(() => limited.stop());

  it(`answers 429 with Retry-After after ${API_KEY_REQUESTS_PER_MINUTE} requests in a minute, per key`, async () => {
    const { client } = await signUpVerified(limited);
    const keyOf = async () => {
      const res = await client.request('/api/api-keys', { method: 'POST', json: { name: 'k' } });
      return ((await res.json()) as { key: string }).key;
    };
    const [first, second] = [await keyOf(), await keyOf()];
    const get = (key: string) =>
      fetch(`${limited.baseUrl}/api/v1/generations?limit=1`, {
        headers: { authorization: `Bearer ${key}` },
      });
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      const res = await get(first);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await get(first);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await get(second)).status).toBe(200);
  });
});

describe('the reference', () => {
  it('documents every /api/v1 route with the bearer scheme, and /api/docs renders it with Scalar under the CSP', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v1 = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/v1/'));
    expect(v1.map(([path]) => path).sort()).toEqual([
      '/api/v1/batches',
      '/api/v1/batches/{id}',
      '/api/v1/generations',
      '/api/v1/generations/chat',
      '/api/v1/generations/swap',
      '/api/v1/generations/{id}',
      '/api/v1/generations/{id}/events',
      '/api/v1/generations/{id}/result',
      '/api/v1/templates',
      '/api/v1/uploads',
    ]);
    for (const [, methods] of v1)
      for (const operation of Object.values(methods))
        expect(operation.security).toEqual([{ apiKey: [] }]);

    const page = await fetch(`${t.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
      page.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain('<script src="/api/docs/scalar.js"');
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain('/api/openapi.json');
    const bundle = await fetch(`${t.baseUrl}/api/docs/scalar.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
