import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '@adtwin/shared';
import { RATE_LIMIT_RULES } from '../src/platform/ratelimit/rate-limits.js';
import { TEST_REDIS_URL, uniqueRedisPrefix } from './redis.js';
import {
  createClient,
  signUpVerified,
  STRONG_PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './test-server.js';

const redisKeys = uniqueRedisPrefix();
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  // Two API processes of one deployment: the same Redis, the same prefix. The proxy header lets
  // the test speak from several addresses.
  const env = {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisKeys.prefix,
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
  };
  [one, two] = await Promise.all([startTestServer(env), startTestServer(env)]);
});
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await redisKeys.clean();
});

function signIn(server: TestServer, email: string, address: string) {
  return createClient(server.baseUrl).request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
    json: { email, password: STRONG_PASSWORD },
  });
}

describe('rate limits in Redis', () => {
  it('has the health check report Redis beside the database and the store', async () => {
    const res = await fetch(`${one.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { redis?: { ok: boolean } }).redis).toEqual({
      ok: true,
      kind: 'redis',
    });
  });

  it('are one sign-in limit per address for two API processes, not two', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Each attempt on the other process, each for another account: only the address counts.
      const res = await signIn(i % 2 ? two : one, uniqueEmail('shared'), '203.0.113.7');
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address still gets in.
    expect((await signIn(one, uniqueEmail('other'), '203.0.113.8')).status).toBe(401);
  });

  it('lock an account after ten failures spread over both processes and many addresses', async () => {
    const email = uniqueEmail('locked');
    for (let i = 0; i < 10; i++) {
      const res = await signIn(i % 2 ? two : one, email, `198.51.100.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const locked = await signIn(one, email, '198.51.100.99');
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { code: string }).code).toBe('ACCOUNT_LOCKED');
  });

  it("count one person's problem reports and generation starts", async () => {
    // Per person: the processes here keep separate databases, so one process is asked (the
    // count itself lives in Redis like the sign-in limit above).
    const { client } = await signUpVerified(one);
    const post = (path: string) =>
      client.request(
        path,
        path === '/api/bug-reports'
          ? { method: 'POST', body: new FormData() }
          : { method: 'POST', json: {} },
      );
    // Empty bodies are refused by the routes, but every call counts.
    for (let i = 0; i < RATE_LIMIT_RULES.problemReports.points; i++)
      expect((await post('/api/bug-reports')).status).toBe(400);
    const eleventh = await post('/api/bug-reports');
    expect(eleventh.status, await eleventh.clone().text()).toBe(429);
    for (let i = 0; i < RATE_LIMIT_RULES.generationStarts.points; i++)
      expect((await post('/api/generations/chat')).status).toBe(400);
    const refused = await post('/api/generations/chat');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      GENERATION_MESSAGES.tooManyText,
    );
  });
});
