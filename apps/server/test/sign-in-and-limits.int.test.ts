import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKED_MESSAGE } from '../src/modules/auth/account-throttle.js';
import { imageForm, makeImage } from './images.js';
import {
  createClient,
  signUpVerified,
  startTestServer,
  STRONG_PASSWORD,
  type TestServer,
} from './test-server.js';

// Rate limits on: every address is told apart by a trusted proxy header, as behind a proxy.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ TRUSTED_PROXY_HEADER: 'x-forwarded-for', UPLOAD_QUOTA_MB: '1' });
});
afterAll(() => t.stop());

function signInFrom(address: string, email: string, password: string) {
  return createClient(t.baseUrl).request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
    json: { email, password },
  });
}

describe('sign-in throttling', () => {
  it('locks an account after failures from many addresses, even for the right password', async () => {
    const { email } = await signUpVerified(t);
    // Five addresses, each under its own limit of ten a minute.
    for (let i = 0; i < 10; i++) {
      const res = await signInFrom(`10.1.${i % 5}.1`, email, 'Wrong-Password-1');
      expect(res.status).toBe(401);
    }
    const right = await signInFrom('10.1.99.1', email, STRONG_PASSWORD);
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toBe(ACCOUNT_LOCKED_MESSAGE);
    // Another account is not affected.
    const other = await signUpVerified(t);
    expect((await signInFrom('10.1.99.1', other.email, STRONG_PASSWORD)).status).toBe(200);
  });
});

describe('password changes end other sessions', () => {
  it('changing the password signs out every other session and keeps this one', async () => {
    const { client, email } = await signUpVerified(t);
    const otherTab = createClient(t.baseUrl);
    expect(
      (
        await otherTab.request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'x-forwarded-for': '10.2.0.1' },
          json: { email, password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await otherTab.request('/api/me')).status).toBe(200);
    const changed = await client.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Pass-7' },
    });
    expect(changed.status).toBe(200);
    expect((await otherTab.request('/api/me')).status).toBe(401);
    expect((await client.request('/api/me')).status).toBe(200);
  });

  it('resetting the password signs out every session', async () => {
    const { client, email } = await signUpVerified(t);
    const ask = await createClient(t.baseUrl).request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'x-forwarded-for': '10.3.0.1' },
      json: { email, redirectTo: '/update-password' },
    });
    expect(ask.status).toBe(200);
    const link = (await t.latestMailTo(email))?.text.match(/https?:\/\/\S+/)?.[0];
    const open = await createClient(t.baseUrl).request(link!);
    const token = new URL(open.headers.get('location')!, t.baseUrl).searchParams.get('token');
    const reset = await createClient(t.baseUrl).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'Brand-New-Pass-7' },
    });
    expect(reset.status).toBe(200);
    expect((await client.request('/api/me')).status).toBe(401);
  });
});

describe('upload quota', () => {
  it('refuses an upload that would pass the per-person quota, and frees room on delete', async () => {
    const { client } = await signUpVerified(t);
    // Random pixels do not compress: about 430 KB each, so the third passes 1 MB.
    const noisy = async () => {
      const { data, info } = await (
        await import('sharp')
      )
        .default(Buffer.from(Array.from({ length: 360 * 400 * 3 }, () => Math.random() * 256)), {
          raw: { width: 400, height: 360, channels: 3 },
        })
        .png()
        .toBuffer({ resolveWithObject: true });
      expect(info.size).toBeGreaterThan(300_000);
      return data;
    };
    const upload = async (bytes: Buffer) =>
      client.request('/api/uploads', { method: 'POST', body: imageForm(bytes, 'n.png') });
    const first = await upload(await noisy());
    expect(first.status).toBe(201);
    expect((await upload(await noisy())).status).toBe(201);
    const third = await upload(await noisy());
    expect(third.status).toBe(413);
    expect(((await third.json()) as { code: string }).code).toBe('quota_exceeded');
    // A small image still fits; deleting makes room again.
    expect((await upload(await makeImage())).status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    expect((await client.request(`/api/uploads/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await upload(await noisy())).status).toBe(201);
  });
});
