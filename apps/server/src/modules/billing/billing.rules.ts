import { randomUUID } from 'node:crypto';
import { allowanceOf, isKnownPaidTier, type PaidTier } from '@adtwin/shared';
import type { BillingEvent } from '../../platform/billing/billing-provider.js';
import type { AccountLookup, BillingAccount, BillingChange } from './billing.queries.js';

// The billing state machine, as the billing service's rules: given an account (locked by the
// queries) and what happened, what changes. No SQL here; billing.queries.ts writes the change.

/** Statuses in which a Stripe subscription is still paid for (past_due: Stripe is retrying). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * Is this state newer than the stored one? The event's creation time decides; the period end
 * breaks ties within one second (Stripe's clock granularity). Period end alone cannot decide:
 * moving from a monthly to a weekly price resets the billing anchor, so the new period ends
 * earlier than the old one.
 */
function isNewer(account: BillingAccount, periodEnd: Date, createdAt: Date): boolean {
  if (!account.billingStateAt) return true;
  const stored = account.billingStateAt.getTime();
  if (createdAt.getTime() !== stored) return createdAt.getTime() > stored;
  return !account.periodEndsAt || periodEnd.getTime() >= account.periodEndsAt.getTime();
}

/** Starts a paid period: the tier's allowance, nothing used, the old balance written off. */
function startPeriod(
  account: BillingAccount,
  options: { key: string; tier: PaidTier; note: string },
): NonNullable<BillingChange['periodStart']> {
  const allowance = allowanceOf(options.tier);
  const balance = account.credits - account.creditsUsed;
  return {
    grant: { kind: 'grant', amount: allowance, key: `grant:${options.key}`, note: options.note },
    reset:
      balance !== 0
        ? {
            kind: 'reset',
            amount: -balance,
            key: `reset:${options.key}`,
            note: 'Balance of the previous period',
          }
        : null,
    credits: allowance,
  };
}

/** Back to free: what is left of the paid allowance expires with the period. */
function endSubscription(account: BillingAccount, key: string, at: Date): BillingChange {
  const balance = account.credits - account.creditsUsed;
  return {
    outcome: 'applied',
    entries:
      balance > 0
        ? [
            {
              kind: 'reset',
              amount: -balance,
              key: `expire:${key}`,
              note: 'Paid allowance expired with the period',
            },
          ]
        : [],
    set: {
      subscriptionTier: 'free',
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
      credits: Math.max(account.creditsUsed, 0),
      billingStateAt: at,
    },
  };
}

/** Which account an event is about (null: none, the event is only recorded). */
export function accountOfEvent(event: BillingEvent): AccountLookup | null {
  switch (event.type) {
    case 'ignored':
      return null;
    case 'payment_failed':
      return { customerId: event.customerId };
    default:
      return { userId: event.userId, customerId: event.customerId };
  }
}

/** What a provider event changes on the person's account. */
export function decideBillingEvent(
  account: BillingAccount | null,
  event: BillingEvent,
): BillingChange {
  if (event.type === 'ignored') return { outcome: 'ignored' };
  if (!account) return { outcome: 'unmatched' };
  switch (event.type) {
    case 'checkout_completed':
      return { outcome: 'applied', set: { stripeCustomerId: event.customerId } };
    case 'invoice_paid': {
      const isNewest = isNewer(account, event.periodEnd, event.createdAt);
      // An invoice of an earlier period arriving late changes nothing. (A late invoice of the
      // current period still grants it: its allowance was never given.)
      if (
        !isNewest &&
        account.periodEndsAt &&
        event.periodEnd.getTime() < account.periodEndsAt.getTime()
      )
        return { outcome: 'stale' };
      const tier = isNewest ? event.tier : account.subscriptionTier;
      // A newer state already ended the subscription: a late invoice of that period grants nothing.
      if (!isKnownPaidTier(tier)) return { outcome: 'stale' };
      return {
        // 'duplicate' instead when this invoice's period was already started.
        outcome: 'applied',
        periodStart: startPeriod(account, {
          key: `invoice:${event.invoiceId}`,
          tier,
          note: `Invoice ${event.invoiceId}`,
        }),
        set: {
          subscriptionTier: tier,
          stripeCustomerId: account.stripeCustomerId ?? event.customerId,
          periodEndsAt:
            isNewest || !account.periodEndsAt || event.periodEnd > account.periodEndsAt
              ? event.periodEnd
              : account.periodEndsAt,
          ...(isNewest
            ? {
                subscriptionStatus: 'active',
                subscriptionId: event.subscriptionId ?? account.subscriptionId,
                billingStateAt: event.createdAt,
              }
            : {}),
        },
      };
    }
    case 'payment_failed':
      if (account.subscriptionTier === 'free') return { outcome: 'stale' };
      return { outcome: 'applied', set: { subscriptionStatus: 'past_due' } };
    case 'subscription_updated': {
      if (!isNewer(account, event.periodEnd, event.createdAt)) return { outcome: 'stale' };
      if (!LIVE_STATUSES.has(event.status)) {
        // incomplete: checkout not paid yet; canceled/unpaid/incomplete_expired: it is over.
        if (event.status === 'incomplete') return { outcome: 'ignored' };
        if (account.subscriptionTier === 'free') return { outcome: 'applied' };
        return endSubscription(account, `${event.subscriptionId}:${event.id}`, event.createdAt);
      }
      return {
        outcome: 'applied',
        set: {
          ...(event.tier ? { subscriptionTier: event.tier } : {}),
          subscriptionStatus: event.status,
          subscriptionId: event.subscriptionId,
          cancelAtPeriodEnd: event.cancelAtPeriodEnd,
          periodEndsAt: event.periodEnd,
          billingStateAt: event.createdAt,
          stripeCustomerId: account.stripeCustomerId ?? event.customerId,
        },
      };
    }
    case 'subscription_deleted':
      // The end of an older subscription does not end the one that replaced it.
      if (account.subscriptionId && account.subscriptionId !== event.subscriptionId)
        return { outcome: 'stale' };
      if (account.subscriptionTier === 'free') return { outcome: 'stale' };
      return endSubscription(account, `${event.subscriptionId}`, event.createdAt);
  }
}

/**
 * A subscription that was cancelled, or whose provider stopped renewing it, ends once its period
 * is over even when no provider event says so (the test provider never sends one).
 */
export function decideSettle(account: BillingAccount, now: Date): BillingChange | null {
  if (account.subscriptionTier === 'free' || !account.periodEndsAt) return null;
  if (account.periodEndsAt.getTime() > now.getTime()) return null;
  if (!account.cancelAtPeriodEnd && account.subscriptionStatus !== 'canceled') return null;
  return endSubscription(
    account,
    `${account.subscriptionId ?? 'none'}:${account.periodEndsAt.toISOString()}`,
    now,
  );
}

/** A tier set outside any payment provider (admin command): a fresh period of `days`. */
export function decidePlanSet(
  account: BillingAccount,
  options: { tier: PaidTier | 'free'; days: number; now: Date },
): BillingChange {
  const key = `admin:${randomUUID()}`;
  if (options.tier === 'free') return endSubscription(account, key, options.now);
  return {
    outcome: 'applied',
    periodStart: startPeriod(account, {
      key,
      tier: options.tier,
      note: 'Plan set by an administrator',
    }),
    set: {
      subscriptionTier: options.tier,
      subscriptionStatus: 'active',
      subscriptionId: null,
      cancelAtPeriodEnd: true,
      periodEndsAt: new Date(options.now.getTime() + options.days * 86_400_000),
      billingStateAt: options.now,
    },
  };
}
