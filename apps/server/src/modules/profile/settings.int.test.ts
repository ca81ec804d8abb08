import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { AVATAR_TOO_LARGE, SETTINGS_MESSAGES } from '@adtwin/shared';
import { authUsers, storedObjects, users } from '../../db/schema.js';
import {
  signUpVerified,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true' });
});
afterAll(() => t.stop());

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();

async function uploadAvatar(
  client: Client,
  bytes: Uint8Array,
  name = 'me.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return client.request('/api/me/avatar', { method: 'PUT', body: form });
}

describe('Full Name', () => {
  it('saves a valid name, trimmed', async () => {
    const { client, userId } = await signUpVerified(t);
    const res = await client.request('/api/me/name', {
      method: 'PUT',
      json: { fullName: '  Ada   Lovelace ' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ fullName: 'Ada Lovelace' });
    const [row] = await t.server.database.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    expect(row?.name).toBe('Ada Lovelace');
  });

  it('refuses an empty name and a name with digits with the spec texts', async () => {
    const { client } = await signUpVerified(t, { name: 'Grace' });
    const empty = await client.request('/api/me/name', {
      method: 'PUT',
      json: { fullName: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: SETTINGS_MESSAGES.nameEmpty });
    const digits = await client.request('/api/me/name', {
      method: 'PUT',
      json: { fullName: 'R2 D2' },
    });
    expect(digits.status).toBe(400);
    expect(await digits.json()).toMatchObject({ error: SETTINGS_MESSAGES.nameHasNumbers });
    const me = await (await client.request('/api/me')).json();
    expect(me).toMatchObject({ fullName: 'Grace' });
  });
});

describe('User Type', () => {
  it('changes the type and refuses unknown ones', async () => {
    const { client, userId } = await signUpVerified(t);
    const ok = await client.request('/api/me/user-type', {
      method: 'PUT',
      json: { userType: 'designer' },
    });
    expect(ok.status).toBe(200);
    const bad = await client.request('/api/me/user-type', {
      method: 'PUT',
      json: { userType: 'pilot' },
    });
    expect(bad.status).toBe(400);
    const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
    expect(row?.userType).toBe('designer');
  });
});

describe('Avatar', () => {
  it('stores avatar-{timestamp}.{ext} under the user id, removes the old one, and signs its URL', async () => {
    const { client, userId } = await signUpVerified(t);
    const first = await uploadAvatar(client, await png());
    expect(first.status).toBe(200);
    const firstKeys = await t.server.storage.list('avatars', `${userId}/`);
    expect(firstKeys).toHaveLength(1);
    expect(firstKeys[0]).toMatch(new RegExp(`^${userId}/avatar-\\d+\\.png$`));

    await new Promise((resolve) => setTimeout(resolve, 5));
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    // The name and declared type lie; the bytes decide.
    const second = await uploadAvatar(client, webp, 'photo.png', 'image/png');
    const account = (await second.json()) as { avatarUrl: string };
    const keys = await t.server.storage.list('avatars', `${userId}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/avatar-\d+\.webp$/);
    expect(keys[0]).not.toBe(firstKeys[0]);
    const [row] = await t.server.database.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    expect(row?.image).toBe(keys[0]);
    const objects = await t.server.database.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.ownerId, userId));
    expect(objects.map((o) => o.key)).toEqual([keys[0]]);
    const image = await client.request(account.avatarUrl);
    expect(image.status).toBe(200);
  });

  it('refuses what is not png, jpeg or webp, and files over the limit', async () => {
    const { client, userId } = await signUpVerified(t);
    const gif = await sharp(await png())
      .gif()
      .toBuffer();
    const refused = await uploadAvatar(client, gif, 'a.png');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: SETTINGS_MESSAGES.uploadTypes });
    const text = await uploadAvatar(client, new TextEncoder().encode('hello'), 'a.png');
    expect(text.status).toBe(400);
    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set(await png());
    const tooLarge = await uploadAvatar(client, huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: AVATAR_TOO_LARGE });
    expect(await t.server.storage.list('avatars', `${userId}/`)).toEqual([]);
  });
});
