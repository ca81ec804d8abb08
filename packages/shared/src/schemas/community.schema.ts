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
