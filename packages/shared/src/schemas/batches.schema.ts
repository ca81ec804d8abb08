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
/** What the server works with once the body is read. */
export type BatchInput = z.output<typeof BatchRequestSchema>;

/** A batch's items in the order asked: each its generation, or why it did not start. */
export const BatchSchema = z.object({
  id: z.string(),
  items: z.array(
    z.object({
      templateId: z.number().int(),
      /** The started generation, or null when this item did not start (see `error`). */
      generationId: z.string().nullable(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
});
export type Batch = z.infer<typeof BatchSchema>;
export type BatchItem = Batch['items'][number];
