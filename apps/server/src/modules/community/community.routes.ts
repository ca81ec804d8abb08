import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import { FileFieldSchema, errorResponses, readFileBytes } from '../../http/image-items.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import {
  CommunityTemplateFormFieldsSchema,
  CommunityTemplateSchema,
  OwnedCommunityTemplateSchema,
  PagedSearchQuerySchema,
  PagingQuerySchema,
  RenameTemplateBodySchema,
  TemplateVisibilityBodySchema,
  UuidParamsSchema,
  VisibilityReplySchema,
} from '@adtwin/shared';
import type { CommunityService } from './community.service.js';

const errors = errorResponses(ErrorSchema);

const CommunityCardSchema = CommunityTemplateSchema.meta({ id: 'CommunityTemplate' });
// The replies that nest a card take the named one, so the document refers to it by name.
const VisibilitySchema = VisibilityReplySchema.extend({ template: CommunityCardSchema });
const ListSchema = z.object({ items: z.array(CommunityCardSchema) });

const ownRoute = createRoute({
  method: 'get',
  path: '/my-templates',
  tags: ['community'],
  summary: 'The caller’s own templates, newest first',
  request: { query: PagingQuerySchema },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: ListSchema } } },
    ...errors,
  },
});

const createTemplateRoute = createRoute({
  method: 'post',
  path: '/my-templates',
  tags: ['community'],
  summary: 'Share an image as a community template (free plans: always public)',
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({ file: FileFieldSchema, ...CommunityTemplateFormFieldsSchema.shape }),
        },
      },
    },
  },
  responses: {
    201: {
      description: 'Created',
      content: { 'application/json': { schema: CommunityCardSchema } },
    },
    ...errors,
  },
});

const visibilityRoute = createRoute({
  method: 'patch',
  path: '/my-templates/{id}/visibility',
  tags: ['community'],
  summary: 'Make one of the caller’s templates public, or private on a paid plan',
  request: {
    params: UuidParamsSchema,
    body: { content: { 'application/json': { schema: TemplateVisibilityBodySchema } } },
  },
  responses: {
    200: {
      description: 'Changed',
      content: { 'application/json': { schema: VisibilitySchema } },
    },
    ...errors,
  },
});

const renameRoute = createRoute({
  method: 'patch',
  path: '/my-templates/{id}',
  tags: ['community'],
  summary: 'Rename one of the caller’s templates',
  request: {
    params: UuidParamsSchema,
    body: {
      content: { 'application/json': { schema: RenameTemplateBodySchema } },
    },
  },
  responses: {
    200: {
      description: 'Renamed',
      content: { 'application/json': { schema: CommunityCardSchema } },
    },
    ...errors,
  },
});

const communityRoute = createRoute({
  method: 'get',
  path: '/community-templates',
  tags: ['community'],
  summary: 'Other people’s public templates, newest first',
  request: { query: PagedSearchQuerySchema },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: ListSchema } } },
    ...errors,
  },
});

const communityOneRoute = createRoute({
  method: 'get',
  path: '/community-templates/{id}',
  tags: ['community'],
  summary: 'One community template, if the caller owns it or it is public',
  request: { params: UuidParamsSchema },
  responses: {
    200: {
      description: 'The template',
      content: { 'application/json': { schema: OwnedCommunityTemplateSchema } },
    },
    ...errors,
  },
});

export function createCommunityRoutes(deps: { community: CommunityService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(ownRoute, async (c) => {
      const user = requireUser(c);
      const query = c.req.valid('query');
      const items = await deps.community.listOwnTemplates({ userId: user.id, ...query });
      return c.json({ items }, 200);
    })
    .openapi(createTemplateRoute, async (c) => {
      const user = requireUser(c);
      const form = c.req.valid('form');
      const card = await deps.community.createUserTemplate({
        userId: user.id,
        name: form.name,
        bytes: await readFileBytes(form.file),
        isPublic: form.isPublic === 'true',
      });
      return c.json(card, 201);
    })
    .openapi(visibilityRoute, async (c) => {
      const user = requireUser(c);
      const result = await deps.community.setVisibility({
        userId: user.id,
        id: c.req.valid('param').id,
        isPublic: c.req.valid('json').isPublic,
      });
      return c.json(result, 200);
    })
    .openapi(renameRoute, async (c) => {
      const user = requireUser(c);
      const card = await deps.community.renameTemplate({
        userId: user.id,
        id: c.req.valid('param').id,
        name: c.req.valid('json').name,
      });
      return c.json(card, 200);
    })
    .openapi(communityRoute, async (c) => {
      const user = requireUser(c);
      const query = c.req.valid('query');
      const items = await deps.community.listCommunityTemplates({ userId: user.id, ...query });
      return c.json({ items }, 200);
    })
    .openapi(communityOneRoute, async (c) => {
      const user = requireUser(c);
      const template = await deps.community.getCommunityTemplate({
        userId: user.id,
        id: c.req.valid('param').id,
      });
      return c.json(template, 200);
    });
}
