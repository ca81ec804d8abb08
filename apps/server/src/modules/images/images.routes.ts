import { Hono } from 'hono';
import { ImageVariantQuerySchema } from '@adtwin/shared';
import type { ImagesService } from './images.service.js';

/**
 * GET /api/images/<bucket>/<key>?w=&h=&q=&f= : a variant of a stored image the caller may read.
 * Binary replies, so a plain Hono route; the query still goes through a zod schema.
 */
export function createImageRoutes(deps: {
  images: ImagesService;
  readUserId: (headers: Headers) => Promise<string | null>;
}) {
  return new Hono().get('/images/:bucket/:key{.+}', async (c) => {
    const parsed = ImageVariantQuerySchema.safeParse(c.req.query());
    if (!parsed.success)
      return c.json({ error: 'Invalid image address', code: 'invalid_request' }, 400);
    const query = parsed.data;
    let key: string;
    try {
      key = decodeURIComponent(c.req.param('key'));
    } catch {
      return c.json({ error: 'Not found' }, 404);
    }
    const reply = await deps.images.prepareVariant({
      bucket: c.req.param('bucket'),
      key,
      resolveUserId: () => deps.readUserId(c.req.raw.headers),
      signature: { expires: query.expires, sig: query.sig },
      query,
      accept: c.req.header('accept'),
    });
    if (reply.kind === 'not-found') return c.json({ error: 'Not found' }, 404);
    c.header('ETag', reply.etag);
    c.header('Cache-Control', reply.cacheControl);
    if (reply.varyAccept) c.header('Vary', 'Accept');
    c.header('X-Content-Type-Options', 'nosniff');
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === reply.etag)) {
      return c.body(null, 304);
    }
    const variant = await reply.load();
    if (!variant) return c.json({ error: 'Not found' }, 404);
    c.header('Content-Type', variant.contentType);
    return c.body(new Uint8Array(variant.body));
  });
}
