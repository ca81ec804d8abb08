import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  CheckoutBodySchema as SharedCheckoutBodySchema,
  CheckoutSessionParamsSchema,
  CheckoutOutcomeSchema as SharedCheckoutOutcomeSchema,
  RedirectUrlSchema,
  SubscriptionSchema as SharedSubscriptionSchema,
  TestCancelBodySchema,
  TestChangePlanBodySchema,
  TestConfirmBodySchema,
} from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { BillingService } from './billing.service.js';

const SubscriptionSchema = SharedSubscriptionSchema.meta({ id: 'Subscription' });
const UrlSchema = RedirectUrlSchema.meta({ id: 'RedirectUrl' });
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = {
  400: json(ErrorSchema, 'Refused'),
  401: json(ErrorSchema, 'Not signed in'),
  404: json(ErrorSchema, 'Not available with this billing provider'),
  409: json(ErrorSchema, 'Not possible in the current state'),
  502: json(ErrorSchema, 'The payment provider failed'),
};

const getSubscriptionRoute = createRoute({
  method: 'get',
  path: '/billing/subscription',
  tags: ['billing'],
  summary: 'Plan, credits and the state of the subscription',
  responses: { 200: json(SubscriptionSchema, 'The subscription'), ...errors },
});

const CheckoutBodySchema = SharedCheckoutBodySchema.meta({ id: 'CheckoutBody' });

const checkoutRoute = createRoute({
  method: 'post',
  path: '/billing/checkout-session',
  tags: ['billing'],
  summary: 'Where to pay for a plan (a paying customer gets the portal instead)',
  request: {
    body: { required: true, content: { 'application/json': { schema: CheckoutBodySchema } } },
  },
  responses: { 200: json(UrlSchema, 'Redirect here'), ...errors },
});

const CheckoutOutcomeSchema = SharedCheckoutOutcomeSchema.meta({ id: 'CheckoutOutcome' });

const readCheckoutRoute = createRoute({
  method: 'get',
  path: '/billing/checkout-session/{sessionId}',
  tags: ['billing'],
  summary: "One of the person's checkouts as the payment provider records it: paid or open",
  request: { params: CheckoutSessionParamsSchema },
  responses: { 200: json(CheckoutOutcomeSchema, 'The checkout'), ...errors },
});

const portalRoute = createRoute({
  method: 'post',
  path: '/billing/portal-session',
  tags: ['billing'],
  summary: 'The customer portal, where a paying customer changes or cancels the plan',
  responses: { 200: json(UrlSchema, 'Redirect here'), ...errors },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/billing/webhook',
  tags: ['billing'],
  summary: "Stripe's webhook; verified on the raw body with STRIPE_WEBHOOK_SECRET",
  responses: {
    200: json(z.object({ received: z.boolean(), result: z.string() }), 'Recorded'),
    400: json(ErrorSchema, 'Bad signature'),
    404: json(ErrorSchema, 'Stripe is not configured'),
  },
});

const TestConfirmSchema = TestConfirmBodySchema.meta({ id: 'TestCheckoutConfirm' });

const testConfirmRoute = createRoute({
  method: 'post',
  path: '/billing/test/confirm',
  tags: ['billing'],
  summary: 'Test provider: completes a test checkout (no payment is taken)',
  request: {
    body: { required: true, content: { 'application/json': { schema: TestConfirmSchema } } },
  },
  responses: { 200: json(SubscriptionSchema, 'The new subscription'), ...errors },
});

const testChangeRoute = createRoute({
  method: 'post',
  path: '/billing/test/change-plan',
  tags: ['billing'],
  summary: 'Test provider: switches plan, starting a new period',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: TestChangePlanBodySchema } },
    },
  },
  responses: { 200: json(SubscriptionSchema, 'The changed subscription'), ...errors },
});

const testCancelRoute = createRoute({
  method: 'post',
  path: '/billing/test/cancel',
  tags: ['billing'],
  summary: 'Test provider: cancels at the period end (cancel: false resumes)',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: TestCancelBodySchema } },
    },
  },
  responses: { 200: json(SubscriptionSchema, 'The subscription'), ...errors },
});

const testEndRoute = createRoute({
  method: 'post',
  path: '/billing/test/end-period',
  tags: ['billing'],
  summary: 'Test provider: ends the current period now, as if its time had passed',
  responses: { 200: json(SubscriptionSchema, 'The subscription'), ...errors },
});

export function createBillingRoutes(deps: { billing: BillingService }) {
  const { billing } = deps;
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getSubscriptionRoute, async (c) => {
      const user = requireUser(c);
      return c.json(await billing.getSubscription(user.id), 200);
    })
    .openapi(checkoutRoute, async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      const result = await billing.startCheckout({
        userId: user.id,
        plan: body.planType,
        frequency: body.frequency,
      });
      return c.json(result, 200);
    })
    .openapi(readCheckoutRoute, async (c) => {
      const user = requireUser(c);
      const { sessionId } = c.req.valid('param');
      return c.json(await billing.readCheckout({ userId: user.id, sessionId }), 200);
    })
    .openapi(portalRoute, async (c) => {
      const user = requireUser(c);
      return c.json(await billing.openPortal(user.id), 200);
    })
    .openapi(webhookRoute, async (c) => {
      const raw = await c.req.text();
      const result = await billing.receiveWebhook(raw, c.req.header('stripe-signature'));
      return c.json({ received: true, result }, 200);
    })
    .openapi(testConfirmRoute, async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      return c.json(await billing.confirmTestCheckout({ userId: user.id, ...body }), 200);
    })
    .openapi(testChangeRoute, async (c) => {
      const user = requireUser(c);
      const { tier } = c.req.valid('json');
      return c.json(await billing.changeTestPlan({ userId: user.id, tier }), 200);
    })
    .openapi(testCancelRoute, async (c) => {
      const user = requireUser(c);
      const { cancel } = c.req.valid('json');
      return c.json(await billing.setTestCancellation({ userId: user.id, cancel }), 200);
    })
    .openapi(testEndRoute, async (c) => {
      const user = requireUser(c);
      return c.json(await billing.endTestPeriod(user.id), 200);
    });
}
