import { z } from 'zod';
import { TEMPLATE_NAME_MAX_LENGTH } from '../generation.js';

/** POST /api/my-templates: the form's text fields, beside the image file. */
export const CommunityTemplateFormFieldsSchema = z.object({
  name: z.string().max(TEMPLATE_NAME_MAX_LENGTH),
  isPublic: z.enum(['true', 'false']).default('true'),
});

/** PATCH /api/my-templates/{id}/visibility. */
export const TemplateVisibilityBodySchema = z.object({ isPublic: z.boolean() });

/** PATCH /api/my-templates/{id}. */
export const RenameTemplateBodySchema = z.object({
  name: z.string().max(TEMPLATE_NAME_MAX_LENGTH),
});

/** A template a person added (to their own list, or public in the community section). */
export const CommunityTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  isPublic: z.boolean(),
  usageCount: z.number().int(),
  createdAt: z.string(),
});
export type CommunityTemplate = z.infer<typeof CommunityTemplateSchema>;

/** GET /api/community-templates/{id}: the template, and whether the caller owns it. */
export const OwnedCommunityTemplateSchema = CommunityTemplateSchema.extend({
  isOwner: z.boolean(),
});
export type OwnedCommunityTemplate = z.infer<typeof OwnedCommunityTemplateSchema>;

/** PATCH /api/my-templates/{id}/visibility: the changed template and the message to show. */
export const VisibilityReplySchema = z.object({
  template: CommunityTemplateSchema,
  message: z.string(),
});
