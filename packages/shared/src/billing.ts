import type { SubscriptionTier } from './limits.js';

/** Plans, prices and allowances of the specification (section 9), one source for every side. */
export const BILLING_FREQUENCIES = ['weekly', 'monthly'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];
export const DEFAULT_BILLING_FREQUENCY: BillingFrequency = 'monthly';

export const PAID_PLANS = ['pro', 'enterprise'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

export type PlanPrice = { priceEur: number; credits: number };

export type PlanDefinition = {
  id: PaidPlan;
  label: string;
  description: string;
  features: readonly string[];
  weekly: PlanPrice;
  monthly: PlanPrice;
};

export const PLANS: Record<PaidPlan, PlanDefinition> = {
  pro: {
    id: 'pro',
    label: 'Pro',
    description: 'For creators and shops making ads every week.',
    features: ['Private templates', 'Full-resolution downloads', 'PNG, JPG and WebP exports'],
    weekly: { priceEur: 7.99, credits: 10 },
    monthly: { priceEur: 24, credits: 40 },
  },
  enterprise: {
    id: 'enterprise',
    label: 'Enterprise',
    description: 'For teams with a steady stream of products.',
    features: ['Everything in Pro', 'Beta features', 'Priority support'],
    weekly: { priceEur: 16.3, credits: 25 },
    monthly: { priceEur: 49, credits: 100 },
  },
};

export const FREQUENCY_LABELS: Record<BillingFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** Days in one billing period, used by the test provider to set period ends. */
export const PERIOD_DAYS: Record<BillingFrequency, number> = { weekly: 7, monthly: 30 };

export type PaidTier = Exclude<SubscriptionTier, 'free'>;

export function tierFor(plan: PaidPlan, frequency: BillingFrequency): PaidTier {
  return `${plan}_${frequency}`;
}

/** The plan and frequency of a paid tier; null for free (or anything unknown). */
export function parseTier(tier: string): { plan: PaidPlan; frequency: BillingFrequency } | null {
  const [plan, frequency] = tier.split('_');
  if (
    !(PAID_PLANS as readonly string[]).includes(plan ?? '') ||
    !(BILLING_FREQUENCIES as readonly string[]).includes(frequency ?? '')
  )
    return null;
  return { plan: plan as PaidPlan, frequency: frequency as BillingFrequency };
}

/** Images a tier grants per period. */
export function allowanceOf(tier: PaidTier): number {
  const parsed = parseTier(tier)!;
  return PLANS[parsed.plan][parsed.frequency].credits;
}

/** A known paid tier (narrows the type); shell.ts's isPaidTier answers "anything but free". */
export function isKnownPaidTier(tier: string): tier is PaidTier {
  return parseTier(tier) !== null;
}

export function tierLabel(tier: string): string {
  const parsed = parseTier(tier);
  if (!parsed) return 'Free';
  return `${PLANS[parsed.plan].label} ${FREQUENCY_LABELS[parsed.frequency]}`;
}

/** A price in euros as the reader's locale writes money: "€16.30" in en-US, "16,30 €" in de-DE. */
export function formatEur(amount: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
}

/** Usage percentage: credits used over credits (0 when there are none). */
export function usagePercent(creditsUsed: number, credits: number): number {
  if (credits <= 0) return 0;
  return Math.min(100, Math.round((creditsUsed / credits) * 100));
}

export const SUBSCRIPTION_MESSAGES = {
  mustBeLoggedIn: 'You must be logged in to upgrade.',
  sessionNotFound: 'User session not found. Please log in again.',
  customerNotFound: 'Stripe customer ID not found',
  redirectFailed: 'Could not redirect to payment. Please try again.',
  somethingWrong: 'Something went wrong',
  checkoutFailed: 'Failed to create checkout session',
} as const;

/** Success after returning from checkout: `type` is the frequency, `plan` the plan. */
export function upgradeSuccessMessage(type: string, plan: string): string {
  return `Successfully upgraded to ${type} ${plan} plan!`;
}

/** Delay before credits are read again after a successful checkout return (spec: 1000 ms). */
export const CHECKOUT_RETURN_REFRESH_MS = 1000;
