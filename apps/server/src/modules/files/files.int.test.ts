import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let t: TestServer;
// A 1x1 PNG: the content type must come from these bytes, never from a name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await startTestServer();
  await t.server.storage.put({
    bucket: 'user-creations',
    key: 'owner-1/design_1.png',
    body: PNG,
    contentType: 'image/png',
  });
  await t.server.storage.put({
    bucket: 'category-images',
    key: 'official/a.png',
    body: PNG,
    contentType: 'image/png',
  });
});
afterAll(() => t.stop());

const get = (url: string) => fetch(new URL(url, t.baseUrl));

describe('signed file URLs', () => {
  it('serve a private file with the type found in its bytes', async () => {
    const url = await t.server.storage.createUrl('user-creations', 'owner-1/design_1.png', 600);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('read nothing when unsigned, altered, pointed at another key or bucket, or expired', async () => {
    const url = new URL(
      await t.server.storage.createUrl('user-creations', 'owner-1/design_1.png', 600),
      t.baseUrl,
    );
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    // The first character: it carries six whole bits of the signature (the last one only four,
    // and a fixed replacement can equal the original).
    const alteredSig = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    const attempts = [
      '/api/files/user-creations/owner-1/design_1.png',
      `/api/files/user-creations/owner-1/design_1.png?expires=${expires}`,
      `/api/files/user-creations/owner-1/design_1.png?expires=${expires}&sig=${alteredSig}`,
      `/api/files/user-creations/owner-1/design_1.png?expires=${Number(expires) + 3600}&sig=${sig}`,
      `/api/files/user-creations/owner-2/design_1.png?expires=${expires}&sig=${sig}`,
      `/api/files/temp-images/owner-1/design_1.png?expires=${expires}&sig=${sig}`,
      `/api/files/user-creations/owner-1/..%2F..%2Fsecret?expires=${expires}&sig=${sig}`,
      `/api/files/not-a-bucket/owner-1/design_1.png?expires=${expires}&sig=${sig}`,
    ];
    for (const attempt of attempts) {
      const res = await get(attempt);
      expect(res.status, attempt).toBe(404);
    }
    const expired = await t.server.storage.createUrl('user-creations', 'owner-1/design_1.png', -1);
    expect((await get(expired)).status).toBe(404);
  });

  it('serve the public bucket without a signature', async () => {
    const url = await t.server.storage.createUrl('category-images', 'official/a.png', 600);
    expect(url).not.toContain('sig=');
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
  });
});

describe('health', () => {
  it('reports the database and the file store', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      ok: boolean;
      database: { ok: boolean; kind: string };
      storage: { ok: boolean };
    };
    expect(body.ok).toBe(true);
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.ok).toBe(true);
    expect(body.storage.ok).toBe(true);
  });

  it('serves the OpenAPI document and answers unknown API paths with JSON 404', async () => {
    const doc = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/me/avatar',
        '/api/billing/checkout-session',
        '/api/billing/webhook',
      ]),
    );
    const missing = await get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found' });
  });
});
