import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  API_TEMPLATE_SOURCES,
  ApiGenerationListQuerySchema,
  ApiTemplateListQuerySchema,
  DownloadQuerySchema,
  IdempotencyHeadersSchema,
  UuidParamsSchema,
} from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { FileFieldSchema, ImageItemSchema, readFileBytes } from '../../http/image-items.js';
import { ApiErrorSchema } from '../../http/schemas.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import { validationHook } from '../../http/validation.js';
import type { RateLimits } from '../../platform/ratelimit/rate-limits.js';
import type { Database } from '../../db/client.js';
import type { ApiKeyService } from '../api-keys/api-keys.service.js';
import { BatchRequestSchema, BatchSchema } from '../batches/batches.routes.js';
import type { BatchService } from '../batches/batches.service.js';
import type { CommunityService } from '../community/community.service.js';
import { contentDisposition } from '../generations/generation-download.js';
import type { GenerationEvents } from '../generations/generation-events.js';
import { streamGeneration } from '../generations/generation-stream.js';
import {
  ChatBodySchema,
  GenerationSchema,
  SwapBodySchema,
} from '../generations/generations.routes.js';
import type { GenerationService } from '../generations/generations.service.js';
import type { TemplatesService } from '../templates/templates.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { keyHolderOf, requireApiKey } from './api-key-auth.js';
import { idempotency } from './idempotency.js';

/** The OpenAPI security scheme every /api/v1 route names. */
export const API_KEY_SECURITY_SCHEME = 'apiKey';
const security = [{ [API_KEY_SECURITY_SCHEME]: [] }];
const tags = ['public api'];

const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = {
  400: json('Invalid request', ApiErrorSchema),
  401: json('Missing, wrong or revoked API key', ApiErrorSchema),
  404: json('Not found, or not the key owner’s', ApiErrorSchema),
  429: json('Too many requests for this key (see Retry-After)', ApiErrorSchema),
} as const;
const startErrors = {
  ...errors,
  402: json('No credits left (code upgrade_required:AI image generation)', ApiErrorSchema),
  403: json('A private template of another person, or a paid feature', ApiErrorSchema),
  409: json('The same Idempotency-Key is still being answered', ApiErrorSchema),
  422: json('The Idempotency-Key was used with another request', ApiErrorSchema),
} as const;

const GenerationAccepted = {
  description: 'Queued; follow it at Location, or by its events',
  headers: z.object({ Location: z.string().openapi({ description: '/api/v1/generations/{id}' }) }),
  content: { 'application/json': { schema: GenerationSchema } },
};

const ApiTemplateSchema = z
  .object({
    source: z.enum(API_TEMPLATE_SOURCES),
    /** Start a swap with `templateId` (official)... */
    templateId: z.number().int().nullable(),
    /** ...or with `communityTemplateId` (own and community templates). */
    communityTemplateId: z.string().nullable(),
    name: z.string(),
    imageUrl: z.string(),
    createdAt: z.string(),
  })
  .openapi('ApiTemplate');

const uploadRoute = createRoute({
  method: 'post',
  path: '/v1/uploads',
  tags,
  security,
  summary: 'Uploads a product image (png, jpeg or webp, judged by its bytes; at most 10 MB)',
  request: {
    headers: IdempotencyHeadersSchema,
    body: {
      required: true,
      content: { 'multipart/form-data': { schema: z.object({ file: FileFieldSchema }) } },
    },
  },
  responses: {
    200: json('The same bytes were uploaded before: that upload', ImageItemSchema),
    201: json('Stored', ImageItemSchema),
    413: json('Too large', ApiErrorSchema),
    415: json('Not an image', ApiErrorSchema),
    ...startErrors,
  },
});

const templatesRoute = createRoute({
  method: 'get',
  path: '/v1/templates',
  tags,
  security,
  summary:
    'Templates to swap into: official ones, the key owner’s own, or other people’s public ones',
  request: {
    query: ApiTemplateListQuerySchema,
  },
  responses: { 200: json('One page', z.object({ items: z.array(ApiTemplateSchema) })), ...errors },
});

const swapRoute = createRoute({
  method: 'post',
  path: '/v1/generations/swap',
  tags,
  security,
  summary:
    'Starts a swap: the product into a template (official, community, or an uploaded image), words replaced; one credit',
  request: {
    headers: IdempotencyHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: SwapBodySchema } } },
  },
  responses: { 202: GenerationAccepted, ...startErrors },
});

const chatRoute = createRoute({
  method: 'post',
  path: '/v1/generations/chat',
  tags,
  security,
  summary: 'Starts a chat generation from a prompt and up to 3 reference uploads; one credit',
  request: {
    headers: IdempotencyHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: ChatBodySchema } } },
  },
  responses: { 202: GenerationAccepted, ...startErrors },
});

const listRoute = createRoute({
  method: 'get',
  path: '/v1/generations',
  tags,
  security,
  summary: 'The key owner’s generations, newest first',
  request: {
    query: ApiGenerationListQuerySchema,
  },
  responses: { 200: json('One page', z.object({ items: z.array(GenerationSchema) })), ...errors },
});

const getRoute = createRoute({
  method: 'get',
  path: '/v1/generations/{id}',
  tags,
  security,
  summary: 'One generation: status, steps, error, and the result’s address when done',
  request: { params: UuidParamsSchema },
  responses: { 200: json('The generation', GenerationSchema), ...errors },
});

const eventsRoute = createRoute({
  method: 'get',
  path: '/v1/generations/{id}/events',
  tags,
  security,
  summary:
    'Server-sent events: a `generation` event (the Generation as JSON) at each change, until done or failed',
  request: { params: UuidParamsSchema },
  responses: {
    200: {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errors,
  },
});

const resultRoute = createRoute({
  method: 'get',
  path: '/v1/generations/{id}/result',
  tags,
  security,
  summary:
    'The finished image as a file; free plans get a preview-quality PNG whatever they ask, as in the app',
  request: { params: UuidParamsSchema, query: DownloadQuerySchema },
  responses: {
    200: {
      description: 'The image, as an attachment',
      content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errors,
  },
});

const batchRoute = createRoute({
  method: 'post',
  path: '/v1/batches',
  tags,
  security,
  summary:
    'One product into up to 20 official templates, one size, the same replacements; each item reserves one credit, and those that cannot start say why',
  request: {
    headers: IdempotencyHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: BatchRequestSchema } } },
  },
  responses: { 201: json('Started (some items may not have)', BatchSchema), ...startErrors },
});

const getBatchRoute = createRoute({
  method: 'get',
  path: '/v1/batches/{id}',
  tags,
  security,
  summary: 'A batch: which generation each template started, or why it did not',
  request: { params: UuidParamsSchema },
  responses: { 200: json('The batch', BatchSchema.extend({ createdAt: z.string() })), ...errors },
});

function acceptedAt<G extends { id: string }>(c: Context<AppEnv>, generation: G) {
  c.header('Location', `/api/v1/generations/${generation.id}`);
  return c.json(generation, 202);
}

export type PublicApiDeps = {
  db: Database;
  apiKeys: ApiKeyService;
  rateLimits: RateLimits;
  uploads: UploadsService;
  templates: TemplatesService;
  community: CommunityService;
  generations: GenerationService;
  generationEvents: GenerationEvents;
  batches: BatchService;
};

/**
 * `/api/v1`: the app's own services behind an API key, for a person's scripts. A key acts as its
 * owner, so every rule (credits, plan, access) is the one the app's routes apply.
 */
export function createPublicApiRoutes(deps: PublicApiDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/v1/*', requireApiKey(deps), userRateLimit(deps.rateLimits), idempotency(deps.db));
  return app
    .openapi(uploadRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      const { file } = c.req.valid('form');
      const { item, isNew } = await deps.uploads.uploadImage({
        ownerId: userId,
        bytes: await readFileBytes(file),
        fileName: file.name,
      });
      return isNew ? c.json(item, 201) : c.json(item, 200);
    })
    .openapi(templatesRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      const { source, ...page } = c.req.valid('query');
      if (source === 'official') {
        const rows = await deps.templates.listTemplates({ userId, sort: 'most_used', ...page });
        const items = rows.map((t) => ({
          source,
          templateId: t.id,
          communityTemplateId: null,
          name: t.name,
          imageUrl: t.imageUrl,
          createdAt: t.createdAt,
        }));
        return c.json({ items }, 200);
      }
      const rows =
        source === 'own'
          ? await deps.community.listOwnTemplates({
              userId,
              offset: page.offset,
              limit: page.limit,
            })
          : await deps.community.listCommunityTemplates({ userId, ...page });
      const items = rows.map((t) => ({
        source,
        templateId: null,
        communityTemplateId: t.id,
        name: t.name,
        imageUrl: t.imageUrl,
        createdAt: t.createdAt,
      }));
      return c.json({ items }, 200);
    })
    .openapi(swapRoute, async (c) => {
      const { userId, keyId } = keyHolderOf(c);
      const body = c.req.valid('json');
      return acceptedAt(c, await deps.generations.createSwap(userId, body, { apiKeyId: keyId }));
    })
    .openapi(chatRoute, async (c) => {
      const { userId, keyId } = keyHolderOf(c);
      const body = c.req.valid('json');
      return acceptedAt(c, await deps.generations.createChat(userId, body, { apiKeyId: keyId }));
    })
    .openapi(listRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      return c.json(
        { items: await deps.generations.listForUser(userId, c.req.valid('query')) },
        200,
      );
    })
    .openapi(getRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      const row = await deps.generations.getForUser(userId, c.req.valid('param').id);
      return c.json(await deps.generations.toView(row), 200);
    })
    .openapi(eventsRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      return streamGeneration(c, deps, { userId, id: c.req.valid('param').id });
    })
    .openapi(resultRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      const file = await deps.generations.renderDownload(
        userId,
        c.req.valid('param').id,
        c.req.valid('query'),
      );
      c.header('Content-Type', file.contentType);
      c.header('Content-Disposition', contentDisposition(file.fileName));
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(file.body), 200);
    })
    .openapi(batchRoute, async (c) => {
      const { userId, keyId } = keyHolderOf(c);
      const batch = await deps.batches.create(userId, c.req.valid('json'), { apiKeyId: keyId });
      return c.json(batch, 201);
    })
    .openapi(getBatchRoute, async (c) => {
      const { userId } = keyHolderOf(c);
      return c.json(await deps.batches.get(userId, c.req.valid('param').id), 200);
    });
}
