import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSE_MESSAGES, UPLOAD_LIMITS } from '@adtwin/shared';
import { RATE_LIMIT_RULES } from '../src/platform/ratelimit/rate-limits.js';
import { IMAGE_MESSAGES } from '../src/platform/images/validate-image.js';
import { createS3Client } from '../src/platform/storage/s3-storage.js';
import { makeImage } from './images.js';
import { startS3Server } from './s3-server.js';
import { signUpVerified, startTestServer, type Client, type TestServer } from './test-server.js';

/**
 * Files straight from the browser into the store: the server hands out a presigned PUT whose
 * signed headers fix size and type, the "browser" (fetch) puts the bytes into a real S3 server
 * (s3rver), and the server takes the object only after decoding it in full.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestServer;
let embedded: TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestServer(s3.env);
  embedded = await startTestServer();
});
afterAll(async () => {
  await Promise.all([t?.stop(), embedded?.stop()]);
  await s3?.stop();
});

type Ticket =
  | { mode: 'form' }
  | {
      mode: 'presigned-put';
      id: string;
      method: 'PUT';
      url: string;
      headers: Record<string, string>;
    };

async function startUpload(client: Client, size: number, contentType: string) {
  const res = await client.request('/api/uploads/direct', {
    method: 'POST',
    json: { size, contentType },
  });
  return { status: res.status, body: (await res.json()) as Ticket & { error?: string } };
}

async function presign(client: Client, size: number, contentType = 'image/png') {
  const { status, body } = await startUpload(client, size, contentType);
  expect(status).toBe(200);
  if (body.mode !== 'presigned-put') throw new Error(`expected a presigned PUT, got ${body.mode}`);
  return body;
}

/** What a browser's fetch does with the ticket: the bytes, with the ticket's headers. */
function putToStore(
  ticket: { url: string; headers: Record<string, string> },
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  return fetch(ticket.url, {
    method: 'PUT',
    headers: { ...ticket.headers, ...headers },
    body: new Uint8Array(bytes),
  });
}

function confirm(client: Client, id: string, name = 'product.png') {
  return client.request(`/api/uploads/direct/${id}`, { method: 'POST', json: { name } });
}

async function keysInBucket(prefix: string): Promise<string[]> {
  const page = await createS3Client(s3.settings).send(
    new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }),
  );
  return (page.Contents ?? []).map((item) => item.Key!);
}

describe('direct uploads to an S3 store', () => {
  it('presign, put to the bucket, confirm: the upload is in the library and in the bucket', async () => {
    const { client, userId } = await signUpVerified(t);
    const bytes = await makeImage({ format: 'png', width: 80, height: 60 });
    const ticket = await presign(client, bytes.length);
    expect(ticket.url.startsWith(`${s3.settings.endpoint}/`)).toBe(true);
    expect((await putToStore(ticket, bytes)).status).toBe(200);
    expect(await keysInBucket(`temp-images/${userId}/incoming/`)).toEqual([
      `temp-images/${userId}/incoming/${ticket.id}`,
    ]);

    const res = await confirm(client, ticket.id, 'My product.png');
    expect(res.status).toBe(201);
    const item = (await res.json()) as { id: string; name: string; url: string };
    expect(item.name).toBe('My product.png');
    const list = (await (await client.request('/api/uploads')).json()) as {
      items: { id: string }[];
    };
    expect(list.items.map((i) => i.id)).toEqual([item.id]);
    // The waiting object became the stored upload: one object, outside incoming/.
    const keys = await keysInBucket(`temp-images/${userId}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^temp-images/${userId}/[0-9a-f-]{36}\\.png$`));
    const image = await client.request(item.url);
    expect(image.status).toBe(200);

    // The same bytes again: the earlier upload, not a second copy.
    const again = await presign(client, bytes.length);
    expect((await putToStore(again, bytes)).status).toBe(200);
    const second = await confirm(client, again.id);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { id: string }).id).toBe(item.id);
    expect(await keysInBucket(`temp-images/${userId}/`)).toEqual(keys);
    // A confirmed id is spent.
    expect((await confirm(client, again.id)).status).toBe(404);
  });

  it('the store refuses a body larger than the size the address was made for', async () => {
    const { client, userId } = await signUpVerified(t);
    const bytes = await makeImage({ format: 'png', width: 120, height: 90 });
    const ticket = await presign(client, bytes.length - 10);
    const put = await putToStore(ticket, bytes);
    expect(put.status).toBe(403);
    expect(await put.text()).toContain('SignatureDoesNotMatch');
    expect(await keysInBucket(`temp-images/${userId}/`)).toEqual([]);
    expect((await confirm(client, ticket.id)).status).toBe(404);
  });

  it('the store refuses another content type than the one the address was made for', async () => {
    const { client, userId } = await signUpVerified(t);
    const bytes = await makeImage({ format: 'png' });
    const ticket = await presign(client, bytes.length, 'image/png');
    const put = await putToStore(ticket, bytes, { 'Content-Type': 'text/html' });
    expect(put.status).toBe(403);
    expect(await keysInBucket(`temp-images/${userId}/`)).toEqual([]);
  });

  it('no address for a declared size over the limit or a type that is no image of ours', async () => {
    const { client } = await signUpVerified(t);
    const tooLarge = await startUpload(client, UPLOAD_LIMITS.maxBytes + 1, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe('File too large (max 10MB)');
    const gif = await startUpload(client, 1000, 'image/gif');
    expect(gif.status).toBe(415);
    expect(gif.body.error).toBe(BROWSE_MESSAGES.uploadTypes);
  });

  it('a truncated image is refused with the text of ordinary uploads and deleted from the store', async () => {
    const { client, userId } = await signUpVerified(t);
    const whole = await makeImage({ format: 'jpeg', width: 400, height: 300 });
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const ticket = await presign(client, cut.length, 'image/jpeg');
    expect((await putToStore(ticket, cut)).status).toBe(200);
    expect(await keysInBucket(`temp-images/${userId}/`)).toHaveLength(1);
    const res = await confirm(client, ticket.id, 'cut.jpg');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(IMAGE_MESSAGES.damaged);
    expect(await keysInBucket(`temp-images/${userId}/`)).toEqual([]);
    const list = (await (await client.request('/api/uploads')).json()) as { total: number };
    expect(list.total).toBe(0);
  });

  it('bytes that are no image at all, under an image type, are refused and deleted', async () => {
    const { client, userId } = await signUpVerified(t);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const ticket = await presign(client, html.length, 'image/png');
    expect((await putToStore(ticket, html)).status).toBe(200);
    const res = await confirm(client, ticket.id);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toBe(BROWSE_MESSAGES.uploadTypes);
    expect(await keysInBucket(`temp-images/${userId}/`)).toEqual([]);
  });

  it('another person cannot confirm your upload id', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const bytes = await makeImage({ format: 'webp' });
    const ticket = await presign(owner.client, bytes.length, 'image/webp');
    expect((await putToStore(ticket, bytes)).status).toBe(200);
    const stolen = await confirm(other.client, ticket.id);
    expect(stolen.status).toBe(404);
    const theirs = (await (await other.client.request('/api/uploads')).json()) as {
      total: number;
    };
    expect(theirs.total).toBe(0);
    // Still the owner's to take.
    expect((await confirm(owner.client, ticket.id, 'mine.webp')).status).toBe(201);
  });

  it('each address into the store counts as an upload for the rate limit', async () => {
    const { client } = await signUpVerified(t);
    const { points } = RATE_LIMIT_RULES.uploads;
    for (let sent = 0; sent < points; sent += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, points - sent) }, () =>
          startUpload(client, 100, 'image/png'),
        ),
      );
      expect(batch.every((reply) => reply.status === 200)).toBe(true);
    }
    const refused = await startUpload(client, 100, 'image/png');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many uploads. Please try again later.');
  });

  it('asks for a session', async () => {
    const anonymous = await fetch(`${t.baseUrl}/api/uploads/direct`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: JSON.stringify({ size: 100, contentType: 'image/png' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('lets the page reach the bucket: its origin is in the CSP for images and requests', async () => {
    const csp = (await fetch(`${t.baseUrl}/api/health`)).headers.get('content-security-policy')!;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src').split(' ')).toContain(s3.settings.endpoint);
    expect(directive('img-src').split(' ')).toContain(s3.settings.endpoint);
  });
});

describe('direct uploads on the embedded shape (local disk)', () => {
  it('answers form: the file goes through POST /uploads, which alone counts for the rate limit', async () => {
    const { client } = await signUpVerified(embedded);
    for (let asked = 0; asked < RATE_LIMIT_RULES.uploads.points; asked += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => startUpload(client, 100, 'image/png')),
      );
      expect(batch.every((reply) => reply.status === 200)).toBe(true);
    }
    const { status, body } = await startUpload(client, 1000, 'image/png');
    expect(status).toBe(200);
    expect(body).toEqual({ mode: 'form' });
    const csp = (await fetch(`${embedded.baseUrl}/api/health`)).headers.get(
      'content-security-policy',
    )!;
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("connect-src 'self' http");
  });
});
