import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@adtwin/shared';
import { creditLedger, users } from '../../db/schema.js';
import {
  createClient,
  signUpVerified,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestServer,
} from '../../../test/test-server.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '3' });
});
afterAll(() => t.stop());

async function signUp(body: unknown) {
  return createClient(t.baseUrl).request('/api/auth/sign-up/email', { method: 'POST', json: body });
}

describe('sign-up', () => {
  it('creates the profile row with the spec defaults and the free allowance as a ledger grant', async () => {
    const { userId, client } = await signUpVerified(t, { name: 'Ada Lovelace' });
    const [profile] = await t.server.database.db
      .select()
      .from(users)
      .where(eq(users.userId, userId));
    expect(profile).toMatchObject({
      userType: null,
      source: null,
      onboardingCompleted: false,
      subscriptionTier: 'free',
      credits: 3,
      creditsUsed: 0,
      stripeCustomerId: null,
    });
    const ledger = await t.server.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'grant', amount: 3, key: `signup:${userId}` });

    const me = await client.request('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: userId,
      fullName: 'Ada Lovelace',
      profile: { credits: 3, creditsUsed: 0, subscriptionTier: 'free', onboardingCompleted: false },
    });
  });

  it('refuses a weak password with every broken rule, joined with commas', async () => {
    const res = await signUp({ email: uniqueEmail(), password: 'password', name: 'Weak Password' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe('WEAK_PASSWORD');
    expect(body.message).toBe(
      [
        AUTH_MESSAGES.passwordNeedsUppercase,
        AUTH_MESSAGES.passwordNeedsNumber,
        AUTH_MESSAGES.passwordNeedsSymbol,
      ].join(', '),
    );
  });

  it('names the field and its limit in plain words for a name or password over the limit', async () => {
    const longName = await signUp({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      name: 'A'.repeat(FULL_NAME_MAX_LENGTH + 1),
    });
    expect(longName.status).toBe(400);
    expect(await longName.json()).toMatchObject({
      code: 'INVALID_NAME',
      message: `Name can be at most ${FULL_NAME_MAX_LENGTH} characters.`,
    });

    const longPassword = await signUp({
      email: uniqueEmail(),
      password: `${STRONG_PASSWORD}${'a'.repeat(PASSWORD_MAX_LENGTH)}`,
      name: 'Long Password',
    });
    expect(longPassword.status).toBe(400);
    expect(await longPassword.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: `Password can be at most ${PASSWORD_MAX_LENGTH} characters.`,
    });
  });

  it('refuses a duplicate e-mail with the spec message, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp({ email, password: STRONG_PASSWORD, name: 'First' })).status).toBe(200);
    const res = await signUp({
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      name: 'Second',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: AUTH_MESSAGES.emailAlreadyRegistered });
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email', password: STRONG_PASSWORD, name: 'Someone' }],
    ['a name with digits', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'R2D2' }],
    ['a missing name', { email: uniqueEmail(), password: STRONG_PASSWORD }],
    ['a missing password', { email: uniqueEmail(), name: 'Someone' }],
    ['an array body', [1, 2, 3]],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await signUp(body);
    expect(res.status).toBe(400);
  });

  it('answers 400 for a malformed JSON body and keeps running', async () => {
    const client = createClient(t.baseUrl);
    const res = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "broken',
    });
    expect(res.status).toBe(400);
    expect((await client.request('/api/health')).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('refuses an unverified account with 403 and mails a fresh verification link', async () => {
    const email = uniqueEmail('unverified');
    await signUp({ email, password: STRONG_PASSWORD, name: 'Not Yet' });
    const firstMail = await t.latestMailTo(email);
    const res = await createClient(t.baseUrl).request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const secondMail = await t.latestMailTo(email);
    expect(secondMail?.id).not.toBe(firstMail?.id);
    expect(secondMail?.text).toContain('/api/auth/verify-email?token=');
  });

  it('refuses a wrong password with 401 and signs in with the right one', async () => {
    const { email } = await signUpVerified(t);
    const client = createClient(t.baseUrl);
    const wrong = await client.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'Wrong-Password-1' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect((await client.request('/api/me')).status).toBe(401);

    const right = await client.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(right.status).toBe(200);
    expect((await client.request('/api/me')).status).toBe(200);
  });

  it('answers 400, not 500, for malformed sign-in bodies', async () => {
    const client = createClient(t.baseUrl);
    for (const body of ['{', '"just a string"', '{"email": 5}', '{}']) {
      const res = await client.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });

  it('signs out: the session cookie no longer reads anything', async () => {
    const { client } = await signUpVerified(t);
    const oldCookies = new Map(client.cookies);
    const out = await client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(out.status).toBe(200);
    expect((await client.request('/api/me')).status).toBe(401);
    // Replaying the cookie captured before sign-out reads nothing either: the session is gone.
    const replay = createClient(t.baseUrl);
    for (const [k, v] of oldCookies) replay.cookies.set(k, v);
    expect((await replay.request('/api/me')).status).toBe(401);
  });
});

describe('sessions', () => {
  it('each session reads only its own account; a forged cookie reads nothing', async () => {
    const alice = await signUpVerified(t, { name: 'Alice' });
    const bob = await signUpVerified(t, { name: 'Bob' });
    expect(((await (await alice.client.request('/api/me')).json()) as { id: string }).id).toBe(
      alice.userId,
    );
    expect(((await (await bob.client.request('/api/me')).json()) as { id: string }).id).toBe(
      bob.userId,
    );

    const [name, value] = [...alice.client.cookies].find(([k]) => k.includes('session_token'))!;
    const [token, signature] = decodeURIComponent(value).split('.');
    const forgedValues = [
      `${token}.${'A'.repeat(signature!.length)}`, // token with a wrong signature
      `${'x'.repeat(token!.length)}.${signature}`, // signature of another token
      'garbage',
    ];
    for (const forged of forgedValues) {
      const mallory = createClient(t.baseUrl);
      mallory.cookies.set(name, encodeURIComponent(forged));
      expect((await mallory.request('/api/me')).status).toBe(401);
    }
  });
});

describe('password reset', () => {
  it('mails a link that opens /update-password, enforces the signup rules, and replaces the password', async () => {
    const { email } = await signUpVerified(t);
    const client = createClient(t.baseUrl);
    const ask = await client.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/update-password' },
    });
    expect(ask.status).toBe(200);
    const link = (await t.latestMailTo(email))?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain('/api/auth/reset-password/');
    const open = await client.request(link!);
    expect(open.status).toBe(302);
    const target = new URL(open.headers.get('location')!, t.baseUrl);
    expect(target.pathname).toBe('/update-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await client.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });

    const newPassword = 'Brand-New-Pass-7';
    const reset = await client.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword },
    });
    expect(reset.status).toBe(200);

    const signIn = (password: string) =>
      createClient(t.baseUrl).request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email, password },
      });
    expect((await signIn(STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(newPassword)).status).toBe(200);

    const reused = await client.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'Another-Pass-8' },
    });
    expect(reused.status).toBe(400);
  });

  it('/api/password/reset replaces the password and signs the person in', async () => {
    const { email } = await signUpVerified(t);
    const browser = createClient(t.baseUrl);
    await browser.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/update-password' },
    });
    const link = (await t.latestMailTo(email))?.text.match(/https?:\/\/\S+/)?.[0];
    const open = await browser.request(link!);
    const token = new URL(open.headers.get('location')!, t.baseUrl).searchParams.get('token');

    const weak = await browser.request('/api/password/reset', {
      method: 'POST',
      json: { token, newPassword: 'weakpass' },
    });
    expect(weak.status).toBe(400);
    expect((await browser.request('/api/me')).status).toBe(401);

    const res = await browser.request('/api/password/reset', {
      method: 'POST',
      json: { token, newPassword: 'Fresh-Start-99' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: true });
    expect((await browser.request('/api/me')).status).toBe(200);

    const again = await createClient(t.baseUrl).request('/api/password/reset', {
      method: 'POST',
      json: { token, newPassword: 'Fresh-Start-100' },
    });
    expect(again.status).toBe(400);
    const bogus = await createClient(t.baseUrl).request('/api/password/reset', {
      method: 'POST',
      json: { token: 'not-a-token', newPassword: 'Fresh-Start-100' },
    });
    expect(bogus.status).toBe(400);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await createClient(t.baseUrl).request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/update-password' },
    });
    expect(res.status).toBe(200);
    expect(await t.latestMailTo(email)).toBeNull();
  });
});

describe('credits ledger', () => {
  it('sums to the profile counters for every user', async () => {
    await signUpVerified(t);
    const mismatches = await t.server.database.db.execute(sql`
      SELECT u.user_id FROM users u
      LEFT JOIN credit_ledger l ON l.user_id = u.user_id
      GROUP BY u.user_id, u.credits, u.credits_used
      HAVING coalesce(sum(l.amount), 0) <> u.credits - u.credits_used`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
