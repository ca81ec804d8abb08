import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@adtwin/shared';
import { PAYMENTS_NOT_CONFIGURED } from '../src/platform/billing/test-billing-provider.js';
import {
  signUpVerified,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestServer,
} from './test-server.js';

// A production server as a first install would run it: no Stripe, no SMTP.
const logLines: string[] = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
const TRUSTED = 'https://app.example.test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ NODE_ENV: 'production', TRUSTED_ORIGINS: TRUSTED }, { logger });
});
afterAll(() => t.stop());

describe('production without Stripe', () => {
  it('hands out no plan: no test checkout, no shortcut, a plain refusal', async () => {
    const { client, email } = await signUpVerified(t);
    const subscription = await client.request('/api/billing/subscription');
    expect(await subscription.json()).toMatchObject({ provider: 'none', tier: 'free' });
    const checkout = await client.request('/api/billing/checkout-session', {
      method: 'POST',
      json: { planType: 'pro', frequency: 'monthly' },
    });
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toMatchObject({ error: PAYMENTS_NOT_CONFIGURED });
    const confirm = await client.request('/api/billing/test/confirm', {
      method: 'POST',
      json: { sessionId: 'test_cs_00000000-0000-4000-8000-000000000000' },
    });
    expect(confirm.status).toBe(404);
    const shortcut = await client.request('/api/dev/plan', {
      method: 'POST',
      json: { tier: 'pro_monthly' },
    });
    expect(shortcut.status).toBe(404);
    // The admin command's grant is the way to a plan.
    await t.server.billing.setPlanByEmail(email, 'pro_monthly');
    const granted = await client.request('/api/billing/subscription');
    expect(await granted.json()).toMatchObject({ tier: 'pro_monthly' });
  });

  it('warns at start that no e-mail can be verified without SMTP_URL', () => {
    expect(logLines.join('\n')).toContain('SMTP_URL is not set');
  });
});

describe('production origins', () => {
  it('trusts the public address and TRUSTED_ORIGINS, not the address a request names', async () => {
    // A page at `origin` calling the server at that same address.
    const signUp = (origin: string, address = t.baseUrl) =>
      fetch(new URL('/api/auth/sign-up/email', address), {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: uniqueEmail('origin'),
          password: STRONG_PASSWORD,
          name: 'Origin Test',
        }),
      });
    expect((await signUp(t.baseUrl)).status).toBe(200);
    expect((await signUp(TRUSTED)).status).toBe(200);
    const otherName = t.baseUrl.replace('127.0.0.1', 'localhost');
    // Opened as localhost, this server's own address in development, but not its APP_URL.
    expect((await signUp(otherName, otherName)).status).toBe(403);
    // The app's own routes follow the same list.
    const { client } = await signUpVerified(t);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const rename = (origin: string, address = t.baseUrl) =>
      fetch(new URL('/api/me/name', address), {
        method: 'PUT',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'New Name' }),
      });
    expect((await rename(TRUSTED)).status).toBe(200);
    expect((await rename(otherName, otherName)).status).toBe(403);
  });
});

describe('production webhooks (SSRF)', () => {
  it('refuses a webhook on loopback, private or link-local addresses, and takes a public one', async () => {
    const { client } = await signUpVerified(t);
    const created = await client.request('/api/api-keys', {
      method: 'POST',
      json: { name: 'Hooks' },
    });
    const { id } = (await created.json()) as { id: string };
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.8/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
    ]) {
      const res = await client.request(`/api/api-keys/${id}/webhook`, {
        method: 'PUT',
        json: { url },
      });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toMatchObject({ error: API_KEY_MESSAGES.webhookUrlPrivate });
    }
    const ok = await client.request(`/api/api-keys/${id}/webhook`, {
      method: 'PUT',
      json: { url: 'https://93.184.216.34/hook' },
    });
    expect(ok.status).toBe(200);
  });
});
