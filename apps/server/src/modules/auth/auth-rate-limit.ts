import type { MiddlewareHandler } from 'hono';
import type { RateLimitName, RateLimits } from '../../platform/ratelimit/rate-limits.js';
import { CLIENT_IP_HEADER } from '../../http/client-ip.js';

/** The auth calls with their own per-address limit; every other auth call shares `auth`. */
const RULE_BY_PATH: Record<string, RateLimitName> = {
  '/api/auth/sign-in/email': 'signIn',
  '/api/auth/sign-up/email': 'signUp',
  '/api/auth/request-password-reset': 'resetMail',
  '/api/auth/send-verification-email': 'verificationMail',
};

/**
 * Counts auth calls per client address before better-auth sees them, in the shared limiter (so two
 * API processes enforce one limit). The refusal is the one better-auth gave, which clients know.
 */
export function authRateLimit(limits: RateLimits): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const rule = RULE_BY_PATH[c.req.path] ?? 'auth';
    const address = c.req.header(CLIENT_IP_HEADER) ?? 'unknown';
    const decision = await limits.consume(rule, `${address}:${c.req.path}`);
    if (decision.allowed) return next();
    return c.json({ message: 'Too many requests. Please try again later.' }, 429, {
      'X-Retry-After': String(decision.retryAfterSeconds),
    });
  };
}
