import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { translateStripeEvent } from './stripe-billing-provider.js';

const prices = {
  pro_weekly: 'price_pw',
  pro_monthly: 'price_pm',
  enterprise_weekly: 'price_ew',
  enterprise_monthly: 'price_em',
};

const subscriptionEvent = (price: string, status = 'active') =>
  ({
    id: 'evt_1',
    object: 'event',
    created: 1_800_000_000,
    type: 'customer.subscription.updated',
    data: {
      object: {
        id: 'sub_1',
        object: 'subscription',
        customer: { id: 'cus_1' },
        status,
        cancel_at_period_end: true,
        metadata: { userId: 'u1' },
        items: { data: [{ current_period_end: 1_800_604_800, price: { id: price } }] },
      },
    },
  }) as unknown as Stripe.Event;

describe("translating Stripe's events", () => {
  it('maps the price to a tier and reads ids from expanded objects', () => {
    expect(translateStripeEvent(subscriptionEvent('price_ew'), prices)).toEqual({
      id: 'evt_1',
      createdAt: new Date(1_800_000_000_000),
      type: 'subscription_updated',
      customerId: 'cus_1',
      userId: 'u1',
      subscriptionId: 'sub_1',
      tier: 'enterprise_weekly',
      status: 'active',
      periodEnd: new Date(1_800_604_800_000),
      cancelAtPeriodEnd: true,
    });
  });

  it('keeps an unknown price as no tier', () => {
    expect(translateStripeEvent(subscriptionEvent('price_other'), prices)).toMatchObject({
      type: 'subscription_updated',
      tier: null,
    });
  });

  it('ignores an invoice for a price that is not ours, and one-off checkouts', () => {
    const invoice = {
      id: 'evt_2',
      created: 1,
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          customer: 'cus_1',
          lines: {
            data: [{ period: { end: 2 }, pricing: { price_details: { price: 'price_x' } } }],
          },
        },
      },
    } as unknown as Stripe.Event;
    expect(translateStripeEvent(invoice, prices)).toMatchObject({ type: 'ignored' });
    const payment = {
      id: 'evt_3',
      created: 1,
      type: 'checkout.session.completed',
      data: { object: { mode: 'payment', customer: 'cus_1' } },
    } as unknown as Stripe.Event;
    expect(translateStripeEvent(payment, prices)).toMatchObject({ type: 'ignored' });
  });
});
