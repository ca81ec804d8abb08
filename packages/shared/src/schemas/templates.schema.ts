import { z } from 'zod';
import { PAGE_SIZE, TEMPLATE_SORTS, VOTE_TYPES } from '../catalogue.js';

/** offset/limit paging with an optional name search, as the lists take it in the query string. */
export const PageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.first),
  search: z.string().max(100).optional(),
});

export const TemplateListQuerySchema = PageQuerySchema.extend({
  category: z.string().max(40).optional(),
  sort: z.enum(TEMPLATE_SORTS).default('most_used'),
});
export type TemplateListQuery = z.input<typeof TemplateListQuerySchema>;

export const UserVoteSchema = z.enum([...VOTE_TYPES, 'none']);

/**
 * PUT /api/templates/{id}/vote. The id is read by the service, which tells an official
 * template's number from a community template's UUID and answers the spec's message for neither.
 */
export const TemplateVoteParamsSchema = z.object({ id: z.string().max(64) });
export const VoteBodySchema = z.object({ vote: UserVoteSchema });

/** An official template as the gallery shows it. */
export const TemplateCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  attribution: z.string().nullable(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  usageCount: z.number().int(),
  userVote: UserVoteSchema,
  createdAt: z.string(),
});
export type TemplateCard = z.infer<typeof TemplateCardSchema>;

export const TemplateStatsSchema = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  usageCount: z.number().int(),
});
