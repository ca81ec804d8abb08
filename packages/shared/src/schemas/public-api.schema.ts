import { z } from 'zod';
import { GENERATION_STATUSES } from './generation.schema.js';
import { PagingQuerySchema } from './common.schema.js';
import { PagedSearchQuerySchema } from './templates.schema.js';

/** Every POST of /api/v1 takes one, so a retried request is answered once. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().optional().meta({
    description:
      'Any unique string (a UUID). A retry with the same key and body answers the first answer again and never charges twice. Kept 24 hours.',
  }),
});

export const API_TEMPLATE_SOURCES = ['official', 'own', 'community'] as const;

/** GET /api/v1/templates. */
export const ApiTemplateListQuerySchema = z.object({
  source: z.enum(API_TEMPLATE_SOURCES).default('official'),
  ...PagedSearchQuerySchema.shape,
});

/** GET /api/v1/generations. */
export const ApiGenerationListQuerySchema = z.object({
  status: z.enum(GENERATION_STATUSES).optional(),
  offset: PagingQuerySchema.shape.offset,
  /** Scripts page in larger steps than the web's lists. */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
