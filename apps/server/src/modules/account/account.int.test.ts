import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUCKETS } from '@adtwin/shared';
import {
  authSessions,
  authUsers,
  bugReports,
  creditLedger,
  storedObjects,
  userTemplates,
  users,
} from '../../db/schema.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true' });
});
afterAll(() => t.stop());

const bytes = Buffer.from('file');

describe('account deletion', () => {
  it("removes the person's rows and every file of theirs in every bucket, and signs out", async () => {
    const { client, userId } = await signUpVerified(t);
    const other = await signUpVerified(t);
    const { storage, database } = t.server;
    for (const bucket of BUCKETS) {
      await storage.put({
        bucket,
        key: `${userId}/one.png`,
        body: bytes,
        contentType: 'image/png',
      });
      await storage.put({
        bucket,
        key: `${other.userId}/keep.png`,
        body: bytes,
        contentType: 'image/png',
      });
    }
    await storage.put({
      bucket: 'category-images',
      key: `community/${userId}/template.png`,
      body: bytes,
      contentType: 'image/png',
    });
    // A community template whose image sits somewhere else, known only by its row.
    await storage.put({
      bucket: 'category-images',
      key: 'shared/elsewhere.png',
      body: bytes,
      contentType: 'image/png',
    });
    await database.db
      .insert(userTemplates)
      .values({ userId, name: 'Mine', imageKey: 'shared/elsewhere.png' });
    await database.db.insert(storedObjects).values({
      bucket: 'temp-images',
      key: 'legacy/by-row.png',
      ownerId: userId,
      name: 'by-row.png',
      contentType: 'image/png',
      size: 4,
    });
    await storage.put({
      bucket: 'temp-images',
      key: 'legacy/by-row.png',
      body: bytes,
      contentType: 'image/png',
    });
    await database.db
      .insert(bugReports)
      .values({ userId, email: 'x@example.test', description: 'bug' });

    const res = await client.request('/api/me', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=;|Max-Age=0/i);

    for (const bucket of BUCKETS) {
      expect(await storage.list(bucket, `${userId}/`), bucket).toEqual([]);
      expect(await storage.list(bucket, `${other.userId}/`), bucket).toHaveLength(1);
    }
    expect(await storage.list('category-images', `community/${userId}/`)).toEqual([]);
    expect(await storage.exists('category-images', 'shared/elsewhere.png')).toBe(false);
    expect(await storage.exists('temp-images', 'legacy/by-row.png')).toBe(false);

    for (const [table, column] of [
      [authUsers, authUsers.id],
      [users, users.userId],
      [authSessions, authSessions.userId],
      [creditLedger, creditLedger.userId],
      [userTemplates, userTemplates.userId],
      [bugReports, bugReports.userId],
    ] as const) {
      expect(await database.db.select().from(table).where(eq(column, userId))).toEqual([]);
    }
    expect((await client.request('/api/me')).status).toBe(401);
    expect((await other.client.request('/api/me')).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${t.baseUrl}/api/me`, { method: 'DELETE' });
    expect(res.status).toBe(401);
  });
});
