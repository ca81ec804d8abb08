import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { BUCKETS, PUBLIC_BUCKETS, type Bucket } from '@adtwin/shared';
import { assertValidKey, type ObjectStorage } from './object-storage.js';
import type { UrlSigner } from './url-signer.js';
import { COMMUNITY_PREFIX } from '../images/image-paths.js';
import { detectContentType } from './content-type.js';

/** Files on local disk under `root/<bucket>/<key>`, served by the API through signed URLs. */
export function createLocalDiskStorage(options: {
  root: string;
  signer: UrlSigner;
  publicBaseUrl?: string;
}): ObjectStorage {
  const { root, signer } = options;
  const base = options.publicBaseUrl ?? '';

  function resolve(bucket: Bucket, key: string): string {
    if (!BUCKETS.includes(bucket)) throw new Error(`Unknown bucket: ${bucket}`);
    assertValidKey(key);
    const bucketRoot = path.join(root, bucket);
    const full = path.join(bucketRoot, key);
    if (!full.startsWith(bucketRoot + path.sep)) throw new Error('Storage key escapes its bucket');
    return full;
  }

  async function listFiles(dir: string): Promise<string[]> {
    const entries = await fs
      .readdir(dir, { withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
    const nested = await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return listFiles(full);
        return entry.name.startsWith('.tmp-') ? [] : [full];
      }),
    );
    return nested.flat();
  }

  return {
    async put({ bucket, key, body }) {
      const file = resolve(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async get(bucket, key) {
      try {
        const body = await fs.readFile(resolve(bucket, key));
        return { body, contentType: await detectContentType(body) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(bucket, key) {
      return fs.stat(resolve(bucket, key)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
    async delete(bucket, key) {
      await fs.rm(resolve(bucket, key), { force: true });
    },
    async deletePrefix(bucket, prefix) {
      const files = await this.list(bucket, prefix);
      await Promise.all(files.map((key) => fs.rm(resolve(bucket, key), { force: true })));
      // An owner's emptied folder goes too.
      if (prefix.endsWith('/') && prefix.length > 1)
        await fs
          .rm(path.join(root, bucket, prefix), { recursive: true, force: true })
          .catch(() => {});
      return files.length;
    },
    async list(bucket, prefix) {
      const bucketRoot = path.join(root, bucket);
      // Walk only the prefix's folder (an owner's folder), not the whole bucket.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (folder) assertValidKey(folder);
      const files = await listFiles(folder ? path.join(bucketRoot, folder) : bucketRoot);
      return files
        .map((file) => path.relative(bucketRoot, file).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async createUrl(bucket, key, ttlSeconds) {
      assertValidKey(key);
      const encodedKey = key.split('/').map(encodeURIComponent).join('/');
      const address = `${base}/api/files/${bucket}/${encodedKey}`;
      if (PUBLIC_BUCKETS.includes(bucket) && !key.startsWith(COMMUNITY_PREFIX)) return address;
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${address}?expires=${expires}&sig=${signer.sign(bucket, key, expires)}`;
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.tmp-health-${randomUUID()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
    },
  };
}
