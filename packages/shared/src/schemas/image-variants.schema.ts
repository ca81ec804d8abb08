import { z } from 'zod';

// Numbers are parsed loosely and clamped by the server: a bad width is not worth a 400.
const looseNumber = z.coerce.number().finite().optional().catch(undefined);

/** GET /api/images/<bucket>/<key>: the variant (variantUrl writes w, h, q) and a signed URL's signature. */
export const ImageVariantQuerySchema = z.object({
  w: looseNumber,
  h: looseNumber,
  q: looseNumber,
  f: z.string().max(8).optional(),
  expires: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
