import { randomUUID } from 'node:crypto';
import { parseTier } from '@adtwin/shared';
import { WebhookSignatureError, type BillingProvider } from './billing-provider.js';

/**
 * The embedded default: checkout and portal are pages of the app (/subscription/test-checkout,
 * /subscription/manage). Their buttons call the billing service, which builds the same events a
 * Stripe webhook would and applies them through the same function.
 */
export function createTestBillingProvider(options: { publicUrl: string }): BillingProvider {
  return {
    kind: 'test',
    async createCheckout({ tier, cancelUrl }) {
      const { plan, frequency } = parseTier(tier)!;
      const url = new URL('/subscription/test-checkout', options.publicUrl);
      url.searchParams.set('session_id', `test_cs_${randomUUID()}`);
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
  };
}
