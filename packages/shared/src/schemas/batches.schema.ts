import { z } from 'zod';
import { MAX_BATCH_TEMPLATES } from '../api.js';
import { MAX_SERIAL_ID } from './common.schema.js';
import { ImageSizeBodySchema, TextReplacementsBodySchema } from './generation.schema.js';

/** POST /api/batches and /api/v1/batches: one product into several official templates. */
export const BatchRequestSchema = z.object({
  productUploadId: z.uuid(),
  /** Official templates only, each once. */
  templateIds: z.array(z.number().int().min(1).max(MAX_SERIAL_ID)).min(1).max(MAX_BATCH_TEMPLATES),
  size: ImageSizeBodySchema,
  replacements: TextReplacementsBodySchema,
});
/** What a client sends (defaults may be left out). */
export type BatchRequest = z.input<typeof BatchRequestSchema>;
