import Stripe from 'stripe';
import type { PaidTier } from '@adtwin/shared';
import type { StripeConfig } from '../../config.js';
import {
  UnreadableWebhookError,
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
} from './billing-provider.js';

type Prices = StripeConfig['prices'];

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function tierOfPrice(prices: Prices, priceId: string | null): PaidTier | null {
  const entry = Object.entries(prices).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PaidTier) : null;
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** Stripe's event in the app's terms; other event types are recorded and ignored. */
export function translateStripeEvent(event: Stripe.Event, prices: Prices): BillingEvent {
  const base = { id: event.id, createdAt: fromUnix(event.created) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      if (session.mode !== 'subscription' || !customerId)
        return { ...base, type: 'ignored', providerType: event.type };
      return {
        ...base,
        type: 'checkout_completed',
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customerId,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const line = invoice.lines.data[0];
      const priceId = idOf(line?.pricing?.price_details?.price ?? null);
      const tier = tierOfPrice(prices, priceId);
      const customerId = idOf(invoice.customer);
      if (!tier || !line || !customerId || !invoice.id)
        return { ...base, type: 'ignored', providerType: event.type };
      const details = invoice.parent?.subscription_details;
      return {
        ...base,
        type: 'invoice_paid',
        invoiceId: invoice.id,
        customerId,
        userId: details?.metadata?.userId ?? null,
        subscriptionId: idOf(details?.subscription ?? null),
        tier,
        periodEnd: fromUnix(line.period.end),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      if (!customerId || !invoice.id) return { ...base, type: 'ignored', providerType: event.type };
      return { ...base, type: 'payment_failed', invoiceId: invoice.id, customerId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const item = subscription.items.data[0];
      const customerId = idOf(subscription.customer);
      if (!item || !customerId) return { ...base, type: 'ignored', providerType: event.type };
      const common = {
        ...base,
        customerId,
        userId: subscription.metadata?.userId ?? null,
        subscriptionId: subscription.id,
        periodEnd: fromUnix(item.current_period_end),
      };
      if (event.type === 'customer.subscription.deleted')
        return { ...common, type: 'subscription_deleted' };
      return {
        ...common,
        type: 'subscription_updated',
        tier: tierOfPrice(prices, item.price.id),
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      };
    }
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

/** Stripe through its official SDK; `apiUrl` points it at a local server in tests. */
export function createStripeBillingProvider(config: StripeConfig): BillingProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    kind: 'stripe',
    async createCheckout({ userId, email, customerId, tier, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: config.prices[tier], quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: userId,
        metadata: { userId, tier },
        subscription_data: { metadata: { userId } },
        ...(customerId ? { customer: customerId } : { customer_email: email }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url };
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    async readCheckout(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
      const tier = session.metadata?.tier;
      return {
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        tier: tier && tier in config.prices ? (tier as PaidTier) : null,
        isPaid:
          session.status === 'complete' &&
          (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
      };
    },
    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      let translated: BillingEvent;
      try {
        // The signature proves who sent it, not that its object has the fields of its type.
        translated = translateStripeEvent(event, config.prices);
      } catch (error) {
        throw new UnreadableWebhookError(`${event.type}: ${(error as Error).message}`);
      }
      return { event: translated, providerType: event.type, payload: event };
    },
  };
}
