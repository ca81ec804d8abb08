import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { eq } from 'drizzle-orm';
import { storedObjects, users } from '../../db/schema.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';
import { imageForm, makeImage } from '../../../test/images.js';

let t: TestServer;
let user: Awaited<ReturnType<typeof signUpVerified>>;
type Item = { id: string; name: string; url: string; monthYear: string };

async function upload(bytes: Buffer, name: string) {
  const res = await user.client.request('/api/uploads', {
    method: 'POST',
    body: imageForm(bytes, name),
  });
  return { status: res.status, body: (await res.json()) as Item & { error?: string } };
}
async function rename(id: string, name: string) {
  const res = await user.client.request(`/api/uploads/${id}`, { method: 'PATCH', json: { name } });
  return { status: res.status, body: (await res.json()) as Item & { error?: string } };
}

beforeAll(async () => {
  t = await startTestServer();
  user = await signUpVerified(t);
});
afterAll(() => t.stop());

describe('uploads', () => {
  it('accept png, jpeg and webp by their bytes, whatever the name says', async () => {
    const jpeg = await upload(await makeImage({ format: 'jpeg' }), 'holiday.png');
    expect(jpeg.status).toBe(201);
    // The name keeps what the person called it, with the extension of the real type.
    expect(jpeg.body.name).toBe('holiday.jpg');
    expect((await upload(await makeImage({ format: 'webp' }), 'w.webp')).status).toBe(201);
  });

  it('refuse other types with the spec text, and oversized files', async () => {
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png');
    expect(svg.status).toBe(415);
    expect(svg.body.error).toBe(BROWSE_MESSAGES.uploadTypes);
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'x.gif');
    expect(gif.status).toBe(415);
    const big = await upload(Buffer.alloc(11 * 1024 * 1024, 1), 'big.png');
    expect(big.status).toBe(413);
  });

  it('refuse images with too many pixels', async () => {
    const huge = await makeImage({ width: 8000, height: 6000 });
    expect((await upload(huge, 'huge.png')).status).toBe(413);
  });

  it('rename keeping the extension, refuse empty and taken names', async () => {
    const a = (await upload(await makeImage({ colour: '#aa0000' }), 'a.png')).body;
    const b = (await upload(await makeImage({ colour: '#00aa00' }), 'b.png')).body;
    expect((await rename(a.id, '  Summer shoot  ')).body.name).toBe('Summer shoot.png');
    expect((await rename(a.id, 'Summer shoot.png')).body.name).toBe('Summer shoot.png');
    // Exactly one extension, the original: a typed image extension is not stacked on it.
    expect((await rename(a.id, 'photo.jpg')).body.name).toBe('photo.png');
    expect((await rename(a.id, 'photo.png.png')).body.name).toBe('photo.png');
    const empty = await rename(a.id, '   ');
    expect(empty.status).toBe(400);
    const taken = await rename(b.id, 'photo');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(BROWSE_MESSAGES.duplicateName);
    // A second upload with a taken name is stored under a numbered one.
    expect((await upload(await makeImage({ colour: '#0000aa' }), 'b.png')).body.name).toBe(
      'b (2).png',
    );
  });

  it('keep one copy of the same file uploaded twice, whatever it is called', async () => {
    const bytes = await makeImage({ colour: '#123456' });
    const first = await upload(bytes, 'shoe.png');
    expect(first.status).toBe(201);
    const again = await upload(bytes, 'shoe again.png');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.name).toBe('shoe.png');
    const rows = await t.server.database.db.select().from(storedObjects);
    expect(
      rows.filter(
        (row) => row.contentHash === rows.find((r) => r.id === first.body.id)!.contentHash,
      ),
    ).toHaveLength(1);
    // Another person's identical file is theirs: no sharing across accounts.
    const other = await signUpVerified(t);
    const theirs = await other.client.request('/api/uploads', {
      method: 'POST',
      body: imageForm(bytes, 'shoe.png'),
    });
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as Item).id).not.toBe(first.body.id);
    await t.server.uploads.deleteUpload({ ownerId: user.userId, id: first.body.id });
  });

  it('list only image file names', async () => {
    const other = await signUpVerified(t);
    await t.server.database.db.insert(storedObjects).values({
      bucket: 'temp-images',
      key: `${other.userId}/notes.txt`,
      ownerId: other.userId,
      name: 'notes.txt',
      contentType: 'text/plain',
      size: 5,
    });
    const png = await other.client.request('/api/uploads', {
      method: 'POST',
      body: imageForm(await makeImage(), 'shown.png'),
    });
    expect(png.status).toBe(201);
    const res = await other.client.request('/api/uploads');
    const names = ((await res.json()) as { items: Item[] }).items.map((item) => item.name);
    expect(names).toEqual(['shown.png']);
  });

  it('list newest first and delete', async () => {
    const res = await user.client.request('/api/uploads?limit=2');
    const items = ((await res.json()) as { items: Item[] }).items;
    expect(items).toHaveLength(2);
    expect(items[0]!.name).toBe('b (2).png');
    expect(items[0]!.monthYear).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    const del = await user.client.request(`/api/uploads/${items[0]!.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await user.client.request(`${items[0]!.url}?w=64`)).status).toBe(404);
    const again = await user.client.request(`/api/uploads/${items[0]!.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });
});

describe('upload search and total', () => {
  it('filter names by a case-insensitive substring and count what the filter lists', async () => {
    const other = await signUpVerified(t);
    const post = async (name: string, colour: string) =>
      other.client.request('/api/uploads', {
        method: 'POST',
        body: imageForm(await makeImage({ colour }), name),
      });
    const names = ['Red Shoe.png', 'blue shoe.png', 'hat.png', 'shoe_100%.png'];
    for (const [index, name] of names.entries()) {
      expect((await post(name, `#0${index}0${index}0${index}`)).status).toBe(201);
    }
    const list = async (query: string) =>
      (await (await other.client.request(`/api/uploads?${query}`)).json()) as {
        items: Item[];
        total: number;
      };

    const all = await list('limit=2');
    expect(all.items).toHaveLength(2);
    expect(all.total).toBe(4);

    const shoes = await list('search=SHOE&limit=2');
    expect(shoes.total).toBe(3);
    expect(shoes.items.map((item) => item.name)).toEqual(['shoe_100%.png', 'blue shoe.png']);
    const rest = await list('search=SHOE&limit=2&offset=2');
    expect(rest.items.map((item) => item.name)).toEqual(['Red Shoe.png']);
    expect(rest.total).toBe(3);

    // % and _ are plain characters, not patterns; blanks around the search are ignored.
    expect((await list('search=%25')).items.map((item) => item.name)).toEqual(['shoe_100%.png']);
    expect((await list('search=e_1')).total).toBe(1);
    expect((await list('search=%20hat%20')).total).toBe(1);
    const none = await list('search=umbrella');
    expect(none).toEqual({ items: [], total: 0 });

    // Someone else's uploads never count.
    const mine = (await (await user.client.request('/api/uploads?search=shoe')).json()) as {
      total: number;
    };
    expect(mine.total).toBe(0);
  });
});

describe('community visibility', () => {
  it('keeps free users public and lets paid users go private', async () => {
    const png = await makeImage();
    // A free user asking for a private template is refused, as the visibility change is.
    const privateRefused = await user.client.request('/api/my-templates', {
      method: 'POST',
      body: imageForm(png, 'x.png', { name: 'Mine', isPublic: 'false' }),
    });
    expect(privateRefused.status).toBe(403);
    expect(((await privateRefused.json()) as { code: string }).code).toBe('upgrade_required');
    const created = (await (
      await user.client.request('/api/my-templates', {
        method: 'POST',
        body: imageForm(png, 'x.png', { name: 'Mine' }),
      })
    ).json()) as { id: string; isPublic: boolean };
    expect(created.isPublic).toBe(true);
    const refused = await user.client.request(`/api/my-templates/${created.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: false },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('upgrade_required');
    await user.client.request('/api/dev/plan', { method: 'POST', json: { tier: 'pro_weekly' } });
    const ok = await user.client.request(`/api/my-templates/${created.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: false },
    });
    expect(await ok.json()).toMatchObject({
      message: BROWSE_MESSAGES.nowPrivate,
      template: { isPublic: false },
    });
    const back = await user.client.request(`/api/my-templates/${created.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: true },
    });
    expect(((await back.json()) as { message: string }).message).toBe(BROWSE_MESSAGES.nowPublic);
  });
});

describe('the tier behind private templates', () => {
  it('is read settled: a cancelled plan whose period is over no longer allows going private', async () => {
    const person = await signUpVerified(t);
    const created = (await (
      await person.client.request('/api/my-templates', {
        method: 'POST',
        body: imageForm(await makeImage(), 'x.png', { name: 'Lapsed' }),
      })
    ).json()) as { id: string };
    await person.client.request('/api/dev/plan', { method: 'POST', json: { tier: 'pro_weekly' } });
    // Cancelled, and the period ran out; nothing has read the account since.
    await t.server.database.db
      .update(users)
      .set({ cancelAtPeriodEnd: true, periodEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(users.userId, person.userId));
    const refused = await person.client.request(`/api/my-templates/${created.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: false },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('upgrade_required');
  });
});

describe('community template names', () => {
  it('are chosen by the owner, and nobody else can change them', async () => {
    const created = (await (
      await user.client.request('/api/my-templates', {
        method: 'POST',
        body: imageForm(await makeImage({ colour: '#884422' }), 'x.png', { name: 'Design 7' }),
      })
    ).json()) as { id: string };
    const rename = (client: typeof user.client, name: string) =>
      client.request(`/api/my-templates/${created.id}`, { method: 'PATCH', json: { name } });
    const renamed = await rename(user.client, '  Autumn mug ad ');
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { name: string }).name).toBe('Autumn mug ad');
    expect((await rename(user.client, '   ')).status).toBe(400);
    const intruder = await signUpVerified(t);
    expect((await rename(intruder.client, 'Mine now')).status).toBe(404);
    const own = (await (await user.client.request('/api/my-templates')).json()) as {
      items: { id: string; name: string }[];
    };
    expect(own.items.find((item) => item.id === created.id)?.name).toBe('Autumn mug ad');
  });
});

describe('designs', () => {
  it('list finished designs named prefix_number.ext, newest first', async () => {
    const png = await makeImage();
    await t.server.designs.recordDesign({
      userId: user.userId,
      bytes: png,
      createdAt: new Date('2026-01-15T10:00:00Z'),
    });
    const latest = await t.server.designs.recordDesign({ userId: user.userId, bytes: png });
    const res = await user.client.request('/api/designs');
    const items = (
      (await res.json()) as { items: { name: string; number: number; monthYear: string }[] }
    ).items;
    expect(items).toHaveLength(2);
    expect(items[0]!.name).toBe(`design_${latest.number}.png`);
    expect(items[1]!.monthYear).toBe('January 2026');
  });
});
