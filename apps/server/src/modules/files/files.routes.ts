import { Hono } from 'hono';
import { BUCKETS, PUBLIC_BUCKETS, type Bucket } from '@adtwin/shared';
import { COMMUNITY_PREFIX } from '../../platform/images/image-paths.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import type { UrlSigner } from '../../platform/storage/url-signer.js';

/**
 * Serves stored files for the local-disk store. Private buckets need an unexpired signature made
 * by the server for that exact bucket and key; anything else answers 404 without telling why.
 */
export function createFileRoutes(deps: { storage: ObjectStorage; signer: UrlSigner }) {
  return new Hono().get('/files/:bucket/:key{.+}', async (c) => {
    const bucket = c.req.param('bucket') as Bucket;
    const key = decodeURIComponent(c.req.param('key'));
    if (!BUCKETS.includes(bucket)) return c.json({ error: 'Not found' }, 404);
    // Community templates may be private: their files need a signature like private buckets.
    const isPublic = PUBLIC_BUCKETS.includes(bucket) && !key.startsWith(COMMUNITY_PREFIX);
    if (
      !isPublic &&
      !deps.signer.verify({
        bucket,
        key,
        expires: c.req.query('expires'),
        signature: c.req.query('sig'),
      })
    ) {
      return c.json({ error: 'Not found' }, 404);
    }
    let file;
    try {
      file = await deps.storage.get(bucket, key);
    } catch {
      file = null; // an invalid key reads nothing
    }
    if (!file) return c.json({ error: 'Not found' }, 404);
    c.header('Content-Type', file.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    );
    c.header('Cache-Control', isPublic ? 'public, max-age=86400' : 'private, max-age=600');
    return c.body(new Uint8Array(file.body));
  });
}
