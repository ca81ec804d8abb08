import { z } from 'zod';
import { UPLOAD_NAME_MAX_LENGTH } from '../file-names.js';
import { ImageItemSchema } from './common.schema.js';

/** POST /api/uploads/direct: the file the browser is about to send, to choose how it goes. */
export const DirectUploadBodySchema = z.object({
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  contentType: z.string().max(100),
});

/** POST /api/uploads/direct/{id}: the file's own name, once its bytes are in the store. */
export const ConfirmDirectUploadBodySchema = z.object({ name: z.string().max(1000).optional() });

/** PATCH /api/uploads/{id}. */
export const RenameUploadBodySchema = z.object({ name: z.string().max(UPLOAD_NAME_MAX_LENGTH) });

/**
 * POST /api/uploads/direct's reply: `presigned-put` (PUT the file to `url` with `headers`, then
 * confirm) when the store takes files straight from the browser, else `form` (POST /api/uploads).
 */
export const DirectUploadTicketSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('form') }),
  z.object({
    mode: z.literal('presigned-put'),
    id: z.uuid(),
    method: z.literal('PUT'),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
]);
export type DirectUploadTicket = z.infer<typeof DirectUploadTicketSchema>;

/** GET /api/uploads: one page, and how many uploads the search lists in all. */
export const UploadPageSchema = z.object({
  items: z.array(ImageItemSchema),
  total: z.number().int(),
});
export type UploadPage = z.infer<typeof UploadPageSchema>;
