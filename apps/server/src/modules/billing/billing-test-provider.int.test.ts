import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELETE_ACCOUNT_MESSAGES } from '@adtwin/shared';
import { creditLedger, users } from '../../db/schema.js';
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

const call = async (client: Client, path: string, json?: unknown) => {
  const res = await client.request(path, { method: 'POST', ...(json ? { json } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

async function checkout(client: Client, plan = 'pro', frequency = 'monthly') {
  const started = await call(client, '/api/billing/checkout-session', {
    planType: plan,
    frequency,
  });
  expect(started.status).toBe(200);
  const url = new URL(started.body.url as string);
  return { url, sessionId: url.searchParams.get('session_id')! };
}

describe('test billing provider', () => {
  it('sends Upgrade to the labelled test checkout page of the app', async () => {
    const { client } = await signUpVerified(t);
    const { url } = await checkout(client, 'enterprise', 'weekly');
    expect(url.origin).toBe(t.baseUrl);
    expect(url.pathname).toBe('/subscription/test-checkout');
    expect(url.searchParams.get('plan')).toBe('enterprise');
    expect(url.searchParams.get('frequency')).toBe('weekly');
    expect(url.searchParams.get('session_id')).toMatch(/^test_cs_/);
  });

  it('confirms through the webhook path: plan, allowance, ledger grant, once', async () => {
    const { client, userId } = await signUpVerified(t);
    const { sessionId } = await checkout(client);
    const confirmed = await call(client, '/api/billing/test/confirm', {
      sessionId,
      plan: 'pro',
      frequency: 'monthly',
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: {
        tier: 'pro_monthly',
        credits: 40,
        creditsUsed: 0,
        cancelAtPeriodEnd: false,
        hasCustomer: true,
      },
    });
    const credits = await (await client.request('/api/me/credits')).json();
    expect(credits).toEqual({ credits: 40, creditsUsed: 0, subscriptionTier: 'pro_monthly' });
    const rows = await t.server.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(rows.find((r) => r.key === `grant:invoice:test_in_${sessionId}`)?.amount).toBe(40);
    // A second click on confirm is refused: the subscription exists.
    const again = await call(client, '/api/billing/test/confirm', {
      sessionId,
      plan: 'pro',
      frequency: 'monthly',
    });
    expect(again.status).toBe(409);
  });

  it('says a checkout is paid only after its confirm, and only to the person who opened it', async () => {
    const { client } = await signUpVerified(t);
    const { sessionId } = await checkout(client, 'enterprise', 'weekly');
    const read = async (who: Client, id: string) => {
      const res = await who.request(`/api/billing/checkout-session/${id}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await read(client, sessionId)).toEqual({
      status: 200,
      body: { status: 'open', plan: 'enterprise', frequency: 'weekly' },
    });
    const { client: stranger } = await signUpVerified(t);
    expect((await read(stranger, sessionId)).status).toBe(404);
    expect((await read(client, 'test_cs_00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await read(client, 'not-a-session')).status).toBe(400);
    await call(client, '/api/billing/test/confirm', { sessionId });
    expect(await read(client, sessionId)).toEqual({
      status: 200,
      body: { status: 'paid', plan: 'enterprise', frequency: 'weekly' },
    });
  });

  it('switches plan, cancels, refuses deletion until the period ends, then allows it', async () => {
    const { client, userId } = await signUpVerified(t);
    const { sessionId } = await checkout(client);
    await call(client, '/api/billing/test/confirm', {
      sessionId,
      plan: 'pro',
      frequency: 'monthly',
    });

    const portal = await call(client, '/api/billing/portal-session');
    expect(new URL(portal.body.url as string).pathname).toBe('/subscription/manage');

    const switched = await call(client, '/api/billing/test/change-plan', { tier: 'pro_weekly' });
    expect(switched.body).toMatchObject({ tier: 'pro_weekly', credits: 10, creditsUsed: 0 });

    const cancelled = await call(client, '/api/billing/test/cancel', { cancel: true });
    expect(cancelled.body).toMatchObject({ tier: 'pro_weekly', cancelAtPeriodEnd: true });

    const refused = await client.request('/api/me', { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: DELETE_ACCOUNT_MESSAGES.activeSubscription,
      code: 'active_subscription',
    });

    const ended = await call(client, '/api/billing/test/end-period');
    expect(ended.body).toMatchObject({ tier: 'free', status: 'canceled' });
    expect((await client.request('/api/me', { method: 'DELETE' })).status).toBe(200);
    const rows = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it('ends a cancelled subscription by itself once its period is over', async () => {
    const { client, userId } = await signUpVerified(t);
    const { sessionId } = await checkout(client, 'pro', 'weekly');
    await call(client, '/api/billing/test/confirm', { sessionId });
    await call(client, '/api/billing/test/cancel', { cancel: true });
    await t.server.database.db
      .update(users)
      .set({ periodEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.userId, userId));
    const credits = await (await client.request('/api/me/credits')).json();
    expect(credits).toMatchObject({ subscriptionTier: 'free' });
  });

  it('keeps a running subscription whose period end passed without cancellation', async () => {
    const { client, userId } = await signUpVerified(t);
    const { sessionId } = await checkout(client, 'pro', 'weekly');
    await call(client, '/api/billing/test/confirm', { sessionId });
    await t.server.database.db
      .update(users)
      .set({ periodEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.userId, userId));
    const credits = await (await client.request('/api/me/credits')).json();
    expect(credits).toMatchObject({ subscriptionTier: 'pro_weekly' });
  });

  it('confirms the plan the checkout was opened for, never one the client names', async () => {
    const { client } = await signUpVerified(t);
    const { sessionId } = await checkout(client, 'pro', 'weekly');
    const forged = await call(client, '/api/billing/test/confirm', {
      sessionId,
      plan: 'enterprise',
      frequency: 'monthly',
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toMatchObject({ tier: 'pro_weekly' });
    // An id the server never handed out (or handed to someone else) confirms nothing.
    const other = await signUpVerified(t);
    const stolen = await call(other.client, '/api/billing/test/confirm', { sessionId });
    expect(stolen.status).toBe(404);
    const invented = await call(other.client, '/api/billing/test/confirm', {
      sessionId: 'test_cs_00000000-0000-4000-8000-000000000000',
    });
    expect(invented.status).toBe(404);
  });

  it('refuses the manage actions without a subscription, and the Stripe webhook', async () => {
    const { client } = await signUpVerified(t);
    expect((await call(client, '/api/billing/test/cancel', { cancel: true })).status).toBe(409);
    expect(
      (await call(client, '/api/billing/test/change-plan', { tier: 'pro_weekly' })).status,
    ).toBe(409);
    expect((await call(client, '/api/billing/test/end-period')).status).toBe(409);
    const hook = await fetch(`${t.baseUrl}/api/billing/webhook`, { method: 'POST', body: '{}' });
    expect(hook.status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${t.baseUrl}/api/billing/subscription`);
    expect(res.status).toBe(401);
  });
});
