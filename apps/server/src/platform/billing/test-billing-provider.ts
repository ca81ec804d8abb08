import { randomUUID } from 'node:crypto';
import { parseTier, type PaidTier } from '@adtwin/shared';
import { DomainError } from '../../domain-error.js';
import { WebhookSignatureError, type BillingProvider } from './billing-provider.js';

/** What a test checkout was opened for, kept by the server: the confirm button names only its id. */
export type TestCheckoutRecord = { userId: string; tier: PaidTier; isPaid: boolean };

export type TestBillingProvider = BillingProvider & {
  /** The checkout `sessionId` opened for `userId`, or null (unknown, someone else's). */
  findCheckout(sessionId: string, userId: string): TestCheckoutRecord | null;
  /** The test checkout's confirm button was pressed: the checkout counts as paid. */
  markCheckoutPaid(sessionId: string): void;
};

/** Open test checkouts are forgotten after a day, as Stripe's expire. */
const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured on this server. An administrator can grant plans.';

/** Production without Stripe: nobody can pay, and nothing pretends to take a payment. */
export function createNoBillingProvider(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw new DomainError('unavailable', PAYMENTS_NOT_CONFIGURED, 'payments_not_configured');
  };
  return {
    kind: 'none',
    createCheckout: refuse,
    createPortal: refuse,
    async readCheckout() {
      return null;
    },
    async parseWebhook() {
      throw new WebhookSignatureError('This server takes no payments');
    },
  };
}

/**
 * The embedded default: checkout and portal are pages of the app (/subscription/test-checkout,
 * /subscription/manage). Their buttons call the billing service, which builds the same events a
 * Stripe webhook would and applies them through the same function.
 */
export function createTestBillingProvider(options: { publicUrl: string }): TestBillingProvider {
  const checkouts = new Map<string, TestCheckoutRecord & { expiresAt: number }>();
  return {
    kind: 'test',
    async createCheckout({ userId, tier, cancelUrl }) {
      const { plan, frequency } = parseTier(tier)!;
      const sessionId = `test_cs_${randomUUID()}`;
      const now = Date.now();
      for (const [id, record] of checkouts) if (record.expiresAt < now) checkouts.delete(id);
      checkouts.set(sessionId, {
        userId,
        tier,
        isPaid: false,
        expiresAt: now + CHECKOUT_LIFETIME_MS,
      });
      const url = new URL('/subscription/test-checkout', options.publicUrl);
      url.searchParams.set('session_id', sessionId);
      url.searchParams.set('plan', plan);
      url.searchParams.set('frequency', frequency);
      url.searchParams.set('cancel_url', new URL(cancelUrl).pathname + new URL(cancelUrl).search);
      return { url: url.toString() };
    },
    async createPortal() {
      return { url: new URL('/subscription/manage', options.publicUrl).toString() };
    },
    async parseWebhook() {
      throw new WebhookSignatureError('Webhooks are not used by the test billing provider');
    },
    async readCheckout(sessionId) {
      const record = checkouts.get(sessionId);
      if (!record) return null;
      return { userId: record.userId, tier: record.tier, isPaid: record.isPaid };
    },
    findCheckout(sessionId, userId) {
      const record = checkouts.get(sessionId);
      if (!record || record.userId !== userId || record.expiresAt < Date.now()) return null;
      return { userId: record.userId, tier: record.tier, isPaid: record.isPaid };
    },
    markCheckoutPaid(sessionId) {
      const record = checkouts.get(sessionId);
      if (record) record.isPaid = true;
    },
  };
}
