/**
 * The public API (issue 18): limits and texts shared by the server, the Settings screens and the
 * batch screen. The spec predates the API, so these texts are the project's own.
 */

/** Keys one person may hold at once (revoked keys do not count). */
export const MAX_API_KEYS_PER_USER = 10;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Templates one batch may run a product through. */
export const MAX_BATCH_TEMPLATES = 20;
/** Requests one key may make per minute on /api/v1. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
/** Deliveries the Settings log shows per key. */
export const WEBHOOK_DELIVERY_LOG_LIMIT = 50;

export const WEBHOOK_EVENTS = ['generation.done', 'generation.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const API_KEY_MESSAGES = {
  tooMany: `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one to create another.`,
  notFound: 'API key not found',
  missing: 'Send your API key as "Authorization: Bearer <key>".',
  invalid: 'This API key is not valid or has been revoked.',
  rateLimited: 'Too many requests for this API key. Please wait a moment and try again.',
  webhookUrlInvalid: 'The webhook address must be an http or https web address.',
  webhookUrlPrivate: 'The webhook address must be reachable on the public internet.',
  batchDuplicateTemplates: 'Each template can be chosen once per batch.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still being answered. Retry once it has finished.',
} as const;
