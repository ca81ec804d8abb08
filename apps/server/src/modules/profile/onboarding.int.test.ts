import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import {
  createClient,
  signUpVerified,
  startTestServer,
  type TestServer,
} from '../../../test/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true' });
});
afterAll(() => t.stop());

const put = (client: ReturnType<typeof createClient>, json: unknown) =>
  client.request('/api/me/onboarding', { method: 'PUT', json });

describe('onboarding', () => {
  it('stores type and source, marks onboarding complete, and returns the account', async () => {
    const { client, userId } = await signUpVerified(t);
    const res = await put(client, { userType: 'ecommerce', source: 'tiktok' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      profile: { userType: 'ecommerce', source: 'tiktok', onboardingCompleted: true },
    });
    const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
    expect(row?.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
  });

  it('stores the typed text when Other is chosen, trimmed', async () => {
    const { client } = await signUpVerified(t);
    const res = await put(client, {
      userType: 'other',
      source: 'other',
      sourceOther: '  A podcast  ',
    });
    expect(await res.json()).toMatchObject({ profile: { userType: 'other', source: 'A podcast' } });
  });

  it('refuses Other without text, unknown values and missing fields, changing nothing', async () => {
    const { client, userId } = await signUpVerified(t);
    for (const body of [
      { userType: 'designer', source: 'other', sourceOther: '   ' },
      { userType: 'astronaut', source: 'tiktok' },
      { userType: 'designer', source: 'radio' },
      { userType: 'designer' },
      'not an object',
    ]) {
      const res = await put(client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
    expect(row).toMatchObject({ userType: null, source: null, onboardingCompleted: false });
  });

  it('needs a signed-in user', async () => {
    const res = await put(createClient(t.baseUrl), { userType: 'designer', source: 'tiktok' });
    expect(res.status).toBe(401);
  });
});
