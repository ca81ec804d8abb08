import type { Context, MiddlewareHandler } from 'hono';
import { GENERATION_MESSAGES } from '@adtwin/shared';
import type { RateLimitName, RateLimits } from '../platform/ratelimit/rate-limits.js';
import type { AppEnv } from './app-env.js';

type UserRule = 'uploads' | 'problemReports' | 'generationStarts';

const MESSAGES: Record<UserRule, string> = {
  uploads: 'Too many uploads. Please try again later.',
  problemReports: 'Too many reports. Please try again later.',
  generationStarts: GENERATION_MESSAGES.tooManyText,
};

/** The calls a signed-in person may make only so often, by method and path. */
const RULES: { method: string; path: RegExp; rule: UserRule }[] = [
  { method: 'POST', path: /^\/api\/uploads$/, rule: 'uploads' },
  { method: 'POST', path: /^\/api\/bug-reports$/, rule: 'problemReports' },
  { method: 'POST', path: /^\/api\/(generations\/(swap|chat)|batches)$/, rule: 'generationStarts' },
];

/**
 * Counts one action of the signed-in person under `rule`: the refusal to send (429 with
 * Retry-After), or undefined when allowed. For routes that decide themselves whether a call costs
 * (a direct upload counts only when it hands out an address into the store).
 */
export async function refuseWhenLimited(
  c: Context<AppEnv>,
  limits: RateLimits,
  rule: UserRule,
  userId: string,
) {
  const decision = await limits.consume(rule satisfies RateLimitName, userId);
  if (decision.allowed) return undefined;
  c.header('Retry-After', String(decision.retryAfterSeconds));
  return c.json({ error: MESSAGES[rule], code: 'rate_limited' }, 429);
}

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
    return (await refuseWhenLimited(c, limits, match.rule, user.id)) ?? next();
  };
}
