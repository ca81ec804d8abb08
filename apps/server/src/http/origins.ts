import type { MiddlewareHandler } from 'hono';
import { PublicError } from './errors.js';

/** The Vite dev server (`npm run dev`), which calls the API from its own port. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

export type OriginPolicy = {
  /** The origins a browser page may send state changes from, for this request. */
  trustedOrigins(request: Request | undefined): string[];
};

/**
 * Which pages may act on a signed-in person's behalf. In production: the public address
 * (APP_URL) and the origins listed in TRUSTED_ORIGINS, nothing else. Elsewhere (the embedded
 * default, development, tests) also the address the request itself was sent to, so the app works
 * when opened at 127.0.0.1 or from a phone on the LAN, and the Vite dev server.
 */
export function createOriginPolicy(options: {
  isProduction: boolean;
  publicUrl: string;
  extraOrigins: readonly string[];
}): OriginPolicy {
  const fixed = [new URL(options.publicUrl).origin, ...options.extraOrigins];
  if (!options.isProduction) fixed.push(VITE_DEV_ORIGIN);
  return {
    trustedOrigins(request) {
      if (options.isProduction || !request) return fixed;
      const own = ownOrigin(request);
      return own ? [...fixed, own] : fixed;
    },
  };
}

/** The origin the browser addressed: its Host header, with the request's scheme. */
function ownOrigin(request: Request): string | undefined {
  const host = request.headers.get('host');
  if (!host) return undefined;
  try {
    return new URL(`${new URL(request.url).protocol}//${host}`).origin;
  } catch {
    return undefined;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

/**
 * Refuses state changes a browser sent from another site with the person's cookies (CSRF).
 * A request without a Cookie header carries no ambient credentials (a bearer key, a signed
 * webhook, a script), so nothing can be forged with it and it passes; `exempt` names routes that
 * authenticate themselves and must never depend on a browser's headers.
 */
export function refuseCrossSiteRequests(options: {
  policy: OriginPolicy;
  exempt?: (request: Request) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (
      SAFE_METHODS.has(request.method) ||
      !request.headers.get('cookie') ||
      options.exempt?.(request)
    ) {
      return next();
    }
    const origin = request.headers.get('origin');
    const fetchSite = request.headers.get('sec-fetch-site');
    let allowed: boolean;
    if (origin !== null) allowed = options.policy.trustedOrigins(request).includes(origin);
    else if (fetchSite !== null) allowed = fetchSite === 'same-origin' || fetchSite === 'none';
    // Browsers send Origin with every state change; without either header it is no browser.
    else allowed = true;
    if (!allowed) throw new PublicError(403, CROSS_SITE_MESSAGE, 'cross_site');
    return next();
  };
}
