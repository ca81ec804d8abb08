import { z } from '@hono/zod-openapi';
import { ImageItemSchema as SharedImageItemSchema, UPLOAD_LIMITS } from '@adtwin/shared';
import { PublicError } from './errors.js';

export const ImageItemSchema = SharedImageItemSchema.meta({ id: 'ImageItem' });

/** A multipart field `file`; the route schema documents it, the bytes are judged by the service. */
export const FileFieldSchema = z
  .custom<File>((value) => value instanceof File, { message: 'a file is required' })
  .openapi({ type: 'string', format: 'binary' });

export async function readFileBytes(file: File): Promise<Buffer> {
  if (file.size > UPLOAD_LIMITS.maxBytes) {
    throw new PublicError(413, 'File too large (max 10MB)', 'too_large');
  }
  return Buffer.from(await file.arrayBuffer());
}

export const errorResponses = (schema: z.ZodType) =>
  ({
    400: { description: 'Bad input', content: { 'application/json': { schema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema } } },
    403: { description: 'Not allowed', content: { 'application/json': { schema } } },
    404: { description: 'Not found', content: { 'application/json': { schema } } },
    409: { description: 'Conflict', content: { 'application/json': { schema } } },
    413: { description: 'Too large', content: { 'application/json': { schema } } },
    415: { description: 'Unsupported type', content: { 'application/json': { schema } } },
  }) as const;
