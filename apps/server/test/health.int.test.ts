import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * A load balancer's two questions: is the process alive (restart it if not), and is it ready
 * (send it traffic only if its database, store and Redis answer). A store that is down makes a
 * process unready, not dead.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(
    {
      S3_BUCKET: 'adtwin-unreachable',
      // Nothing listens here (a port of this test's own range).
      S3_ENDPOINT: 'http://127.0.0.1:5149',
      S3_ACCESS_KEY_ID: 'unused',
      S3_SECRET_ACCESS_KEY: 'unused',
      S3_FORCE_PATH_STYLE: 'true',
    },
    { seedCatalogue: false },
  );
});
afterAll(() => t?.stop());

describe('health endpoints', () => {
  it('readiness names the failing store; liveness still answers', async () => {
    const ready = await fetch(`${t.baseUrl}/api/health`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as {
      ok: boolean;
      database: { ok: boolean };
      storage: { ok: boolean; kind: string };
    };
    expect(body).toMatchObject({
      ok: false,
      database: { ok: true },
      storage: { ok: false, kind: 's3' },
    });
    const live = await fetch(`${t.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
  });
});
