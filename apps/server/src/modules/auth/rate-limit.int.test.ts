import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestServer,
} from '../../../test/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('rate limits', () => {
  it('answer 429 after ten sign-in attempts a minute from one address, and keep serving others', async () => {
    const client = createClient(t.baseUrl);
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await client.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email, password: STRONG_PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await client.request('/api/health')).status).toBe(200);
  });

  it('ignore a client-sent address header: spoofing it does not buy new attempts', async () => {
    const email = uniqueEmail('spoof');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await createClient(t.baseUrl).request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'x-adtwin-client-ip': `10.0.0.${i}`, 'x-forwarded-for': `10.0.1.${i}` },
        json: { email, redirectTo: '/update-password' },
      });
      statuses.push(res.status);
    }
    // 5 reset mails an hour per address; after the first test's traffic this address still has room,
    // so ask until refused and check that it happens within the limit.
    let refusedAt = -1;
    for (let i = 0; i < 6 && refusedAt < 0; i++) {
      const res = await createClient(t.baseUrl).request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'x-adtwin-client-ip': `10.9.9.${i}` },
        json: { email, redirectTo: '/update-password' },
      });
      if (res.status === 429) refusedAt = i;
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(refusedAt).toBe(2);
  });
});
