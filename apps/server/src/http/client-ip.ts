import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The header this middleware sets from the socket (or a trusted proxy); auth reads it. */
export const CLIENT_IP_HEADER = 'x-adtwin-client-ip';

/**
 * Decides the client address once per request and carries it in our own header, replacing any
 * value the client sent. Rate limits key on it: without a trusted proxy header it is the socket's
 * address; with one (TRUSTED_PROXY_HEADER), the last address that header names.
 */
export function clientIpMiddleware(trustedProxyHeader: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    let ip: string | undefined;
    if (trustedProxyHeader) {
      ip = c.req.header(trustedProxyHeader)?.split(',').at(-1)?.trim() || undefined;
    }
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined; // not running on a Node socket (app.request in tests)
      }
    }
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_IP_HEADER);
    if (ip) headers.set(CLIENT_IP_HEADER, ip.replace(/^::ffff:/, ''));
    await next();
  };
}
