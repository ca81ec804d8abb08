import { z } from 'zod';
import { API_KEY_NAME_MAX_LENGTH } from '../api.js';

/** POST /api/api-keys. */
export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX_LENGTH),
});

/** PUT /api/api-keys/{id}/webhook; the server then checks the address itself. */
export const WebhookBodySchema = z.object({ url: z.string().trim().max(2000) });
