import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import {
  createClient,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';
import { startGoogleOAuthMock } from '../../../test/google-oauth-mock.js';

const GOOGLE = {
  GOOGLE_CLIENT_ID: 'adtwin-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'test-google-secret',
};
let t: TestServer;
let google: Awaited<ReturnType<typeof startGoogleOAuthMock>>;

beforeAll(async () => {
  google = await startGoogleOAuthMock({
    clientId: GOOGLE.GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE.GOOGLE_CLIENT_SECRET,
  });
  t = await startTestServer({ ...GOOGLE, DISABLE_RATE_LIMITS: 'true' });
});
afterAll(async () => {
  await t.stop();
  await google.stop();
});

/** Plays the browser: start, follow Google's approval, land on our callback. */
async function signInWithGoogle(client: Client) {
  const start = await client.request('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', callbackURL: '/' },
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.host).toBe('accounts.google.com');
  expect(authorize.searchParams.get('client_id')).toBe(GOOGLE.GOOGLE_CLIENT_ID);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/callback/google`);
  const approval = await fetch(url, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  return client.request(approval.headers.get('location')!);
}

describe('Google sign-in', () => {
  it('creates the account and its profile, and signs the person in', async () => {
    const email = uniqueEmail('google');
    google.useProfile({ sub: `g-${email}`, email, name: 'Katherine Johnson', emailVerified: true });
    const client = createClient(t.baseUrl);
    const callback = await signInWithGoogle(client);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    const me = await client.request('/api/me');
    expect(me.status).toBe(200);
    const account = (await me.json()) as { id: string; email: string; fullName: string };
    expect(account).toMatchObject({ email, fullName: 'Katherine Johnson' });
    const [profile] = await t.server.database.db
      .select()
      .from(users)
      .where(eq(users.userId, account.id));
    expect(profile?.credits).toBe(3);
    expect(google.requests).toContain('POST /token');
  });

  it('does not attach to an unverified password account of the same e-mail', async () => {
    const email = uniqueEmail('squatter');
    const signUp = await createClient(t.baseUrl).request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD, name: 'Someone Else' },
    });
    expect(signUp.status).toBe(200);
    google.useProfile({ sub: `g-${email}`, email, name: 'Real Owner', emailVerified: true });
    const client = createClient(t.baseUrl);
    const callback = await signInWithGoogle(client);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toContain('error=');
    expect((await client.request('/api/me')).status).toBe(401);
  });

  it('is refused when Google is not configured', async () => {
    const plain = await startTestServer();
    try {
      const res = await createClient(plain.baseUrl).request('/api/auth/sign-in/social', {
        method: 'POST',
        json: { provider: 'google', callbackURL: '/' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    } finally {
      await plain.stop();
    }
  });
});
