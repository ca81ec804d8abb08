import { z } from 'zod';
import { BILLING_FREQUENCIES, PAID_PLANS } from '../billing.js';

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
