import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { DELETE_ACCOUNT_MESSAGES, SUBSCRIPTION_MESSAGES } from '@adtwin/shared';
import { billingEvents, creditLedger, users } from '../../db/schema.js';
import {
  signUpVerified,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../test/test-server.js';
import { startStripeApiMock } from '../../../test/stripe-api-mock.js';

const WEBHOOK_SECRET = 'whsec_test_adtwin_0123456789';
const PRICES = {
  STRIPE_PRICE_PRO_WEEKLY: 'price_pro_weekly',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_ENTERPRISE_WEEKLY: 'price_ent_weekly',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_ent_monthly',
};

let t: TestServer;
let stripeApi: Awaited<ReturnType<typeof startStripeApiMock>>;
// The SDK only signs here; it never calls out.
const stripe = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  stripeApi = await startStripeApiMock();
  t = await startTestServer({
    DISABLE_RATE_LIMITS: 'true',
    STRIPE_SECRET_KEY: 'sk_test_adtwin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripeApi.url,
    ...PRICES,
  });
});
afterAll(async () => {
  await t.stop();
  await stripeApi.close();
});

let eventCounter = 0;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY = 86_400_000;

function event(type: string, object: Record<string, unknown>, created = new Date()) {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now().toString(36)}_${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function checkoutCompleted(userId: string, customer: string) {
  return event('checkout.session.completed', {
    id: `cs_test_${eventCounter}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: userId,
    customer,
    metadata: { userId },
  });
}

function invoicePaid(options: {
  invoiceId: string;
  customer: string;
  userId: string;
  price: string;
  periodEnd: Date;
  subscription?: string;
  created?: Date;
}) {
  return event(
    'invoice.paid',
    {
      id: options.invoiceId,
      object: 'invoice',
      customer: options.customer,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: options.subscription ?? 'sub_1',
          metadata: { userId: options.userId },
        },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${options.invoiceId}`,
            object: 'line_item',
            period: {
              start: unix(new Date(options.periodEnd.getTime() - 30 * DAY)),
              end: unix(options.periodEnd),
            },
            pricing: {
              type: 'price_details',
              price_details: { price: options.price, product: 'prod_1' },
            },
          },
        ],
      },
    },
    options.created,
  );
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  options: {
    customer: string;
    userId: string;
    price: string;
    periodEnd: Date;
    status?: string;
    cancelAtPeriodEnd?: boolean;
    subscription?: string;
    created?: Date;
  },
) {
  return event(
    type,
    {
      id: options.subscription ?? 'sub_1',
      object: 'subscription',
      customer: options.customer,
      status: options.status ?? (type === 'customer.subscription.deleted' ? 'canceled' : 'active'),
      cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
      metadata: { userId: options.userId },
      items: {
        object: 'list',
        data: [
          {
            id: 'si_1',
            object: 'subscription_item',
            current_period_end: unix(options.periodEnd),
            price: { id: options.price, object: 'price' },
          },
        ],
      },
    },
    options.created,
  );
}

async function post(payload: unknown, options: { timestamp?: number; tamper?: boolean } = {}) {
  const body = JSON.stringify(payload);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const sent = options.tamper ? body.replace('"paid"', '"PAID"').replace('40', '400') : body;
  return fetch(`${t.baseUrl}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: sent,
  });
}

async function profile(userId: string) {
  const [row] = await t.server.database.db.select().from(users).where(eq(users.userId, userId));
  return row!;
}

async function ledger(userId: string) {
  return t.server.database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
}

/** Spends credits the way generation will: a debit row and credits_used, together. */
async function spend(userId: string, amount: number) {
  const db = t.server.database.db;
  const before = await profile(userId);
  await db.insert(creditLedger).values({
    userId,
    kind: 'debit',
    amount: -amount,
    key: `debit:test:${userId}:${Date.now()}:${Math.random()}`,
  });
  await db
    .update(users)
    .set({ creditsUsed: before.creditsUsed + amount })
    .where(eq(users.userId, userId));
}

async function subscribedUser(price = 'price_pro_monthly') {
  const user = await signUpVerified(t);
  const customer = `cus_${user.userId.slice(0, 12)}`;
  const periodEnd = new Date(Date.now() + 30 * DAY);
  expect((await post(checkoutCompleted(user.userId, customer))).status).toBe(200);
  const paid = invoicePaid({
    invoiceId: `in_${user.userId.slice(0, 10)}_1`,
    customer,
    userId: user.userId,
    price,
    periodEnd,
  });
  expect((await post(paid)).status).toBe(200);
  return { ...user, customer, periodEnd, paid };
}

const apiJson = async (client: Client, path: string, json?: unknown) => {
  const res = await client.request(path, { method: 'POST', ...(json ? { json } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('Stripe checkout and portal through the SDK', () => {
  it('offers no development shortcut to a paid plan when payments are real', async () => {
    const { client, userId } = await signUpVerified(t);
    const reply = await client.request('/api/dev/plan', {
      method: 'POST',
      json: { tier: 'enterprise_monthly' },
    });
    expect(reply.status).toBe(404);
    expect((await profile(userId)).subscriptionTier).toBe('free');
  });

  it('creates a subscription Checkout Session with the plan price and the spec URLs', async () => {
    const { client, userId, email } = await signUpVerified(t);
    const reply = await apiJson(client, '/api/billing/checkout-session', {
      planType: 'enterprise',
      frequency: 'weekly',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = stripeApi.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_adtwin');
    expect(sent.form.get('mode')).toBe('subscription');
    expect(sent.form.get('line_items[0][price]')).toBe('price_ent_weekly');
    expect(sent.form.get('client_reference_id')).toBe(userId);
    expect(sent.form.get('customer_email')).toBe(email);
    expect(sent.form.get('subscription_data[metadata][userId]')).toBe(userId);
    expect(sent.form.get('success_url')).toBe(
      `${t.baseUrl}/subscription?plan=enterprise&type=weekly&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(sent.form.get('cancel_url')).toBe(`${t.baseUrl}/subscription?frequency=weekly`);
  });

  it("reads a checkout back from Stripe: open, then paid, and only for the person's own", async () => {
    const { client } = await signUpVerified(t);
    const started = await apiJson(client, '/api/billing/checkout-session', {
      planType: 'pro',
      frequency: 'weekly',
    });
    const sessionId = String(started.body.url).split('/').at(-1)!;
    const read = async (who: Client, id: string) => {
      const res = await who.request(`/api/billing/checkout-session/${id}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await read(client, sessionId)).toEqual({
      status: 200,
      body: { status: 'open', plan: 'pro', frequency: 'weekly' },
    });
    expect(stripeApi.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${sessionId}`);
    stripeApi.completeCheckout(sessionId);
    expect(await read(client, sessionId)).toEqual({
      status: 200,
      body: { status: 'paid', plan: 'pro', frequency: 'weekly' },
    });
    const { client: stranger } = await signUpVerified(t);
    expect((await read(stranger, sessionId)).status).toBe(404);
    expect((await read(client, 'cs_test_unknown')).status).toBe(404);
    stripeApi.failNext();
    expect((await read(client, sessionId)).status).toBe(502);
  });

  it("answers the spec's message when Stripe refuses", async () => {
    const { client } = await signUpVerified(t);
    stripeApi.failNext();
    const reply = await apiJson(client, '/api/billing/checkout-session', {
      planType: 'pro',
      frequency: 'monthly',
    });
    expect(reply).toMatchObject({
      status: 502,
      body: { error: SUBSCRIPTION_MESSAGES.checkoutFailed },
    });
  });

  it('refuses unknown plans and frequencies', async () => {
    const { client } = await signUpVerified(t);
    for (const body of [
      { planType: 'gold', frequency: 'monthly' },
      { planType: 'pro', frequency: 'yearly' },
    ])
      expect((await apiJson(client, '/api/billing/checkout-session', body)).status).toBe(400);
  });

  it('sends a free user without a customer away from the portal with the spec text', async () => {
    const { client } = await signUpVerified(t);
    const reply = await apiJson(client, '/api/billing/portal-session');
    expect(reply).toMatchObject({
      status: 400,
      body: { error: SUBSCRIPTION_MESSAGES.customerNotFound },
    });
  });

  it("sends a paying user's Upgrade and Manage to the Customer Portal of their customer", async () => {
    const { client, customer } = await subscribedUser();
    const upgrade = await apiJson(client, '/api/billing/checkout-session', {
      planType: 'enterprise',
      frequency: 'monthly',
    });
    expect(upgrade.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(stripeApi.requests.at(-1)!.form.get('customer')).toBe(customer);
    expect(stripeApi.requests.at(-1)!.form.get('return_url')).toBe(`${t.baseUrl}/subscription`);
    const manage = await apiJson(client, '/api/billing/portal-session');
    expect(manage.status).toBe(200);
    expect(stripeApi.requests.at(-1)!.path).toBe('/v1/billing_portal/sessions');
  });
});

describe('Stripe webhook', () => {
  it('links the customer, then starts a period on the paid invoice with a grant keyed on it', async () => {
    const { userId, customer, periodEnd, paid } = await subscribedUser();
    expect(await profile(userId)).toMatchObject({
      stripeCustomerId: customer,
      subscriptionTier: 'pro_monthly',
      credits: 40,
      creditsUsed: 0,
      subscriptionStatus: 'active',
      periodEndsAt: new Date(unix(periodEnd) * 1000),
    });
    const rows = await ledger(userId);
    expect(rows.find((r) => r.key === `grant:invoice:${paid.data.object.id}`)).toMatchObject({
      kind: 'grant',
      amount: 40,
    });
    // The ledger explains the balance.
    const profileRow = await profile(userId);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(
      profileRow.credits - profileRow.creditsUsed,
    );
  });

  it('resets credits used at the next period', async () => {
    const { userId, customer } = await subscribedUser();
    await spend(userId, 12);
    const next = invoicePaid({
      invoiceId: `in_${userId.slice(0, 10)}_2`,
      customer,
      userId,
      price: 'price_pro_monthly',
      periodEnd: new Date(Date.now() + 60 * DAY),
    });
    expect((await post(next)).status).toBe(200);
    expect(await profile(userId)).toMatchObject({ credits: 40, creditsUsed: 0 });
    const rows = await ledger(userId);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(40);
  });

  it('changes nothing when an event is replayed', async () => {
    const { userId, paid } = await subscribedUser();
    await spend(userId, 7);
    const before = await profile(userId);
    const res = await post(paid);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: 'duplicate' });
    expect(await profile(userId)).toEqual(before);
  });

  it('grants an invoice once even when Stripe sends it under a second event id', async () => {
    const { userId, customer, periodEnd, paid } = await subscribedUser();
    await spend(userId, 3);
    const again = invoicePaid({
      invoiceId: paid.data.object.id as string,
      customer,
      userId,
      price: 'price_pro_monthly',
      periodEnd,
    });
    expect((await post(again)).status).toBe(200);
    expect(await profile(userId)).toMatchObject({ credits: 40, creditsUsed: 3 });
  });

  it('refuses a tampered body and a stale signature, recording nothing', async () => {
    const user = await signUpVerified(t);
    const customer = `cus_${user.userId.slice(0, 12)}`;
    await post(checkoutCompleted(user.userId, customer));
    const paid = invoicePaid({
      invoiceId: `in_tamper_${user.userId.slice(0, 8)}`,
      customer,
      userId: user.userId,
      price: 'price_pro_monthly',
      periodEnd: new Date(Date.now() + 30 * DAY),
    });
    const tampered = await post(paid, { tamper: true });
    expect(tampered.status).toBe(400);
    const stale = await post(paid, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(`${t.baseUrl}/api/billing/webhook`, {
      method: 'POST',
      body: JSON.stringify(paid),
    });
    expect(unsigned.status).toBe(400);
    const stored = await t.server.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, paid.id));
    expect(stored).toHaveLength(0);
    expect(await profile(user.userId)).toMatchObject({ subscriptionTier: 'free', credits: 3 });
  });

  it('keeps the latest period when events arrive out of order', async () => {
    const { userId, customer } = await subscribedUser();
    const later = new Date(Date.now() + 60 * DAY);
    // Switched to Enterprise for the next period, then an old update arrives late.
    await post(
      subscriptionEvent('customer.subscription.updated', {
        customer,
        userId,
        price: 'price_ent_monthly',
        periodEnd: later,
      }),
    );
    await post(
      subscriptionEvent('customer.subscription.updated', {
        customer,
        userId,
        price: 'price_pro_monthly',
        periodEnd: new Date(Date.now() + 30 * DAY),
        created: new Date(Date.now() - 60_000),
      }),
    );
    expect(await profile(userId)).toMatchObject({ subscriptionTier: 'enterprise_monthly' });
    // A late invoice of the earlier period grants nothing more.
    const res = await post(
      invoicePaid({
        invoiceId: `in_late_${userId.slice(0, 8)}`,
        customer,
        userId,
        price: 'price_pro_monthly',
        periodEnd: new Date(Date.now() + 30 * DAY),
        created: new Date(Date.now() - 90_000),
      }),
    );
    expect(await res.json()).toMatchObject({ result: 'stale' });
    expect(await profile(userId)).toMatchObject({
      subscriptionTier: 'enterprise_monthly',
      credits: 40,
    });
  });

  it('follows a switch to a weekly price even though the new period ends earlier', async () => {
    const { userId, customer } = await subscribedUser();
    const weekEnd = new Date(Date.now() + 7 * DAY);
    const later = new Date(Date.now() + 5000);
    // The new invoice may arrive before the subscription update; both orders end the same.
    await post(
      invoicePaid({
        invoiceId: `in_week_${userId.slice(0, 8)}`,
        customer,
        userId,
        price: 'price_pro_weekly',
        periodEnd: weekEnd,
        created: later,
      }),
    );
    await post(
      subscriptionEvent('customer.subscription.updated', {
        customer,
        userId,
        price: 'price_pro_weekly',
        periodEnd: weekEnd,
        created: later,
      }),
    );
    expect(await profile(userId)).toMatchObject({
      subscriptionTier: 'pro_weekly',
      credits: 10,
      creditsUsed: 0,
      periodEndsAt: new Date(unix(weekEnd) * 1000),
    });
  });

  it('marks a failed payment, then ends at deletion and stays ended against a late update', async () => {
    const { userId, customer, periodEnd, client } = await subscribedUser();
    await post(event('invoice.payment_failed', { id: 'in_failed', object: 'invoice', customer }));
    expect(await profile(userId)).toMatchObject({
      subscriptionStatus: 'past_due',
      subscriptionTier: 'pro_monthly',
    });

    const refused = await client.request('/api/me', { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: DELETE_ACCOUNT_MESSAGES.activeSubscription,
    });

    await post(
      subscriptionEvent('customer.subscription.deleted', {
        customer,
        userId,
        price: 'price_pro_monthly',
        periodEnd,
      }),
    );
    await post(
      subscriptionEvent('customer.subscription.updated', {
        customer,
        userId,
        price: 'price_pro_monthly',
        periodEnd,
        created: new Date(Date.now() - 120_000),
      }),
    );
    expect(await profile(userId)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'canceled',
    });
    const rows = await ledger(userId);
    const p = await profile(userId);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(p.credits - p.creditsUsed);
    expect((await client.request('/api/me', { method: 'DELETE' })).status).toBe(200);
  });

  it('records events it does not act on, once', async () => {
    const payload = event('customer.created', { id: 'cus_new', object: 'customer' });
    const first = await post(payload);
    expect(await first.json()).toMatchObject({ result: 'ignored' });
    expect(await (await post(payload)).json()).toMatchObject({ result: 'duplicate' });
  });

  it('has no test checkout while Stripe is configured', async () => {
    const { client } = await signUpVerified(t);
    const reply = await apiJson(client, '/api/billing/test/confirm', {
      sessionId: 'test_cs_00000000-0000-0000-0000-000000000000',
      plan: 'pro',
      frequency: 'monthly',
    });
    expect(reply.status).toBe(404);
  });
});
