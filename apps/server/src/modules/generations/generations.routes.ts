import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_QUALITIES,
  IMAGE_SIZE_VALUES,
  MAX_CHAT_IMAGES,
  MAX_TEXT_REPLACEMENTS,
  MIN_PROMPT_LENGTH,
} from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema, MAX_SERIAL_ID } from '../../http/schemas.js';
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

const StepSchema = z.object({
  key: z.enum(['check', 'upload', 'create', 'done']),
  label: z.string(),
  status: z.enum(['pending', 'active', 'complete', 'error']),
  at: z.string().optional(),
});

const BoxSchema = z.object({
  x: z.number().int().min(0).max(20_000),
  y: z.number().int().min(0).max(20_000),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
});

export const GenerationSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    kind: z.enum(['swap', 'chat']),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    steps: z.array(StepSchema),
    error: z.object({ code: z.string(), title: z.string(), message: z.string() }).nullable(),
    result: z.object({ url: z.string(), fileName: z.string() }).nullable(),
    note: z.string().nullable(),
    beforeCrop: z
      .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
      .nullable(),
    templateId: z.number().int().nullable(),
    communityTemplateId: z.string().nullable(),
    size: z.enum(IMAGE_SIZE_VALUES),
    swap: z
      .object({
        productUploadId: z.string(),
        product: z
          .object({
            id: z.string(),
            name: z.string(),
            url: z.string(),
            createdAt: z.string(),
            monthYear: z.string(),
          })
          .nullable(),
        replacements: z.array(z.object({ toReplace: z.string(), replacement: z.string() })),
        productBox: BoxSchema.nullable(),
        placement: z.object({ box: BoxSchema, rotation: z.number() }).nullable(),
      })
      .nullable(),
    createdAt: z.string(),
  })
  .openapi('Generation');

export const SwapBodySchema = z
  .object({
    templateId: z.number().int().min(1).max(MAX_SERIAL_ID).optional(),
    communityTemplateId: z.uuid().optional(),
    templateUploadId: z.uuid().optional(),
    productUploadId: z.uuid(),
    replacements: z
      .array(z.object({ toReplace: z.string().max(100), replacement: z.string().max(100) }))
      .max(MAX_TEXT_REPLACEMENTS)
      .default([]),
    size: z.enum(IMAGE_SIZE_VALUES).default('1024x1024'),
    productBox: BoxSchema.optional(),
    placement: z
      .object({ box: BoxSchema, rotation: z.number().min(-180).max(180).default(0) })
      .optional(),
    visibility: z.enum(['public', 'private']).optional(),
    /** The community template's name (design page); else "Design <number>". */
    templateName: z.string().trim().max(120).optional(),
  })
  .openapi('SwapRequest');

export const ChatBodySchema = z
  .object({
    prompt: z.string().trim().max(4000),
    referenceUploadIds: z.array(z.uuid()).max(MAX_CHAT_IMAGES).default([]),
    size: z.enum(IMAGE_SIZE_VALUES).default('1024x1024'),
    visibility: z.enum(['public', 'private']).optional(),
    /** A Regenerate: 1, 2... asks the local engine for another layout of the same request. */
    variation: z.number().int().min(0).max(100).optional(),
  })
  .refine((body) => body.referenceUploadIds.length > 0 || body.prompt.length >= MIN_PROMPT_LENGTH, {
    message: `A prompt needs at least ${MIN_PROMPT_LENGTH} characters when no image is attached`,
    path: ['prompt'],
  })
  .openapi('ChatRequest');

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

export const IdParams = z.object({ id: z.uuid() });

const getRoute = createRoute({
  method: 'get',
  path: '/generations/{id}',
  tags: ['generations'],
  summary: 'A generation of the signed-in person: status, steps, result',
  request: { params: IdParams },
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
    params: z.object({
      number: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 53),
    }),
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

export const DownloadQuerySchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS).default('png'),
  quality: z.enum(DOWNLOAD_QUALITIES).default('preview'),
  name: z.string().max(200).optional(),
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/generations/{id}/download',
  tags: ['generations'],
  summary: 'The result as a file: free plans get a preview-quality PNG whatever they ask',
  request: {
    params: IdParams,
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
