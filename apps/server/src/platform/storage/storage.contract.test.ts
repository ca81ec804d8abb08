import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.js';
import {
  createDiskVariantCache,
  createS3VariantCache,
  type VariantCache,
} from '../images/variant-cache.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Client, createS3Storage } from './s3-storage.js';
import { createUrlSigner } from './url-signer.js';

// A 1x1 PNG: reads report the type found in the bytes, whatever the writer said.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Adapter = {
  storage: ObjectStorage;
  variants: VariantCache;
  /** Reads a private address the store made (local: through the API; S3: straight from it). */
  canFetchDirectly: boolean;
};

let s3: Awaited<ReturnType<typeof startS3Server>>;
let diskRoot: string;
const adapters: Record<string, Adapter> = {};

beforeAll(async () => {
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-contract-'));
  adapters['local disk'] = {
    storage: createLocalDiskStorage({
      root: path.join(diskRoot, 'storage'),
      signer: createUrlSigner('x'.repeat(32)),
    }),
    variants: createDiskVariantCache(path.join(diskRoot, 'variants')),
    canFetchDirectly: false,
  };
  s3 = await startS3Server();
  const client = createS3Client(s3.settings);
  adapters['S3'] = {
    storage: createS3Storage({ client, bucket: s3.settings.bucket }),
    variants: createS3VariantCache({ client, bucket: s3.settings.bucket }),
    canFetchDirectly: true,
  };
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

describe.each(['local disk', 'S3'])('object storage contract: %s', (name) => {
  const adapter = () => adapters[name]!;

  it('stores, lists, reads and deletes by owner prefix', async () => {
    const { storage } = adapter();
    const body = Buffer.from('hello');
    for (const key of ['u1/a.png', 'u1/b.png', 'u2/c.png', 'u2/d/e.png'])
      await storage.put({ bucket: 'temp-images', key, body, contentType: 'image/png' });
    expect(await storage.list('temp-images', 'u1/')).toEqual(['u1/a.png', 'u1/b.png']);
    expect(await storage.list('temp-images', 'u2/')).toEqual(['u2/c.png', 'u2/d/e.png']);
    expect(await storage.list('temp-images', 'u2/d/')).toEqual(['u2/d/e.png']);
    expect(await storage.list('temp-images', 'u3/')).toEqual([]);
    // Buckets do not see each other's keys.
    expect(await storage.list('avatars', 'u1/')).toEqual([]);
    expect((await storage.get('temp-images', 'u1/a.png'))?.body.toString()).toBe('hello');
    expect(await storage.exists('temp-images', 'u1/a.png')).toBe(true);
    expect(await storage.deletePrefix('temp-images', 'u1/')).toBe(2);
    expect(await storage.get('temp-images', 'u1/a.png')).toBeNull();
    expect(await storage.exists('temp-images', 'u1/a.png')).toBe(false);
    await storage.delete('temp-images', 'u2/c.png');
    await storage.delete('temp-images', 'u2/c.png'); // deleting twice is fine
    expect(await storage.list('temp-images', 'u2/')).toEqual(['u2/d/e.png']);
    await expect(storage.list('temp-images', '../')).rejects.toThrow(/Invalid storage key/);
  });

  it('reports the content type found in the bytes, not the one it was given', async () => {
    const { storage } = adapter();
    await storage.put({ bucket: 'avatars', key: 'u9/a.jpg', body: PNG, contentType: 'image/jpeg' });
    const file = await storage.get('avatars', 'u9/a.jpg');
    expect(file?.contentType).toBe('image/png');
    expect(file?.body.equals(PNG)).toBe(true);
  });

  it.each(['../escape.png', 'u1/../../x', '/abs.png', 'u1//a.png', 'u1/.hidden', 'a\\b.png', ''])(
    'refuses the key %j',
    async (key) => {
      const { storage } = adapter();
      await expect(
        storage.put({
          bucket: 'temp-images',
          key,
          body: Buffer.from('x'),
          contentType: 'image/png',
        }),
      ).rejects.toThrow();
      await expect(storage.get('temp-images', key)).rejects.toThrow();
    },
  );

  it('gives official images a permanent address and private files an expiring one', async () => {
    const { storage, canFetchDirectly } = adapter();
    await storage.put({
      bucket: 'user-creations',
      key: 'u5/design_1.png',
      body: PNG,
      contentType: 'image/png',
    });
    const official = await storage.createUrl('category-images', 'official/a.png', 600);
    expect(official).toBe('/api/files/category-images/official/a.png');
    const url = await storage.createUrl('user-creations', 'u5/design_1.png', 600);
    if (!canFetchDirectly) {
      expect(url).toMatch(/^\/api\/files\/user-creations\/u5\/design_1\.png\?expires=\d+&sig=/);
      return;
    }
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // The signature covers the key: pointing it at another file reads nothing.
    const other = url.replace('u5/design_1.png', 'u6/design_1.png');
    expect((await fetch(other)).ok).toBe(false);
  });

  it('keeps image variants by name', async () => {
    const { variants } = adapter();
    const name = `${Date.now().toString(16)}abcdef.webp`;
    expect(await variants.has(name)).toBe(false);
    expect(await variants.read(name)).toBeNull();
    await variants.write(name, Buffer.from('variant'));
    expect(await variants.has(name)).toBe(true);
    expect((await variants.read(name))?.toString()).toBe('variant');
  });

  it('passes its health check', async () => {
    await expect(adapter().storage.check()).resolves.toBeUndefined();
  });
});
