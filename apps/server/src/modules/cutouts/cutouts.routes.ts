import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { CutOutSchema as SharedCutOutSchema, UuidParamsSchema } from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { FileFieldSchema, errorResponses, readFileBytes } from '../../http/image-items.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { CutOutService } from './cutouts.service.js';

const errors = errorResponses(ErrorSchema);

const CutOutSchema = SharedCutOutSchema.meta({ id: 'CutOut' });

const getRoute = createRoute({
  method: 'get',
  path: '/uploads/{id}/cut-out',
  tags: ['uploads'],
  summary:
    'The product cut out of one of the caller’s uploads (made on first request), and warnings',
  request: { params: UuidParamsSchema },
  responses: {
    200: { description: 'The cut-out', content: { 'application/json': { schema: CutOutSchema } } },
    ...errors,
  },
});

const maskRoute = createRoute({
  method: 'put',
  path: '/uploads/{id}/cut-out',
  tags: ['uploads'],
  summary:
    'Replace the cut-out by a touched-up mask (opaque or bright pixels are the product); later generations use it',
  request: {
    params: UuidParamsSchema,
    body: { content: { 'multipart/form-data': { schema: z.object({ mask: FileFieldSchema }) } } },
  },
  responses: {
    200: { description: 'Stored', content: { 'application/json': { schema: CutOutSchema } } },
    ...errors,
  },
});

export function createCutOutRoutes(deps: { cutOuts: CutOutService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getRoute, async (c) => {
      const user = requireUser(c);
      return c.json(await deps.cutOuts.describe(user.id, c.req.valid('param').id), 200);
    })
    .openapi(maskRoute, async (c) => {
      const user = requireUser(c);
      const { mask } = c.req.valid('form');
      const view = await deps.cutOuts.saveMask(
        user.id,
        c.req.valid('param').id,
        await readFileBytes(mask),
      );
      return c.json(view, 200);
    });
}
