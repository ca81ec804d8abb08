import { z } from 'zod';
import { UPLOAD_NAME_MAX_LENGTH } from '../file-names.js';

/** POST /api/uploads/direct: the file the browser is about to send, to choose how it goes. */
export const DirectUploadBodySchema = z.object({
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  contentType: z.string().max(100),
});

/** POST /api/uploads/direct/{id}: the file's own name, once its bytes are in the store. */
export const ConfirmDirectUploadBodySchema = z.object({ name: z.string().max(1000).optional() });

/** PATCH /api/uploads/{id}. */
export const RenameUploadBodySchema = z.object({ name: z.string().max(UPLOAD_NAME_MAX_LENGTH) });
