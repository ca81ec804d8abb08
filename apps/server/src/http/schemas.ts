import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({ error: z.string(), code: z.string().optional() })
  .openapi('Error');

/**
 * The id of a row in a `serial` (PostgreSQL integer) column: anything past 2^31-1 could never
 * name a row, and the database would refuse it with an error instead of "not found".
 */
export const MAX_SERIAL_ID = 2_147_483_647;
export const SerialIdSchema = z.coerce.number().int().min(1).max(MAX_SERIAL_ID);

/** The public API's error shape (`/api/v1`): a stable code to branch on and a message to show. */
export const ApiErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .openapi('ApiError');
