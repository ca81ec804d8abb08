import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_KEY_MESSAGES, MAX_API_KEYS_PER_USER } from '@adtwin/shared';
import { apiKeys } from '../../db/schema.js';
import { createScriptedProvider } from '../../../test/scripted-provider.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';

const scripted = createScriptedProvider();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true' }, { imageProvider: scripted.provider });
});
afterAll(() => t.stop());

type KeyView = {
  id: string;
  name: string;
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  webhookUrl: string | null;
};

describe('API keys in Settings (session routes)', () => {
  it('creates a key whose secret is shown once and stored only as a hash, lists it, revokes it', async () => {
    const { client, userId } = await signUpVerified(t);
    const created = await client.request('/api/api-keys', {
      method: 'POST',
      json: { name: '  Shop sync  ' },
    });
    expect(created.status).toBe(201);
    const key = (await created.json()) as KeyView & { key: string };
    expect(key.key).toMatch(/^adt_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Shop sync',
      start: key.key.slice(0, 12),
      lastUsedAt: null,
      webhookUrl: null,
    });
    const [row] = await t.server.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId));
    expect(JSON.stringify(row)).not.toContain(key.key);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);

    const second = (await (
      await client.request('/api/api-keys', { method: 'POST', json: { name: 'Agency' } })
    ).json()) as KeyView;
    const listed = (await (await client.request('/api/api-keys')).json()) as { items: KeyView[] };
    expect(listed.items.map((k) => k.id)).toEqual([second.id, key.id]);
    expect(JSON.stringify(listed)).not.toContain(key.key);

    expect((await client.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    const after = (await (await client.request('/api/api-keys')).json()) as { items: KeyView[] };
    expect(after.items.map((k) => k.id)).toEqual([second.id]);
    expect((await client.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it("refuses an empty name, an eleventh key, and another person's key", async () => {
    const { client } = await signUpVerified(t);
    const other = await signUpVerified(t);
    expect(
      (await client.request('/api/api-keys', { method: 'POST', json: { name: '   ' } })).status,
    ).toBe(400);
    const ids: string[] = [];
    for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) {
      const res = await client.request('/api/api-keys', {
        method: 'POST',
        json: { name: `Key ${i}` },
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as KeyView).id);
    }
    const eleventh = await client.request('/api/api-keys', {
      method: 'POST',
      json: { name: 'One more' },
    });
    expect(eleventh.status).toBe(400);
    expect(await eleventh.json()).toMatchObject({ error: API_KEY_MESSAGES.tooMany });

    const theirs = ids[0]!;
    for (const [method, path] of [
      ['DELETE', `/api/api-keys/${theirs}`],
      ['DELETE', `/api/api-keys/${theirs}/webhook`],
      ['GET', `/api/api-keys/${theirs}/deliveries`],
    ] as const) {
      expect((await other.client.request(path, { method })).status).toBe(404);
    }
    const put = await other.client.request(`/api/api-keys/${theirs}/webhook`, {
      method: 'PUT',
      json: { url: 'https://example.com/hook' },
    });
    expect(put.status).toBe(404);
    expect((await client.request('/api/api-keys')).status).toBe(200);
  });

  it('sets a webhook with a new secret each time, lists no deliveries yet, and removes it', async () => {
    const { client } = await signUpVerified(t);
    const key = (await (
      await client.request('/api/api-keys', { method: 'POST', json: { name: 'Hooks' } })
    ).json()) as KeyView;
    const bad = await client.request(`/api/api-keys/${key.id}/webhook`, {
      method: 'PUT',
      json: { url: 'ftp://example.com/x' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: API_KEY_MESSAGES.webhookUrlInvalid });

    const set = async () => {
      const res = await client.request(`/api/api-keys/${key.id}/webhook`, {
        method: 'PUT',
        json: { url: 'http://127.0.0.1:9/hook' },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { webhookUrl: string; secret: string };
    };
    const first = await set();
    const second = await set();
    expect(first.webhookUrl).toBe('http://127.0.0.1:9/hook');
    expect(first.secret).toMatch(/^whsec_/);
    expect(second.secret).not.toBe(first.secret);
    const listed = (await (await client.request('/api/api-keys')).json()) as { items: KeyView[] };
    expect(listed.items[0]!.webhookUrl).toBe('http://127.0.0.1:9/hook');
    expect(JSON.stringify(listed)).not.toContain(second.secret);

    const deliveries = await client.request(`/api/api-keys/${key.id}/deliveries`);
    expect(await deliveries.json()).toEqual({ items: [] });
    expect(
      (await client.request(`/api/api-keys/${key.id}/webhook`, { method: 'DELETE' })).status,
    ).toBe(200);
    const cleared = (await (await client.request('/api/api-keys')).json()) as { items: KeyView[] };
    expect(cleared.items[0]!.webhookUrl).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${t.baseUrl}/api/api-keys`);
    expect(res.status).toBe(401);
  });
});
