import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  ApiKeySchema as SharedApiKeySchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema as SharedCreatedApiKeySchema,
  UuidParamsSchema,
  WebhookBodySchema,
  WebhookDeliverySchema,
} from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { ApiKeyService } from './api-keys.service.js';

const ApiKeySchema = SharedApiKeySchema.meta({ id: 'ApiKey' });
const CreatedApiKeySchema = SharedCreatedApiKeySchema.meta({ id: 'CreatedApiKey' });
const DeliverySchema = WebhookDeliverySchema.meta({ id: 'WebhookDelivery' });

const OkSchema = z.object({ ok: z.literal(true) });

const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = {
  400: json('Invalid request', ErrorSchema),
  401: json('Not signed in', ErrorSchema),
  404: json('No such key of the signed-in person', ErrorSchema),
} as const;

const listRoute = createRoute({
  method: 'get',
  path: '/api-keys',
  tags: ['api keys'],
  summary: "The signed-in person's API keys in use, newest first",
  responses: {
    200: json('The keys', z.object({ items: z.array(ApiKeySchema) })),
    401: errors[401],
  },
});

const createKeyRoute = createRoute({
  method: 'post',
  path: '/api-keys',
  tags: ['api keys'],
  summary: 'Creates an API key; its secret is in this answer only',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: CreateApiKeyBodySchema } },
    },
  },
  responses: {
    201: json('Created', CreatedApiKeySchema),
    400: json('Invalid name, or already 10 keys', ErrorSchema),
    401: errors[401],
  },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/api-keys/{id}',
  tags: ['api keys'],
  summary: 'Revokes an API key: it stops working at once',
  request: { params: UuidParamsSchema },
  responses: { 200: json('Revoked', OkSchema), 401: errors[401], 404: errors[404] },
});

const setWebhookRoute = createRoute({
  method: 'put',
  path: '/api-keys/{id}/webhook',
  tags: ['api keys'],
  summary:
    "Sets the key's webhook: each finished or failed generation it started is posted there, signed with the secret in this answer",
  request: {
    params: UuidParamsSchema,
    body: {
      required: true,
      content: { 'application/json': { schema: WebhookBodySchema } },
    },
  },
  responses: {
    200: json(
      'Set; the signing secret is shown this once',
      z.object({ webhookUrl: z.string(), secret: z.string() }),
    ),
    ...errors,
  },
});

const clearWebhookRoute = createRoute({
  method: 'delete',
  path: '/api-keys/{id}/webhook',
  tags: ['api keys'],
  summary: "Removes the key's webhook",
  request: { params: UuidParamsSchema },
  responses: { 200: json('Removed', OkSchema), 401: errors[401], 404: errors[404] },
});

const deliveriesRoute = createRoute({
  method: 'get',
  path: '/api-keys/{id}/deliveries',
  tags: ['api keys'],
  summary: "The key's latest 50 webhook deliveries, newest first",
  request: { params: UuidParamsSchema },
  responses: {
    200: json('The deliveries', z.object({ items: z.array(DeliverySchema) })),
    401: errors[401],
    404: errors[404],
  },
});

/** The Settings screens' routes (session cookie): keys, their webhooks and delivery logs. */
export function createApiKeyRoutes(deps: { apiKeys: ApiKeyService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const user = requireUser(c);
      return c.json({ items: await deps.apiKeys.list(user.id) }, 200);
    })
    .openapi(createKeyRoute, async (c) => {
      const user = requireUser(c);
      const created = await deps.apiKeys.create(user.id, c.req.valid('json').name);
      return c.json(created, 201);
    })
    .openapi(revokeRoute, async (c) => {
      const user = requireUser(c);
      await deps.apiKeys.revoke(user.id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(setWebhookRoute, async (c) => {
      const user = requireUser(c);
      const result = await deps.apiKeys.setWebhook(
        user.id,
        c.req.valid('param').id,
        c.req.valid('json').url,
      );
      return c.json(result, 200);
    })
    .openapi(clearWebhookRoute, async (c) => {
      const user = requireUser(c);
      await deps.apiKeys.clearWebhook(user.id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(deliveriesRoute, async (c) => {
      const user = requireUser(c);
      const items = await deps.apiKeys.listDeliveries(user.id, c.req.valid('param').id);
      return c.json({ items }, 200);
    });
}
