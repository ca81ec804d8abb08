import { z } from 'zod';
import { BILLING_FREQUENCIES, PAID_PLANS, type PaidTier } from '../billing.js';
import { SUBSCRIPTION_TIERS } from '../limits.js';

/** Plan, credits and the state of the subscription, as GET /api/billing/subscription answers. */
export const SubscriptionSchema = z.object({
  provider: z.enum(['test', 'stripe', 'none']),
  tier: z.string(),
  credits: z.number().int(),
  creditsUsed: z.number().int(),
  status: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  hasCustomer: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const CheckoutBodySchema = z.object({
  planType: z.enum(PAID_PLANS),
  frequency: z.enum(BILLING_FREQUENCIES),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** A checkout the person came back from, as the payment provider records it. */
export const CheckoutOutcomeSchema = z.object({
  status: z.enum(['paid', 'open']),
  plan: z.enum(PAID_PLANS),
  frequency: z.enum(BILLING_FREQUENCIES),
});
export type CheckoutOutcome = z.infer<typeof CheckoutOutcomeSchema>;

/** Where to send the person next (checkout or portal). */
export const RedirectUrlSchema = z.object({ url: z.string() });

/** Stripe's `cs_...` ids and the test provider's `test_cs_<uuid>`. */
export const CheckoutSessionParamsSchema = z.object({
  sessionId: z.string().regex(/^(cs|test_cs)_[A-Za-z0-9_-]{1,200}$/),
});

// The test provider's controls (the test checkout page and the e2e tests).

/** Only the checkout's id: its plan is the one the server recorded when the checkout opened. */
export const TestConfirmBodySchema = z.object({
  sessionId: z.string().regex(/^test_cs_[0-9a-f-]{36}$/),
});

const PAID_TIERS = SUBSCRIPTION_TIERS.filter((tier) => tier !== 'free') as [
  PaidTier,
  ...PaidTier[],
];
export const TestChangePlanBodySchema = z.object({ tier: z.enum(PAID_TIERS) });

export const TestCancelBodySchema = z.object({ cancel: z.boolean() });
