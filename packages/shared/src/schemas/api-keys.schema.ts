import { z } from 'zod';
import { API_KEY_NAME_MAX_LENGTH, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../api.js';

/** POST /api/api-keys. */
export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX_LENGTH),
});

/** PUT /api/api-keys/{id}/webhook; the server then checks the address itself. */
export const WebhookBodySchema = z.object({ url: z.string().trim().max(2000) });

/** A key as Settings lists it; its secret is never sent again after it was made. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to tell keys apart. */
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  webhookUrl: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** POST /api/api-keys' answer: the key and, this once, its secret. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  /** The secret: shown in this answer only. */
  key: z.string(),
});

/** One webhook call of a key's delivery log. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  generationId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
