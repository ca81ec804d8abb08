import type { PaidTier } from '@adtwin/shared';

type EventBase = {
  /** The provider's event id; each is applied once. */
  id: string;
  /** When the provider created the event; orders states of the same period. */
  createdAt: Date;
};

/**
 * A payment event in the app's own terms. Both providers produce these: Stripe's adapter by
 * translating a verified webhook, the test provider from its checkout and manage pages. One
 * service function applies them, so both take the same code path.
 */
export type BillingEvent = EventBase &
  (
    | { type: 'checkout_completed'; userId: string | null; customerId: string }
    | {
        type: 'invoice_paid';
        invoiceId: string;
        customerId: string;
        userId: string | null;
        subscriptionId: string | null;
        tier: PaidTier;
        periodEnd: Date;
      }
    | { type: 'payment_failed'; invoiceId: string; customerId: string }
    | {
        type: 'subscription_updated';
        customerId: string;
        userId: string | null;
        subscriptionId: string;
        /** null when the price is not one of ours. */
        tier: PaidTier | null;
        status: string;
        periodEnd: Date;
        cancelAtPeriodEnd: boolean;
      }
    | {
        type: 'subscription_deleted';
        customerId: string;
        userId: string | null;
        subscriptionId: string;
        periodEnd: Date;
      }
    /** A verified event of a type the app does not act on; recorded, nothing else. */
    | { type: 'ignored'; providerType: string }
  );

/** A correctly signed event whose object lacks what its type promises (e.g. `{}`). */
export class UnreadableWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableWebhookError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** What the provider says about one checkout: whose it is, for which plan, and whether it was paid. */
export type CheckoutOutcome = { userId: string | null; tier: PaidTier | null; isPaid: boolean };

/**
 * Where people pay. `stripe`: Checkout, Customer Portal and signed webhooks. `test`: pages of the
 * app itself, clearly marked as test payments, for trying every plan without Stripe. `none`:
 * nowhere (production without Stripe); plans are granted with the admin command.
 */
export interface BillingProvider {
  readonly kind: 'test' | 'stripe' | 'none';
  /** An address to send the person to for paying `tier`. */
  createCheckout(options: {
    userId: string;
    email: string;
    customerId: string | null;
    tier: PaidTier;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  /** An address where a paying customer manages or cancels their subscription. */
  createPortal(options: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The checkout `sessionId` as the provider knows it, or null when it knows none. */
  readCheckout(sessionId: string): Promise<CheckoutOutcome | null>;
  /** Verifies a webhook on its raw body and translates it; throws WebhookSignatureError. */
  parseWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ event: BillingEvent; providerType: string; payload: unknown }>;
}
