import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../src/platform/storage/s3-storage.js';
import { seedOfficialTemplate } from './generation-fixtures.js';
import { imageForm, makeImage } from './images.js';
import { startS3Server } from './s3-server.js';
import { signUpVerified, startTestServer, type TestServer } from './test-server.js';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestServer(s3.env);
});
afterAll(async () => {
  await t?.stop();
  await s3?.stop();
});

async function keysInBucket(prefix: string): Promise<string[]> {
  const page = await createS3Client(s3.settings).send(
    new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }),
  );
  return (page.Contents ?? []).map((item) => item.Key!);
}

describe('a server with S3_BUCKET set', () => {
  it('reports the S3 store in its health check', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { storage: { kind: string } }).storage.kind).toBe('s3');
  });

  it('keeps an upload in the bucket and hands out a presigned address to it', async () => {
    const { client, userId } = await signUpVerified(t);
    const res = await client.request('/api/uploads', {
      method: 'POST',
      body: imageForm(await makeImage({ format: 'png' }), 'product.png'),
    });
    expect(res.status).toBe(201);
    const keys = await keysInBucket(`temp-images/${userId}/`);
    expect(keys).toHaveLength(1);
    expect(fs.existsSync(path.join(t.dataDir, 'storage'))).toBe(false);
    const url = await t.server.storage.createUrl('temp-images', keys[0]!.slice(12), 600);
    expect(url.startsWith(s3.settings.endpoint!)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
  });

  it('caches image variants in the store, not on this host', async () => {
    const template = await seedOfficialTemplate(t);
    const address = `${t.baseUrl}/api/images/category-images/${template.imageKey}?w=256&f=webp`;
    const first = await fetch(address);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    const variants = await keysInBucket('variants/');
    expect(variants.some((key) => key.endsWith('.webp'))).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'variants'))).toBe(false);
  });
});
