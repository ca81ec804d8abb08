import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DownloadQuerySchema,
  GenerationNumberParamsSchema,
  UuidParamsSchema,
  ChatBodySchema as SharedChatBodySchema,
  GenerationSchema as SharedGenerationSchema,
  SwapBodySchema as SharedSwapBodySchema,
} from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import { contentDisposition } from './generation-download.js';
import type { GenerationEvents } from './generation-events.js';
import { streamGeneration } from './generation-stream.js';
import type { GenerationService } from './generations.service.js';

export const AcceptedHeaders = z.object({
  Location: z
    .string()
    .openapi({ description: 'The job, to read or follow: /api/generations/{id}' }),
});

export const GenerationSchema = SharedGenerationSchema.meta({ id: 'Generation' });
export const SwapBodySchema = SharedSwapBodySchema.meta({ id: 'SwapRequest' });
export const ChatBodySchema = SharedChatBodySchema.meta({ id: 'ChatRequest' });

const errors = {
  400: { description: 'Invalid request', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  402: {
    description: 'No credits left (code upgrade_required:AI image generation)',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  403: {
    description: 'Private template of another person, or a paid feature',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  404: {
    description: 'Template or upload not found',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  429: {
    description: 'Too many generations running',
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const;

const createSwapRoute = createRoute({
  method: 'post',
  path: '/generations/swap',
  tags: ['generations'],
  summary: 'Starts a template swap: the product into the template, words replaced',
  request: {
    body: { required: true, content: { 'application/json': { schema: SwapBodySchema } } },
  },
  responses: {
    202: {
      description: 'Queued',
      headers: AcceptedHeaders,
      content: { 'application/json': { schema: GenerationSchema } },
    },
    ...errors,
  },
});

const createChatRoute = createRoute({
  method: 'post',
  path: '/generations/chat',
  tags: ['generations'],
  summary: 'Starts a chat generation from a prompt and up to 3 reference images',
  request: {
    body: { required: true, content: { 'application/json': { schema: ChatBodySchema } } },
  },
  responses: {
    202: {
      description: 'Queued',
      headers: AcceptedHeaders,
      content: { 'application/json': { schema: GenerationSchema } },
    },
    ...errors,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/generations/{id}',
  tags: ['generations'],
  summary: 'A generation of the signed-in person: status, steps, result',
  request: { params: UuidParamsSchema },
  responses: {
    200: {
      description: 'The generation',
      content: { 'application/json': { schema: GenerationSchema } },
    },
    401: errors[401],
    404: errors[404],
  },
});

const byNumberRoute = createRoute({
  method: 'get',
  path: '/generations/by-number/{number}',
  tags: ['generations'],
  summary: 'A generation of the signed-in person by its public number (view mode)',
  request: {
    params: GenerationNumberParamsSchema,
  },
  responses: {
    200: {
      description: 'The generation',
      content: { 'application/json': { schema: GenerationSchema } },
    },
    401: errors[401],
    404: errors[404],
  },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/generations/{id}/download',
  tags: ['generations'],
  summary: 'The result as a file: free plans get a preview-quality PNG whatever they ask',
  request: {
    params: UuidParamsSchema,
    query: DownloadQuerySchema,
  },
  responses: {
    200: {
      description: 'The image, as an attachment',
      content: { 'image/*': { schema: z.any() } },
    },
    401: errors[401],
    404: errors[404],
  },
});

/**
 * A started job's reply. `Location` names the job in the headers, which arrive before the
 * (compressed) body: a page whose connection drops in between still knows which job to follow.
 */
export function accepted<C extends Context<AppEnv>, G extends { id: string }>(c: C, generation: G) {
  c.header('Location', `/api/generations/${generation.id}`);
  return c.json(generation, 202);
}

export function createGenerationRoutes(deps: {
  generations: GenerationService;
  generationEvents: GenerationEvents;
}) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(createSwapRoute, async (c) => {
      const user = requireUser(c);
      return accepted(c, await deps.generations.createSwap(user.id, c.req.valid('json')));
    })
    .openapi(createChatRoute, async (c) => {
      const user = requireUser(c);
      return accepted(c, await deps.generations.createChat(user.id, c.req.valid('json')));
    })
    .openapi(getRoute, async (c) => {
      const user = requireUser(c);
      const row = await deps.generations.getForUser(user.id, c.req.valid('param').id);
      return c.json(await deps.generations.toView(row), 200);
    })
    .openapi(byNumberRoute, async (c) => {
      const user = requireUser(c);
      const row = await deps.generations.getByNumberForUser(user.id, c.req.valid('param').number);
      return c.json(await deps.generations.toView(row), 200);
    })
    .openapi(downloadRoute, async (c) => {
      const user = requireUser(c);
      const { format, quality, name } = c.req.valid('query');
      const file = await deps.generations.renderDownload(user.id, c.req.valid('param').id, {
        format,
        quality,
        name,
      });
      c.header('Content-Type', file.contentType);
      c.header('Content-Disposition', contentDisposition(file.fileName));
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(file.body), 200);
    })
    .get('/generations/:id/events', async (c) =>
      streamGeneration(c, deps, { userId: requireUser(c).id, id: c.req.param('id') }),
    );
}
