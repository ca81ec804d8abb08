import type { Redis } from 'ioredis';
import { API_KEY_REQUESTS_PER_MINUTE } from '@adtwin/shared';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * Every rate limit of the server: how many times a key may act within a window. Keys are client
 * addresses for the per-address rules and e-mail addresses for the per-account sign-in lock.
 */
export const RATE_LIMIT_RULES = {
  /** Any other auth call from one address. */
  auth: { points: 100, seconds: 60 },
  signIn: { points: 10, seconds: 60 },
  signUp: { points: 10, seconds: 3600 },
  resetMail: { points: 5, seconds: 3600 },
  verificationMail: { points: 5, seconds: 3600 },
  /** Failed sign-ins per account, from any address (see account-throttle.ts). */
  accountFailures: { points: 10, seconds: 15 * 60 },
  /** Per signed-in person: work that costs storage, mail or engine time. */
  uploads: { points: 200, seconds: 3600 },
  problemReports: { points: 10, seconds: 3600 },
  generationStarts: { points: 60, seconds: 3600 },
  /** Per API key: every /api/v1 request. */
  apiKey: { points: API_KEY_REQUESTS_PER_MINUTE, seconds: 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /** Counts one action of `key`; refused once the rule's points are spent in its window. */
  consume(name: RateLimitName, key: string): Promise<RateLimitDecision>;
  /** Actions counted for `key` in the current window. */
  used(name: RateLimitName, key: string): Promise<number>;
  reset(name: RateLimitName, key: string): Promise<void>;
  readonly kind: 'memory' | 'redis' | 'off';
}

/**
 * In memory for one process (embedded), or in Redis so that every API process shares one count
 * (scaled). A Redis outage falls back to a per-process count instead of letting everything through
 * or refusing everyone.
 */
export function createRateLimits(options: {
  redis?: Redis | undefined;
  keyPrefix: string;
  enabled: boolean;
}): RateLimits {
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(RATE_LIMIT_RULES) as [
    RateLimitName,
    (typeof RATE_LIMIT_RULES)[RateLimitName],
  ][]) {
    const settings = {
      keyPrefix: `${options.keyPrefix}:rl:${name}`,
      points: rule.points,
      duration: rule.seconds,
    };
    limiters.set(
      name,
      options.redis
        ? new RateLimiterRedis({
            ...settings,
            storeClient: options.redis,
            insuranceLimiter: new RateLimiterMemory(settings),
          })
        : new RateLimiterMemory(settings),
    );
  }
  const limiter = (name: RateLimitName) => limiters.get(name)!;
  return {
    kind: !options.enabled ? 'off' : options.redis ? 'redis' : 'memory',
    async consume(name, key) {
      if (!options.enabled) return { allowed: true };
      try {
        await limiter(name).consume(key);
        return { allowed: true };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return { allowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
      }
    },
    async used(name, key) {
      if (!options.enabled) return 0;
      return (await limiter(name).get(key))?.consumedPoints ?? 0;
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
  };
}
