import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  TemplateCardSchema as SharedTemplateCardSchema,
  TemplateDetailSchema as SharedTemplateDetailSchema,
  TemplateListQuerySchema,
  SerialIdParamsSchema,
  TemplateCategorySchema,
  TemplateVoteParamsSchema,
  VoteBodySchema,
  VoteReplySchema,
  VOTE_MESSAGES,
} from '@adtwin/shared';
import { PublicError } from '../../http/errors.js';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { TemplatesService } from './templates.service.js';

const TemplateCardSchema = SharedTemplateCardSchema.meta({ id: 'TemplateCard' });
const TemplateDetailSchema = SharedTemplateDetailSchema.meta({ id: 'TemplateDetail' });

const errors = {
  400: { description: 'Bad input', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  404: {
    description: 'No such template',
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const;

const listRoute = createRoute({
  method: 'get',
  path: '/templates',
  tags: ['templates'],
  summary: 'Official templates: category, name search, sort and paging',
  request: {
    query: TemplateListQuerySchema,
  },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: z.object({ items: z.array(TemplateCardSchema) }) } },
    },
    ...errors,
  },
});

const categoriesRoute = createRoute({
  method: 'get',
  path: '/template-categories',
  tags: ['templates'],
  summary: 'The fixed category list with a cover image each',
  responses: {
    200: {
      description: 'Categories in strip order',
      content: {
        'application/json': { schema: z.object({ items: z.array(TemplateCategorySchema) }) },
      },
    },
    ...errors,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/templates/{id}',
  tags: ['templates'],
  summary: 'One official template with its stats and the caller’s vote',
  request: { params: SerialIdParamsSchema },
  responses: {
    200: {
      description: 'The template',
      content: {
        'application/json': {
          schema: TemplateDetailSchema,
        },
      },
    },
    ...errors,
  },
});

const voteRoute = createRoute({
  method: 'put',
  path: '/templates/{id}/vote',
  tags: ['templates'],
  summary: 'Like, dislike or remove the caller’s vote (none)',
  request: {
    params: TemplateVoteParamsSchema,
    body: { content: { 'application/json': { schema: VoteBodySchema } } },
  },
  responses: {
    200: {
      description: 'The new counts and the message to show',
      content: { 'application/json': { schema: VoteReplySchema } },
    },
    ...errors,
  },
});

export function createTemplateRoutes(deps: { templates: TemplatesService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listRoute, async (c) => {
      const user = requireUser(c);
      const query = c.req.valid('query');
      return c.json(
        { items: await deps.templates.listTemplates({ ...query, userId: user.id }) },
        200,
      );
    })
    .openapi(categoriesRoute, async (c) => {
      requireUser(c);
      return c.json({ items: await deps.templates.listCategories() }, 200);
    })
    .openapi(getRoute, async (c) => {
      const user = requireUser(c);
      return c.json(await deps.templates.getTemplate(c.req.valid('param').id, user.id), 200);
    })
    .openapi(voteRoute, async (c) => {
      const user = c.get('user');
      if (!user) throw new PublicError(401, VOTE_MESSAGES.signIn, 'unauthenticated');
      const result = await deps.templates.vote({
        userId: user.id,
        templateId: c.req.valid('param').id,
        vote: c.req.valid('json').vote,
      });
      return c.json(result, 200);
    });
}
