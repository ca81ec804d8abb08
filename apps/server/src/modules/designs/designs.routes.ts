import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import { ImageItemSchema, errorResponses } from '../../http/image-items.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import { DesignSchema, PagingQuerySchema } from '@adtwin/shared';
import type { DesignsService } from './designs.service.js';

// Built on the named ImageItem, so the document refers to it by name.
const NamedDesignSchema = ImageItemSchema.extend(DesignSchema.shape);

const listRoute = createRoute({
  method: 'get',
  path: '/designs',
  tags: ['designs'],
  summary: 'The caller’s generated designs, newest first',
  request: { query: PagingQuerySchema },
  responses: {
    200: {
      description: 'One page',
      content: {
        'application/json': {
          schema: z.object({ items: z.array(NamedDesignSchema) }),
        },
      },
    },
    ...errorResponses(ErrorSchema),
  },
});

export function createDesignRoutes(deps: { designs: DesignsService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(listRoute, async (c) => {
    const user = requireUser(c);
    const query = c.req.valid('query');
    return c.json({ items: await deps.designs.listDesigns({ userId: user.id, ...query }) }, 200);
  });
}
