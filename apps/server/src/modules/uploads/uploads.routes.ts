import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import {
  FileFieldSchema,
  ImageItemSchema,
  errorResponses,
  readFileBytes,
} from '../../http/image-items.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { refuseWhenLimited } from '../../http/user-rate-limit.js';
import type { RateLimits } from '../../platform/ratelimit/rate-limits.js';
import { validationHook } from '../../http/validation.js';
import {
  ConfirmDirectUploadBodySchema,
  DirectUploadBodySchema,
  DirectUploadTicketSchema as SharedDirectUploadTicketSchema,
  PagedSearchQuerySchema,
  RenameUploadBodySchema,
  UploadPageSchema,
  UuidParamsSchema,
} from '@adtwin/shared';
import type { UploadsService } from './uploads.service.js';

const errors = errorResponses(ErrorSchema);

const uploadRoute = createRoute({
  method: 'post',
  path: '/uploads',
  tags: ['uploads'],
  summary: 'Upload an image (png, jpeg or webp by its bytes) to the caller’s library',
  request: {
    body: {
      content: { 'multipart/form-data': { schema: z.object({ file: FileFieldSchema }) } },
    },
  },
  responses: {
    200: {
      description: 'The same bytes were uploaded before: that upload, not a second copy',
      content: { 'application/json': { schema: ImageItemSchema } },
    },
    201: { description: 'Stored', content: { 'application/json': { schema: ImageItemSchema } } },
    ...errors,
  },
});

const DirectUploadTicketSchema = SharedDirectUploadTicketSchema.meta({ id: 'DirectUploadTicket' });
// The page's items as the named ImageItem, so the document refers to it by name.
const ImageItemsSchema = z.array(ImageItemSchema);

const startDirectUploadRoute = createRoute({
  method: 'post',
  path: '/uploads/direct',
  tags: ['uploads'],
  summary:
    'How to send a file: `presigned-put` (PUT it to `url` with `headers`, then confirm) when the store takes files straight from the browser, else `form` (POST /uploads)',
  request: {
    body: {
      content: { 'application/json': { schema: DirectUploadBodySchema } },
    },
  },
  responses: {
    200: {
      description: 'Where and how to send the file',
      content: { 'application/json': { schema: DirectUploadTicketSchema } },
    },
    ...errors,
    429: {
      description: 'Too many uploads',
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
});

const confirmDirectUploadRoute = createRoute({
  method: 'post',
  path: '/uploads/direct/{id}',
  tags: ['uploads'],
  summary:
    'Takes a file put in the store: its bytes are checked as any upload’s and it joins the library (refused files are deleted)',
  request: {
    params: UuidParamsSchema,
    body: {
      content: { 'application/json': { schema: ConfirmDirectUploadBodySchema } },
    },
  },
  responses: {
    200: {
      description: 'The same bytes were uploaded before: that upload, not a second copy',
      content: { 'application/json': { schema: ImageItemSchema } },
    },
    201: { description: 'Stored', content: { 'application/json': { schema: ImageItemSchema } } },
    ...errors,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/uploads',
  tags: ['uploads'],
  summary: 'The caller’s uploads, newest first; `search` keeps names containing it (any case)',
  request: { query: PagedSearchQuerySchema },
  responses: {
    200: {
      description: 'One page, and how many uploads the search lists in all',
      content: {
        'application/json': { schema: UploadPageSchema.extend({ items: ImageItemsSchema }) },
      },
    },
    ...errors,
  },
});

const renameRoute = createRoute({
  method: 'patch',
  path: '/uploads/{id}',
  tags: ['uploads'],
  summary: 'Rename an upload; the extension is kept, a taken name is refused',
  request: {
    params: UuidParamsSchema,
    body: {
      content: { 'application/json': { schema: RenameUploadBodySchema } },
    },
  },
  responses: {
    200: { description: 'Renamed', content: { 'application/json': { schema: ImageItemSchema } } },
    ...errors,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/uploads/{id}',
  tags: ['uploads'],
  summary: 'Delete an upload',
  request: { params: UuidParamsSchema },
  responses: {
    200: {
      description: 'Deleted',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    ...errors,
  },
});

export function createUploadRoutes(deps: { uploads: UploadsService; rateLimits: RateLimits }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(startDirectUploadRoute, async (c) => {
      const user = requireUser(c);
      // An address into the store costs an upload; the answer `form` does not (POST /uploads counts).
      if (deps.uploads.acceptsDirectUploads) {
        const refusal = await refuseWhenLimited(c, deps.rateLimits, 'uploads', user.id);
        if (refusal) return refusal;
      }
      const body = c.req.valid('json');
      return c.json(await deps.uploads.startDirectUpload({ ownerId: user.id, ...body }), 200);
    })
    .openapi(confirmDirectUploadRoute, async (c) => {
      const user = requireUser(c);
      const { item, isNew } = await deps.uploads.confirmDirectUpload({
        ownerId: user.id,
        id: c.req.valid('param').id,
        fileName: c.req.valid('json').name,
      });
      return isNew ? c.json(item, 201) : c.json(item, 200);
    })
    .openapi(uploadRoute, async (c) => {
      const user = requireUser(c);
      const { file } = c.req.valid('form');
      const { item, isNew } = await deps.uploads.uploadImage({
        ownerId: user.id,
        bytes: await readFileBytes(file),
        fileName: file.name,
      });
      return isNew ? c.json(item, 201) : c.json(item, 200);
    })
    .openapi(listRoute, async (c) => {
      const user = requireUser(c);
      const query = c.req.valid('query');
      return c.json(await deps.uploads.listUploads({ ownerId: user.id, ...query }), 200);
    })
    .openapi(renameRoute, async (c) => {
      const user = requireUser(c);
      const item = await deps.uploads.renameUpload({
        ownerId: user.id,
        id: c.req.valid('param').id,
        name: c.req.valid('json').name,
      });
      return c.json(item, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const user = requireUser(c);
      await deps.uploads.deleteUpload({ ownerId: user.id, id: c.req.valid('param').id });
      return c.json({ ok: true as const }, 200);
    });
}
