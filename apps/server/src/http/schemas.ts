import { z } from '@hono/zod-openapi';
import { ErrorSchema as ErrorBodySchema } from '@adtwin/shared';

// Shared schemas are plain zod: `.meta({ id })` names them in the OpenAPI document, once, here or
// in the route file that owns them.
export const ErrorSchema = ErrorBodySchema.meta({ id: 'Error' });

/** The public API's error shape (`/api/v1`): a stable code to branch on and a message to show. */
export const ApiErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .openapi('ApiError');
