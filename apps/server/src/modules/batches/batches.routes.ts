import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  BatchRequestSchema as SharedBatchRequestSchema,
  BatchSchema as SharedBatchSchema,
} from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { BatchService } from './batches.service.js';

export const BatchRequestSchema = SharedBatchRequestSchema.meta({ id: 'BatchRequest' });

export const BatchSchema = SharedBatchSchema.meta({ id: 'Batch' });

const createBatchRoute = createRoute({
  method: 'post',
  path: '/batches',
  tags: ['generations'],
  summary:
    'Runs one product through up to 20 official templates; each item reserves one credit, and those that cannot start say why',
  request: {
    body: { required: true, content: { 'application/json': { schema: BatchRequestSchema } } },
  },
  responses: {
    201: {
      description: 'Started (some items may not have)',
      content: { 'application/json': { schema: BatchSchema } },
    },
    400: {
      description: 'Invalid request',
      content: { 'application/json': { schema: ErrorSchema } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
    404: {
      description: 'Product upload not found',
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
});

/** The editor's batch screen: the same service as the public API's batches. */
export function createBatchRoutes(deps: { batches: BatchService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createBatchRoute,
    async (c) => {
      const user = requireUser(c);
      return c.json(await deps.batches.create(user.id, c.req.valid('json')), 201);
    },
  );
}
