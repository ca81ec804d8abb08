import type { RateLimits } from '../../platform/ratelimit/rate-limits.js';
import { RATE_LIMIT_RULES } from '../../platform/ratelimit/rate-limits.js';

/**
 * Failed sign-ins counted per account, whatever address they come from: the per-address limit
 * alone lets many addresses guess one password. Counted where every other limit is (memory, or
 * Redis shared by all API processes).
 */
export function createAccountThrottle(limits: RateLimits) {
  const keyOf = (email: string) => email.trim().toLowerCase();
  return {
    async isLocked(email: string) {
      return (
        (await limits.used('accountFailures', keyOf(email))) >=
        RATE_LIMIT_RULES.accountFailures.points
      );
    },
    async recordFailure(email: string) {
      await limits.consume('accountFailures', keyOf(email));
    },
    async clear(email: string) {
      await limits.reset('accountFailures', keyOf(email));
    },
  };
}

export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.';
