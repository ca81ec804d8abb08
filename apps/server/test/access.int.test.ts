import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { setPlan } from '../src/modules/dev-fixtures/dev-fixtures.service.js';
import { imageForm, makeImage } from './images.js';
import { signUpVerified, startTestServer, type TestServer } from './test-server.js';

/**
 * One person signed in tries every way to reach another person's private objects, by id and by
 * address. Every try must be refused, and nothing of the owner's may change.
 */
let t: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let intruder: Awaited<ReturnType<typeof signUpVerified>>;
let upload: { id: string; name: string; url: string };
let privateTemplate: { id: string; imageUrl: string };
let publicTemplate: { id: string; imageUrl: string };
let design: { number: number; url: string };

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpVerified(t);
  intruder = await signUpVerified(t);
  await setPlan(t.server.database.db, { userId: owner.userId, tier: 'pro_monthly' });
  const png = await makeImage();
  upload = (await (
    await owner.client.request('/api/uploads', {
      method: 'POST',
      body: imageForm(png, 'secret.png'),
    })
  ).json()) as typeof upload;
  privateTemplate = (await (
    await owner.client.request('/api/my-templates', {
      method: 'POST',
      body: imageForm(png, 't.png', { name: 'Private ad', isPublic: 'false' }),
    })
  ).json()) as typeof privateTemplate;
  publicTemplate = (await (
    await owner.client.request('/api/my-templates', {
      method: 'POST',
      body: imageForm(png, 't.png', { name: 'Public ad', isPublic: 'true' }),
    })
  ).json()) as typeof publicTemplate;
  await t.server.designs.recordDesign({ userId: owner.userId, bytes: png });
  const designs = (await (await owner.client.request('/api/designs')).json()) as {
    items: { number: number; url: string }[];
  };
  design = designs.items[0]!;
});
afterAll(() => t.stop());

describe('another user', () => {
  it('cannot read the owner’s private objects by address', async () => {
    for (const url of [upload.url, privateTemplate.imageUrl, design.url]) {
      expect((await intruder.client.request(`${url}?w=128`)).status, url).toBe(404);
      expect((await intruder.client.request(url)).status, url).toBe(404);
    }
    // The raw file route needs a signature for private buckets and for community images.
    for (const url of [upload.url, privateTemplate.imageUrl, design.url]) {
      const raw = url.replace('/api/images/', '/api/files/');
      expect((await intruder.client.request(raw)).status, raw).toBe(404);
    }
    // The owner can.
    for (const url of [upload.url, privateTemplate.imageUrl, design.url]) {
      expect((await owner.client.request(`${url}?w=128`)).status, url).toBe(200);
    }
  });

  it('cannot read a private community template by id, but can read a public one', async () => {
    const res = await intruder.client.request(`/api/community-templates/${privateTemplate.id}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe(
      BROWSE_MESSAGES.privateTemplateDenied,
    );
    expect(
      (await intruder.client.request(`/api/community-templates/${publicTemplate.id}`)).status,
    ).toBe(200);
    expect((await intruder.client.request(`${publicTemplate.imageUrl}?w=128`)).status).toBe(200);
    const listed = (await (await intruder.client.request('/api/community-templates')).json()) as {
      items: { id: string }[];
    };
    const ids = listed.items.map((item) => item.id);
    expect(ids).toContain(publicTemplate.id);
    expect(ids).not.toContain(privateTemplate.id);
  });

  it('cannot rename, delete or list the owner’s uploads and designs', async () => {
    const rename = await intruder.client.request(`/api/uploads/${upload.id}`, {
      method: 'PATCH',
      json: { name: 'mine' },
    });
    expect(rename.status).toBe(404);
    const remove = await intruder.client.request(`/api/uploads/${upload.id}`, { method: 'DELETE' });
    expect(remove.status).toBe(404);
    for (const path of ['/api/uploads', '/api/designs', '/api/my-templates']) {
      const items = ((await (await intruder.client.request(path)).json()) as { items: unknown[] })
        .items;
      expect(items, path).toEqual([]);
    }
    const ownUploads = (
      (await (await owner.client.request('/api/uploads')).json()) as {
        items: { name: string }[];
      }
    ).items;
    expect(ownUploads.map((item) => item.name)).toEqual(['secret.png']);
  });

  it('cannot change the visibility of the owner’s templates, even on a paid plan', async () => {
    await setPlan(t.server.database.db, { userId: intruder.userId, tier: 'enterprise_monthly' });
    for (const [id, isPublic] of [
      [privateTemplate.id, true],
      [publicTemplate.id, false],
    ] as const) {
      const res = await intruder.client.request(`/api/my-templates/${id}/visibility`, {
        method: 'PATCH',
        json: { isPublic },
      });
      expect(res.status).toBe(404);
    }
    const mine = (
      (await (await owner.client.request('/api/my-templates')).json()) as {
        items: { id: string; isPublic: boolean }[];
      }
    ).items;
    expect(Object.fromEntries(mine.map((item) => [item.id, item.isPublic]))).toEqual({
      [privateTemplate.id]: false,
      [publicTemplate.id]: true,
    });
  });

  it('cannot vote on a community template', async () => {
    const res = await intruder.client.request(`/api/templates/${publicTemplate.id}/vote`, {
      method: 'PUT',
      json: { vote: 'like' },
    });
    expect(res.status).toBe(400);
  });

  it('and an anonymous visitor reads nothing private', async () => {
    for (const url of [upload.url, privateTemplate.imageUrl, publicTemplate.imageUrl, design.url]) {
      expect((await fetch(new URL(url, t.baseUrl))).status, url).toBe(404);
    }
    for (const path of [
      '/api/uploads',
      '/api/designs',
      '/api/my-templates',
      '/api/community-templates',
    ]) {
      expect((await fetch(new URL(path, t.baseUrl))).status, path).toBe(401);
    }
  });
});
