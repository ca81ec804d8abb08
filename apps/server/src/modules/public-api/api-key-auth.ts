import type { MiddlewareHandler } from 'hono';
import { API_KEY_MESSAGES } from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { errorResponse } from '../../http/errors.js';
import type { RateLimits } from '../../platform/ratelimit/rate-limits.js';
import type { ApiKeyService } from '../api-keys/api-keys.service.js';

/** The secret of `Authorization: Bearer <secret>`, or null. */
export function bearerSecret(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * The public API is reached with a key only, never with the session cookie: a key's request acts
 * as the key's owner (same credits, plan and access rules), and is counted against the key's own
 * per-minute limit.
 */
export function requireApiKey(deps: {
  apiKeys: ApiKeyService;
  rateLimits: RateLimits;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerSecret(c.req.raw.headers);
    if (!secret) {
      c.header('WWW-Authenticate', 'Bearer');
      return errorResponse(c, 401, API_KEY_MESSAGES.missing, 'unauthenticated');
    }
    const holder = await deps.apiKeys.authenticate(secret);
    if (!holder) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return errorResponse(c, 401, API_KEY_MESSAGES.invalid, 'invalid_api_key');
    }
    const decision = await deps.rateLimits.consume('apiKey', holder.keyId);
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return errorResponse(c, 429, API_KEY_MESSAGES.rateLimited, 'rate_limited');
    }
    c.set('apiKey', holder);
    c.set('user', holder.user);
    c.set('sessionId', null);
    await next();
  };
}

/** The key a public-API request came with (set by requireApiKey). */
export function keyHolderOf(c: { get(key: 'apiKey'): AppEnv['Variables']['apiKey'] }) {
  const holder = c.get('apiKey');
  if (!holder) throw new Error('requireApiKey did not run');
  return holder;
}
