import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CROSS_SITE_MESSAGE } from '../src/http/origins.js';
import { IMAGE_MESSAGES } from '../src/platform/images/validate-image.js';
import { makeImage, makePixelBombPng } from './images.js';
import {
  createClient,
  signUpVerified,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type Client,
  type TestServer,
} from './test-server.js';

// The attacks of issue 14, each against a really started server.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true' });
});
afterAll(() => t.stop());

/** The client's cookies, sent from another site (the browser adds Origin and Sec-Fetch-Site). */
function fromEvilSite(client: Client, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  headers.set('origin', 'http://evil.example');
  headers.set('sec-fetch-site', 'cross-site');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(new URL(path, t.baseUrl), { ...init, headers, body, redirect: 'manual' });
}

function form(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) data.append(key, value, 'image.png');
    else data.append(key, value);
  }
  return data;
}

describe('cross-site requests (CSRF)', () => {
  it('refuses every state change sent from another site with the session cookie', async () => {
    const { client } = await signUpVerified(t);
    const png = new Blob([new Uint8Array(await makeImage())]);
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      ['/api/me', { method: 'DELETE' }],
      ['/api/me/name', { method: 'PUT', json: { fullName: 'Evil Name' } }],
      ['/api/me/user-type', { method: 'PUT', json: { userType: 'other' } }],
      ['/api/uploads', { method: 'POST', body: form({ file: png }) }],
      ['/api/bug-reports', { method: 'POST', body: form({ description: 'planted report' }) }],
      ['/api/templates/1/vote', { method: 'PUT', json: { vote: 'like' } }],
      [
        '/api/billing/checkout-session',
        { method: 'POST', json: { planType: 'pro', frequency: 'monthly' } },
      ],
    ];
    for (const [path, init] of attempts) {
      const res = await fromEvilSite(client, path, init);
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ error: CROSS_SITE_MESSAGE });
    }
    // A browser that sends only Sec-Fetch-Site is judged by it.
    const fetchSiteOnly = await fetch(new URL('/api/me', t.baseUrl), {
      method: 'DELETE',
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(fetchSiteOnly.status).toBe(403);
    // Nothing happened: the account is there with its name.
    const me = await client.request('/api/me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).not.toContain('Evil Name');
    // The same requests from the app's own page pass.
    const own = await client.request('/api/me/name', {
      method: 'PUT',
      json: { fullName: 'Own Name' },
    });
    expect(own.status).toBe(200);
  });

  it('lets through requests that carry no cookie, such as the signed Stripe webhook', async () => {
    const res = await fetch(new URL('/api/billing/webhook', t.baseUrl), {
      method: 'POST',
      headers: { origin: 'https://stripe.example', 'content-type': 'application/json' },
      body: '{}',
    });
    // Not refused as cross-site: this server has no Stripe, so the route itself answers 404.
    expect(res.status).toBe(404);
  });

  it('signs up when the app is opened at another address of the same server', async () => {
    // The server's public address is 127.0.0.1; the browser opened it as localhost (or a LAN IP).
    const otherAddress = t.baseUrl.replace('127.0.0.1', 'localhost');
    const client = createClient(otherAddress);
    const email = uniqueEmail('address');
    const res = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD, name: 'Other Address' },
    });
    expect(res.status).toBe(200);
    // Another site is still refused by better-auth's own check.
    const evil = await fetch(new URL('/api/auth/sign-up/email', t.baseUrl), {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        'content-type': 'application/json',
        cookie: 'adtwin.x=1',
      },
      body: JSON.stringify({ email: uniqueEmail('evil'), password: STRONG_PASSWORD, name: 'Evil' }),
    });
    expect(evil.status).toBe(403);
  });
});

/**
 * One request on a socket of its own, so a server that answers early and closes it cannot touch
 * other requests. With `complete: false` the body is announced but never finished.
 */
function requestOnOwnSocket(
  path: string,
  options: { method: string; headers: Record<string, string>; body: Buffer; complete?: boolean },
) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(new URL(path, t.baseUrl), {
      method: options.method,
      agent: false,
      headers: { ...options.headers, 'content-length': String(options.body.length) },
    });
    request.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', reject);
    if (options.complete === false) request.write(options.body.subarray(0, 64 * 1024));
    else request.end(options.body);
    setTimeout(() => reject(new Error('no answer')), 5000).unref();
  });
}

describe('request bodies', () => {
  it('refuses a large JSON body before parsing it, signed in or not', async () => {
    const { client } = await signUpVerified(t);
    const json = { 'content-type': 'application/json', origin: t.baseUrl };
    const signIn = await requestOnOwnSocket('/api/auth/sign-in/email', {
      method: 'POST',
      headers: json,
      body: Buffer.from(JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 ** 20) })),
    });
    expect(signIn).toBe(413);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const name = await requestOnOwnSocket('/api/me/name', {
      method: 'PUT',
      headers: { ...json, cookie },
      body: Buffer.from(JSON.stringify({ fullName: 'x'.repeat(200 * 1024) })),
    });
    expect(name).toBe(413);
  });

  it('answers an upload without a session before reading its body', async () => {
    // The body is announced as 9 MB and never finished: a server that read it first would never
    // answer.
    const status = await requestOnOwnSocket('/api/uploads', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: t.baseUrl },
      body: Buffer.alloc(9 * 1024 * 1024),
      complete: false,
    });
    expect(status).toBe(401);
  });
});

describe('images are decoded, not sniffed', () => {
  let client: Client;
  let cases: { name: string; bytes: Buffer; status: number; message: string }[];

  beforeAll(async () => {
    ({ client } = await signUpVerified(t));
    const png = await makeImage({ width: 300, height: 200 });
    const jpeg = await makeImage({ width: 300, height: 200, format: 'jpeg' });
    cases = [
      {
        name: 'truncated png',
        bytes: png.subarray(0, Math.floor(png.length * 0.6)),
        status: 400,
        message: IMAGE_MESSAGES.damaged,
      },
      {
        name: 'truncated jpeg',
        bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
        status: 400,
        message: IMAGE_MESSAGES.damaged,
      },
      {
        name: '33-byte png header',
        bytes: png.subarray(0, 33),
        status: 400,
        message: IMAGE_MESSAGES.damaged,
      },
      {
        name: '20000x20000 pixel bomb',
        bytes: makePixelBombPng(20_000, 20_000),
        status: 413,
        message: IMAGE_MESSAGES.tooManyPixels,
      },
      {
        name: '1x30000 sliver',
        bytes: await sharp({
          create: { width: 1, height: 30_000, channels: 3, background: '#000' },
        })
          .png()
          .toBuffer(),
        status: 400,
        message: IMAGE_MESSAGES.tooNarrow,
      },
    ];
  });

  const endpoints: [string, (bytes: Buffer) => Promise<Response>][] = [
    [
      'uploads',
      (bytes) =>
        client.request('/api/uploads', {
          method: 'POST',
          body: form({ file: new Blob([new Uint8Array(bytes)]) }),
        }),
    ],
    [
      'templates',
      (bytes) =>
        client.request('/api/my-templates', {
          method: 'POST',
          body: form({ file: new Blob([new Uint8Array(bytes)]), name: 'Mine' }),
        }),
    ],
    [
      'avatars',
      (bytes) =>
        client.request('/api/me/avatar', {
          method: 'PUT',
          body: form({ file: new Blob([new Uint8Array(bytes)]) }),
        }),
    ],
    [
      'problem attachments',
      (bytes) =>
        client.request('/api/bug-reports', {
          method: 'POST',
          body: form({
            description: 'The page broke',
            attachments: new Blob([new Uint8Array(bytes)]),
          }),
        }),
    ],
  ];

  for (const [label, send] of endpoints) {
    it(`refuses broken, forged, huge and extreme images as ${label}, saying why`, async () => {
      for (const bad of cases) {
        const res = await send(bad.bytes);
        expect(res.status, `${label}: ${bad.name}`).toBe(bad.status);
        expect(((await res.json()) as { error: string }).error, bad.name).toBe(bad.message);
      }
      // A sound image still passes.
      const good = await send(await makeImage({ width: 300, height: 200 }));
      expect(good.status, label).toBeLessThan(300);
    });
  }
});

describe('bad input never answers 500', () => {
  it('answers the reported cases with a 4xx', async () => {
    const { client } = await signUpVerified(t);
    const upload = (await (
      await client.request('/api/uploads', {
        method: 'POST',
        body: form({ file: new Blob([new Uint8Array(await makeImage())]) }),
      })
    ).json()) as { id: string; key?: string; url?: string };
    const swap = await client.request('/api/generations/swap', {
      method: 'POST',
      json: { templateId: 2_147_483_648, productUploadId: upload.id },
    });
    expect(swap.status).toBe(400);
    const paths = [
      '/api/images/category-images/official/a.png?f=123456789',
      `/api/images/temp-images/x/a.png?expires=${'9'.repeat(40)}&sig=abc`,
      `/api/images/temp-images/x/a.png?expires=1&sig=${'a'.repeat(500)}`,
      '/api/files/temp-images/x/a.png%25',
      '/api/files/temp-images/x/%E0%A4%A',
      '/api/images/temp-images/x/%',
      '/api/templates/2147483648',
      '/api/templates/99999999999999999999',
    ];
    for (const path of paths) {
      const res = await client.request(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('answers a correctly signed Stripe event with an empty object with a 4xx', async () => {
    const secret = 'whsec_test_secret';
    const stripe = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_PRICE_PRO_WEEKLY: 'price_pw',
      STRIPE_PRICE_PRO_MONTHLY: 'price_pm',
      STRIPE_PRICE_ENTERPRISE_WEEKLY: 'price_ew',
      STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_em',
    });
    try {
      for (const type of ['customer.subscription.updated', 'invoice.paid']) {
        const body = JSON.stringify({ id: 'evt_1', type, created: 1, data: { object: {} } });
        const at = Math.floor(Date.now() / 1000);
        const sig = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
        const res = await fetch(new URL('/api/billing/webhook', stripe.baseUrl), {
          method: 'POST',
          headers: { 'stripe-signature': `t=${at},v1=${sig}`, 'content-type': 'application/json' },
          body,
        });
        expect(res.status, type).toBe(400);
      }
    } finally {
      await stripe.stop();
    }
  });
});

describe('replies are not kept by caches', () => {
  it('sends JSON with no-store and private images with a short private lifetime', async () => {
    const { client, userId } = await signUpVerified(t);
    const me = await client.request('/api/me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    const created = (await (
      await client.request('/api/uploads', {
        method: 'POST',
        body: form({ file: new Blob([new Uint8Array(await makeImage())]) }),
      })
    ).json()) as { url: string };
    const key = decodeURIComponent(new URL(created.url, t.baseUrl).pathname).replace(
      /^.*\/temp-images\//,
      '',
    );
    expect(key.startsWith(`${userId}/`)).toBe(true);
    const variant = await client.request(`/api/images/temp-images/${key}?w=64`);
    expect(variant.status).toBe(200);
    const cacheControl = variant.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    expect(Number(cacheControl.match(/max-age=(\d+)/)![1])).toBeLessThanOrEqual(3600);
  });
});
