import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { createUrlSigner } from './url-signer.js';
import { detectImageType } from './content-type.js';

const roots: string[] = [];
function makeStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-storage-'));
  roots.push(root);
  return {
    root,
    storage: createLocalDiskStorage({ root, signer: createUrlSigner('x'.repeat(32)) }),
  };
}
afterEach(() =>
  roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })),
);

describe('local disk storage', () => {
  it('stores, lists, reads and deletes by owner prefix', async () => {
    const { storage } = makeStorage();
    const body = Buffer.from('hello');
    await storage.put({ bucket: 'temp-images', key: 'u1/a.png', body, contentType: 'image/png' });
    await storage.put({ bucket: 'temp-images', key: 'u1/b.png', body, contentType: 'image/png' });
    await storage.put({ bucket: 'temp-images', key: 'u2/c.png', body, contentType: 'image/png' });
    expect(await storage.list('temp-images', 'u1/')).toEqual(['u1/a.png', 'u1/b.png']);
    expect((await storage.get('temp-images', 'u1/a.png'))?.body.toString()).toBe('hello');
    expect(await storage.deletePrefix('temp-images', 'u1/')).toBe(2);
    expect(await storage.list('temp-images', '')).toEqual(['u2/c.png']);
    expect(await storage.get('temp-images', 'u1/a.png')).toBeNull();
    // Prefixes are walked from their own folder; a nested key is found, a sibling is not.
    await storage.put({ bucket: 'temp-images', key: 'u2/d/e.png', body, contentType: 'image/png' });
    expect(await storage.list('temp-images', 'u2/')).toEqual(['u2/c.png', 'u2/d/e.png']);
    expect(await storage.list('temp-images', 'u2/d/')).toEqual(['u2/d/e.png']);
    expect(await storage.list('temp-images', 'u3/')).toEqual([]);
    await expect(storage.list('temp-images', '../')).rejects.toThrow(/Invalid storage key/);
  });

  it.each(['../escape.png', 'u1/../../x', '/abs.png', 'u1//a.png', 'u1/.hidden', 'a\\b.png', ''])(
    'refuses the key %j',
    async (key) => {
      const { storage } = makeStorage();
      await expect(
        storage.put({
          bucket: 'temp-images',
          key,
          body: Buffer.from('x'),
          contentType: 'image/png',
        }),
      ).rejects.toThrow();
    },
  );
});

describe('content type from bytes', () => {
  it('finds png, jpeg and webp by their bytes and refuses a text file named .png', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
    ]);
    expect(await detectImageType(png)).toBe('image/png');
    expect(await detectImageType(jpeg)).toBe('image/jpeg');
    expect(await detectImageType(webp)).toBe('image/webp');
    expect(await detectImageType(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(await detectImageType(Buffer.from('GIF89a'))).toBeNull();
  });
});
