import { z } from 'zod';
import { PAGE_SIZE } from '../catalogue.js';

/**
 * The id of a row in a `serial` (PostgreSQL integer) column: anything past 2^31-1 could never
 * name a row, and the database would refuse it with an error instead of "not found".
 */
export const MAX_SERIAL_ID = 2_147_483_647;

/** The app's own error reply (`/api/...`): a message to show and, often, a code to branch on. */
export const ErrorSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorSchema>;

/** One image of a person's library (an upload or a design): the spec's listing item. */
export const ImageItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  createdAt: z.string(),
  monthYear: z.string(),
});
export type ImageItem = z.infer<typeof ImageItemSchema>;

/** GET /api/designs: a generated design, a library image with its number (/design/{number}). */
export const DesignSchema = ImageItemSchema.extend({ number: z.number().int() });
export type Design = z.infer<typeof DesignSchema>;

/** `{id}` in a path for a row keyed by a UUID (uploads, generations, batches, keys, templates). */
export const UuidParamsSchema = z.object({ id: z.uuid() });

/** `{id}` in a path for a `serial` row: it arrives as text. */
export const SerialIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(MAX_SERIAL_ID),
});

/**
 * offset/limit paging of a list, as the lists take it in the query string: the spec's 30 first,
 * then Load More's pages.
 */
export const PagingQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.first),
});
/** One page a client asks for. */
export type Paging = z.output<typeof PagingQuerySchema>;
