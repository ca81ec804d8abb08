import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  PERIOD_DAYS,
  SUBSCRIPTION_MESSAGES,
  isKnownPaidTier,
  parseTier,
  tierFor,
  type BillingFrequency,
  type PaidPlan,
  type PaidTier,
  type Subscription,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import {
  UnreadableWebhookError,
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
} from '../../platform/billing/billing-provider.js';
import type { TestBillingProvider } from '../../platform/billing/test-billing-provider.js';
import { addCredits } from '../credits/credits.queries.js';
import {
  applyBillingEvent,
  changeAccount,
  selectBillingState,
  selectTier,
  selectUserIdByEmail,
} from './billing.queries.js';
import {
  accountOfEvent,
  decideBillingEvent,
  decidePlanSet,
  decideSettle,
} from './billing.rules.js';

/** What GET /api/billing/subscription answers (the shared schema's type). */
export type SubscriptionState = Subscription;

const DAY_MS = 86_400_000;

export function createBillingService(deps: {
  db: Database;
  provider: BillingProvider;
  publicUrl: string;
  logger: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { db, provider } = deps;

  async function apply(event: BillingEvent, providerType: string, payload: unknown) {
    const result = await applyBillingEvent(db, {
      provider: provider.kind,
      eventId: event.id,
      providerType,
      payload,
      lookup: accountOfEvent(event),
      decide: (account) => decideBillingEvent(account, event),
    });
    deps.logger.info({ eventId: event.id, type: providerType, result }, 'billing event');
    return result;
  }

  /** Ends a cancelled subscription whose period is over (no provider event says so). */
  async function settle(userId: string) {
    const at = now();
    await changeAccount(db, { userId, decide: (account) => decideSettle(account, at) });
  }

  async function requireState(userId: string) {
    await settle(userId);
    const state = await selectBillingState(db, userId);
    if (!state)
      throw new DomainError('unauthenticated', SUBSCRIPTION_MESSAGES.sessionNotFound, 'no_session');
    return state;
  }

  function requireTestProvider(): TestBillingProvider {
    if (provider.kind !== 'test' || !('findCheckout' in provider))
      throw new DomainError('not_found', 'Test payments are off on this server.');
    return provider as TestBillingProvider;
  }

  return {
    kind: provider.kind,

    /** Ends a cancelled subscription whose period is over; called before account reads. */
    settle,

    /**
     * The person's plan, after ending a cancelled subscription whose period is over: the one
     * way every module reads the tier, so no check sees a plan that has already ended.
     */
    async readTier(userId: string): Promise<string> {
      await settle(userId);
      return selectTier(db, userId);
    },

    async getSubscription(userId: string): Promise<SubscriptionState> {
      const state = await requireState(userId);
      return {
        provider: provider.kind,
        tier: state.tier,
        credits: state.credits,
        creditsUsed: state.creditsUsed,
        status: state.status,
        periodEndsAt: state.periodEndsAt?.toISOString() ?? null,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        hasCustomer: Boolean(state.customerId),
      };
    },

    /**
     * Upgrade: Checkout for a free user; a paying user goes to the portal instead (spec §4),
     * so nobody ends up with two subscriptions.
     */
    async startCheckout(options: { userId: string; plan: PaidPlan; frequency: BillingFrequency }) {
      const state = await requireState(options.userId);
      if (state.tier !== 'free' && state.customerId) {
        return provider.createPortal({
          customerId: state.customerId,
          returnUrl: `${deps.publicUrl}/subscription`,
        });
      }
      const success = new URL('/subscription', deps.publicUrl);
      success.searchParams.set('plan', options.plan);
      success.searchParams.set('type', options.frequency);
      // Stripe fills the placeholder; it must stay unencoded.
      const successUrl = `${success.toString()}&session_id={CHECKOUT_SESSION_ID}`;
      const cancel = new URL('/subscription', deps.publicUrl);
      cancel.searchParams.set('frequency', options.frequency);
      try {
        return await provider.createCheckout({
          userId: options.userId,
          email: state.email,
          customerId: state.customerId,
          tier: tierFor(options.plan, options.frequency),
          successUrl,
          cancelUrl: cancel.toString(),
        });
      } catch (error) {
        if (error instanceof DomainError) throw error;
        deps.logger.error({ err: error }, 'checkout session failed');
        throw new DomainError(
          'provider_failed',
          SUBSCRIPTION_MESSAGES.checkoutFailed,
          'checkout_failed',
        );
      }
    },

    async openPortal(userId: string) {
      const state = await requireState(userId);
      if (!state.customerId)
        throw new DomainError('invalid', SUBSCRIPTION_MESSAGES.customerNotFound, 'no_customer');
      try {
        return await provider.createPortal({
          customerId: state.customerId,
          returnUrl: `${deps.publicUrl}/subscription`,
        });
      } catch (error) {
        if (error instanceof DomainError) throw error;
        deps.logger.error({ err: error }, 'portal session failed');
        throw new DomainError(
          'provider_failed',
          SUBSCRIPTION_MESSAGES.redirectFailed,
          'portal_failed',
        );
      }
    },

    /** Stripe's webhook: verified on the raw body, then applied once. */
    async receiveWebhook(rawBody: string, signature: string | undefined) {
      if (provider.kind !== 'stripe') throw new DomainError('not_found', 'Not found');
      let parsed;
      try {
        parsed = await provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new DomainError('invalid', 'Invalid signature', 'invalid_signature');
        if (error instanceof UnreadableWebhookError) {
          deps.logger.warn({ err: error }, 'unreadable billing event');
          throw new DomainError('invalid', 'Unreadable event', 'unreadable_event');
        }
        throw error;
      }
      return apply(parsed.event, parsed.providerType, parsed.payload);
    },

    /**
     * A checkout the person came back from: paid or still open, and for which plan, as the
     * provider records it. Someone else's checkout, or one the provider does not know, is not
     * found (the address of the return page proves nothing).
     */
    async readCheckout(options: { userId: string; sessionId: string }) {
      let outcome;
      try {
        outcome = await provider.readCheckout(options.sessionId);
      } catch (error) {
        deps.logger.error({ err: error }, 'checkout session read failed');
        throw new DomainError(
          'provider_failed',
          SUBSCRIPTION_MESSAGES.somethingWrong,
          'checkout_read_failed',
        );
      }
      const parsed = outcome?.tier ? parseTier(outcome.tier) : null;
      if (!outcome || outcome.userId !== options.userId || !parsed)
        throw new DomainError('not_found', 'This checkout was not found.', 'checkout_not_found');
      return {
        status: outcome.isPaid ? ('paid' as const) : ('open' as const),
        plan: parsed.plan,
        frequency: parsed.frequency,
      };
    },

    // --- the test provider's pages -----------------------------------------------------------

    /** The test checkout's confirm button: the events Stripe would send for a paid checkout. */
    async confirmTestCheckout(options: { userId: string; sessionId: string }) {
      const testProvider = requireTestProvider();
      const checkout = testProvider.findCheckout(options.sessionId, options.userId);
      if (!checkout)
        throw new DomainError('not_found', 'This test checkout has expired. Please start again.');
      const state = await requireState(options.userId);
      if (state.tier !== 'free')
        throw new DomainError(
          'conflict',
          'You already have a subscription; use Manage to change it.',
        );
      const at = now();
      const customerId = state.customerId ?? `test_cus_${options.userId}`;
      const subscriptionId = `test_sub_${options.sessionId}`;
      const tier = checkout.tier;
      const periodEnd = new Date(at.getTime() + PERIOD_DAYS[parseTier(tier)!.frequency] * DAY_MS);
      const base = `test_evt_${options.sessionId}`;
      await apply(
        {
          id: `${base}_checkout`,
          createdAt: at,
          type: 'checkout_completed',
          userId: options.userId,
          customerId,
        },
        'checkout.session.completed',
        { sessionId: options.sessionId },
      );
      await apply(
        {
          id: `${base}_subscription`,
          createdAt: at,
          type: 'subscription_updated',
          userId: options.userId,
          customerId,
          subscriptionId,
          tier,
          status: 'active',
          periodEnd,
          cancelAtPeriodEnd: false,
        },
        'customer.subscription.created',
        { sessionId: options.sessionId, tier },
      );
      await apply(
        {
          id: `${base}_invoice`,
          createdAt: at,
          type: 'invoice_paid',
          invoiceId: `test_in_${options.sessionId}`,
          customerId,
          userId: options.userId,
          subscriptionId,
          tier,
          periodEnd,
        },
        'invoice.paid',
        { sessionId: options.sessionId, tier },
      );
      testProvider.markCheckoutPaid(options.sessionId);
      return this.getSubscription(options.userId);
    },

    /** The test portal's plan switch: a new period on the new plan, paid at once. */
    async changeTestPlan(options: { userId: string; tier: PaidTier }) {
      requireTestProvider();
      const state = await requireState(options.userId);
      if (!isKnownPaidTier(state.tier) || !state.customerId)
        throw new DomainError('conflict', 'There is no subscription to change.');
      const at = now();
      const { frequency } = parseTier(options.tier)!;
      const periodEnd = new Date(at.getTime() + PERIOD_DAYS[frequency] * DAY_MS);
      const subscriptionId = state.subscriptionId ?? `test_sub_${randomUUID()}`;
      const change = randomUUID();
      await apply(
        {
          id: `test_evt_${change}_subscription`,
          createdAt: at,
          type: 'subscription_updated',
          userId: options.userId,
          customerId: state.customerId,
          subscriptionId,
          tier: options.tier,
          status: 'active',
          periodEnd,
          cancelAtPeriodEnd: false,
        },
        'customer.subscription.updated',
        { tier: options.tier },
      );
      await apply(
        {
          id: `test_evt_${change}_invoice`,
          createdAt: at,
          type: 'invoice_paid',
          invoiceId: `test_in_${change}`,
          customerId: state.customerId,
          userId: options.userId,
          subscriptionId,
          tier: options.tier,
          periodEnd,
        },
        'invoice.paid',
        { tier: options.tier },
      );
      return this.getSubscription(options.userId);
    },

    /** The test portal's cancel (or resume): the subscription ends with its period. */
    async setTestCancellation(options: { userId: string; cancel: boolean }) {
      requireTestProvider();
      const state = await requireState(options.userId);
      if (!isKnownPaidTier(state.tier) || !state.customerId || !state.periodEndsAt)
        throw new DomainError('conflict', 'There is no subscription to cancel.');
      await apply(
        {
          id: `test_evt_${randomUUID()}`,
          createdAt: now(),
          type: 'subscription_updated',
          userId: options.userId,
          customerId: state.customerId,
          subscriptionId: state.subscriptionId ?? `test_sub_${randomUUID()}`,
          tier: state.tier,
          status: 'active',
          periodEnd: state.periodEndsAt,
          cancelAtPeriodEnd: options.cancel,
        },
        'customer.subscription.updated',
        { cancelAtPeriodEnd: options.cancel },
      );
      return this.getSubscription(options.userId);
    },

    /** The test portal's clock: ends the current period now, as if its time had passed. */
    async endTestPeriod(userId: string) {
      requireTestProvider();
      const state = await requireState(userId);
      if (!isKnownPaidTier(state.tier) || !state.customerId)
        throw new DomainError('conflict', 'There is no subscription to end.');
      await apply(
        {
          id: `test_evt_${randomUUID()}`,
          createdAt: now(),
          type: 'subscription_deleted',
          userId,
          customerId: state.customerId,
          subscriptionId: state.subscriptionId ?? '',
          periodEnd: state.periodEndsAt ?? now(),
        },
        'customer.subscription.deleted',
        { reason: 'test clock' },
      );
      return this.getSubscription(userId);
    },

    // --- administration ----------------------------------------------------------------------

    async grantCreditsByEmail(email: string, amount: number) {
      const userId = await selectUserIdByEmail(db, email);
      if (!userId) throw new Error(`No account with the e-mail ${email}`);
      await addCredits(db, {
        userId,
        amount,
        key: `admin:${randomUUID()}`,
        note: 'Granted by an administrator',
      });
      return selectBillingState(db, userId);
    },

    async setPlanByEmail(email: string, tier: PaidTier | 'free', days?: number) {
      const userId = await selectUserIdByEmail(db, email);
      if (!userId) throw new Error(`No account with the e-mail ${email}`);
      const frequency = tier === 'free' ? 'monthly' : parseTier(tier)!.frequency;
      const change = { tier, days: days ?? PERIOD_DAYS[frequency], now: now() };
      const hasProfile = await changeAccount(db, {
        userId,
        decide: (account) => decidePlanSet(account, change),
      });
      if (!hasProfile) throw new Error('No profile for this user');
      return selectBillingState(db, userId);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
