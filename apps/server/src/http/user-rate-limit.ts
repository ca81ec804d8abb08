import type { MiddlewareHandler } from 'hono';
import { GENERATION_MESSAGES } from '@adtwin/shared';
import type { RateLimitName, RateLimits } from '../platform/ratelimit/rate-limits.js';
import type { AppEnv } from './app-env.js';
import { errorResponse } from './errors.js';

/** The calls a signed-in person may make only so often, by method and path. */
const RULES: { method: string; path: RegExp; rule: RateLimitName; message: string }[] = [
  {
    method: 'POST',
    path: /^\/api\/(v1\/)?uploads$/,
    rule: 'uploads',
    message: 'Too many uploads. Please try again later.',
  },
  {
    method: 'POST',
    path: /^\/api\/bug-reports$/,
    rule: 'problemReports',
    message: 'Too many reports. Please try again later.',
  },
  {
    method: 'POST',
    path: /^\/api\/(v1\/)?(generations\/(swap|chat)|batches)$/,
    rule: 'generationStarts',
    message: GENERATION_MESSAGES.tooManyText,
  },
];

/**
 * Per-person limits on uploads, problem reports and generation starts, counted in the shared
 * limiter (memory, or Redis for every API process). Runs after the session is read; calls without
 * a session are refused by their routes anyway.
 */
export function userRateLimit(limits: RateLimits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = RULES.find((r) => r.method === c.req.method && r.path.test(c.req.path));
    const user = c.get('user');
    if (!match || !user) return next();
    const decision = await limits.consume(match.rule, user.id);
    if (decision.allowed) return next();
    c.header('Retry-After', String(decision.retryAfterSeconds));
    return errorResponse(c, 429, match.message, 'rate_limited');
  };
}
