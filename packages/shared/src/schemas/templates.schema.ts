import { z } from 'zod';
import { TEMPLATE_SORTS, VOTE_TYPES } from '../catalogue.js';
import { PagingQuerySchema } from './common.schema.js';
import { BoxSchema } from './generation.schema.js';

/** A paged list searched by name (templates, community templates, uploads). */
export const PagedSearchQuerySchema = PagingQuerySchema.extend({
  search: z.string().max(100).optional(),
});

export const TemplateListQuerySchema = PagedSearchQuerySchema.extend({
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

/** PUT /api/templates/{id}/vote: the new counts, the caller's vote and the message to show. */
export const VoteReplySchema = z.object({
  stats: TemplateStatsSchema,
  userVote: UserVoteSchema,
  message: z.string(),
});
export type VoteReply = z.infer<typeof VoteReplySchema>;

/** GET /api/template-categories: one category of the fixed list and its cover image. */
export const TemplateCategorySchema = z.object({
  category: z.string(),
  imageUrl: z.string().nullable(),
});
export type TemplateCategory = z.infer<typeof TemplateCategorySchema>;

/** A word of the ad and where it is, in template pixels. */
export const TextBoxSchema = z.object({ text: z.string(), ...BoxSchema.shape });

/** GET /api/templates/{id}: one official template as the editor opens it. */
export const TemplateDetailSchema = TemplateCardSchema.omit({
  likes: true,
  dislikes: true,
  usageCount: true,
  createdAt: true,
}).extend({
  /** Where the template's own product sits; null when unknown. */
  productBox: BoxSchema.nullable(),
  /** Where the ad's words are (from its analysis): the editor shows them, the swap keeps them. */
  textBoxes: z.array(TextBoxSchema),
  stats: TemplateStatsSchema,
  userVote: UserVoteSchema,
});
export type TemplateDetail = z.infer<typeof TemplateDetailSchema>;
