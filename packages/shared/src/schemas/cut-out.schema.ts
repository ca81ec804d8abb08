import { z } from 'zod';
import { CUT_OUT_WARNING_CODES } from '../cut-out.js';
import { BoxSchema } from './generation.schema.js';

/** GET and PUT /api/uploads/{id}/cut-out: the product cut out of a photo, where it sits, and warnings. */
export const CutOutSchema = z.object({
  /** The cut-out (PNG with alpha, cropped to the product), signed for a while. */
  url: z.string(),
  /** Where the cut-out sits in the photo. */
  box: BoxSchema,
  photo: z.object({ width: z.number().int(), height: z.number().int() }),
  isTouchedUp: z.boolean(),
  warnings: z.array(z.object({ code: z.enum(CUT_OUT_WARNING_CODES), message: z.string() })),
});
export type CutOut = z.infer<typeof CutOutSchema>;
