import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CATEGORIES, PAGE_SIZE, VOTE_MESSAGES } from '@adtwin/shared';
import { generations, templates } from '../../db/schema.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';
import { readManifest, findCatalogueDir, seedCatalogue } from '../catalogue/catalogue.service.js';

let t: TestServer;
let user: Awaited<ReturnType<typeof signUpVerified>>;

type Card = {
  id: number;
  name: string;
  category: string | null;
  imageUrl: string;
  usageCount: number;
  likes: number;
  dislikes: number;
};
async function list(query: string): Promise<Card[]> {
  const res = await user.client.request(`/api/templates?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Card[] }).items;
}

beforeAll(async () => {
  t = await startTestServer();
  user = await signUpVerified(t);
});
afterAll(() => t.stop());

describe('starter catalogue', () => {
  it('seeds at least 45 official templates with two or more in every category, once', async () => {
    const rows = await t.server.database.db.select().from(templates);
    expect(rows.length).toBeGreaterThanOrEqual(45);
    for (const category of CATEGORIES) {
      expect(
        rows.filter((row) => row.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(rows.every((row) => row.productBox && row.imageKey.startsWith('official/'))).toBe(true);
    expect(
      rows.filter((row) => ((row.analysis as { words: unknown[] }).words ?? []).length > 0).length,
    ).toBeGreaterThanOrEqual(10);
    const dir = findCatalogueDir()!;
    const again = await seedCatalogue({ db: t.server.database.db, storage: t.server.storage, dir });
    expect(again).toBe(0);
    expect(readManifest(dir).length).toBe(rows.length);
  });
});

describe('GET /api/templates', () => {
  it('pages 30 then 10 without overlap, and ends with a short page', async () => {
    const first = await list(`offset=0&limit=${PAGE_SIZE.first}&sort=newest`);
    expect(first).toHaveLength(30);
    const second = await list(`offset=30&limit=${PAGE_SIZE.more}&sort=newest`);
    expect(second).toHaveLength(10);
    const ids = new Set([...first, ...second].map((card) => card.id));
    expect(ids.size).toBe(40);
    const total = (await t.server.database.db.select().from(templates)).length;
    const last = await list(`offset=${total - 3}&limit=10&sort=newest`);
    expect(last).toHaveLength(3);
  });

  it('searches names case-insensitively and matches categories by keywords', async () => {
    const found = await list('search=SNEAKER');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((card) => card.name.toLowerCase().includes('sneaker'))).toBe(true);
    expect(await list('search=%25%25nothing')).toEqual([]);
    // The search box also finds a category by its name, even where no template name says it.
    const rows = await t.server.database.db.select().from(templates);
    const category = CATEGORIES.find((name) =>
      rows.some((row) => row.category === name && !row.name.toLowerCase().includes(name)),
    )!;
    const byCategory = await list(`search=${category.toUpperCase()}&limit=60`);
    const ofCategory = rows.filter((row) => row.category === category).map((row) => row.id);
    expect(byCategory.map((card) => card.id)).toEqual(expect.arrayContaining(ofCategory));
    const beauty = await list('category=beauty&limit=60');
    expect(beauty.length).toBeGreaterThanOrEqual(3);
    expect(
      beauty.every(
        (card) =>
          card.category === 'beauty' ||
          /beauty|makeup|skincare|cosmetic|lipstick|serum|perfume|cream/i.test(card.name),
      ),
    ).toBe(true);
  });

  it('sorts by usage for Most Used and by creation for Newest', async () => {
    const [target] = await list('sort=newest&offset=20&limit=1');
    await t.server.database.db
      .update(templates)
      .set({ usageCount: 999 })
      .where(eq(templates.id, target!.id));
    expect((await list('sort=most_used&limit=1'))[0]!.id).toBe(target!.id);
    const newest = await list('sort=newest&limit=2');
    expect(newest[0]!.id).toBeGreaterThan(newest[1]!.id);
  });

  it('needs a session and refuses bad paging', async () => {
    const res = await fetch(new URL('/api/templates', t.baseUrl));
    expect(res.status).toBe(401);
    expect((await user.client.request('/api/templates?limit=1000')).status).toBe(400);
    expect((await user.client.request('/api/templates?sort=random')).status).toBe(400);
  });
});

describe('votes', () => {
  async function vote(client: typeof user.client, id: number | string, value: string) {
    const res = await client.request(`/api/templates/${id}/vote`, {
      method: 'PUT',
      json: { vote: value },
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        message?: string;
        error?: string;
        stats: { likes: number; dislikes: number };
        userVote: string;
      },
    };
  }

  it('records, updates and removes a vote with the spec messages and counts', async () => {
    const [card] = await list('limit=1');
    const id = card!.id;
    let r = await vote(user.client, id, 'like');
    expect(r.body.message).toBe(VOTE_MESSAGES.recorded);
    expect(r.body.stats).toMatchObject({ likes: 1, dislikes: 0 });
    r = await vote(user.client, id, 'dislike');
    expect(r.body.message).toBe(VOTE_MESSAGES.updated);
    expect(r.body.stats).toMatchObject({ likes: 0, dislikes: 1 });
    r = await vote(user.client, id, 'none');
    expect(r.body.message).toBe(VOTE_MESSAGES.removed);
    expect(r.body.stats).toMatchObject({ likes: 0, dislikes: 0 });
    const detail = (await (await user.client.request(`/api/templates/${id}`)).json()) as {
      userVote: string;
    };
    expect(detail.userVote).toBe('none');
  });

  it('keeps counts equal to the votes under concurrent voting', async () => {
    const [, card] = await list('limit=2');
    const voters = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUpVerified(t)));
    await Promise.all(
      voters.map((v, i) => vote(v.client, card!.id, i % 3 === 0 ? 'dislike' : 'like')),
    );
    await Promise.all(voters.slice(0, 2).map((v) => vote(v.client, card!.id, 'none')));
    const [row] = await t.server.database.db
      .select()
      .from(templates)
      .where(eq(templates.id, card!.id));
    // voters 0..5: dislike, like, like, dislike, like, like; 0 and 1 removed theirs.
    expect(row).toMatchObject({ likeCount: 3, dislikeCount: 1 });
  });

  it('refuses anonymous votes, community ids and bad values', async () => {
    const [card] = await list('limit=1');
    const anonymous = await fetch(new URL(`/api/templates/${card!.id}/vote`, t.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: JSON.stringify({ vote: 'like' }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBe(VOTE_MESSAGES.signIn);
    const community = await vote(user.client, '9b2f4c1e-1111-4a4a-8888-123456789abc', 'like');
    expect(community.status).toBe(400);
    expect(community.body.error).toBe(VOTE_MESSAGES.community);
    expect((await vote(user.client, card!.id, 'love')).status).toBe(400);
    expect((await vote(user.client, 'abc', 'like')).status).toBe(404);
    expect((await vote(user.client, 999999, 'like')).status).toBe(404);
  });
});

describe('usage counts', () => {
  it('count a generation once however often it is reported', async () => {
    const [card] = await list('sort=newest&limit=1');
    const [generation] = await t.server.database.db
      .insert(generations)
      .values({
        userId: user.userId,
        kind: 'swap',
        status: 'done',
        templateId: card!.id,
        input: {},
        provider: 'local',
      })
      .returning({ id: generations.id });
    const results = await Promise.all(
      [1, 2, 3].map(() => t.server.templates.recordGenerationUse(generation!.id)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await t.server.database.db
      .select()
      .from(templates)
      .where(eq(templates.id, card!.id));
    expect(row!.usageCount).toBe(card!.usageCount + 1);
  });
});
