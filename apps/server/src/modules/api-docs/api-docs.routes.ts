import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';

/** Scalar's browser bundle, served by this server: the reference works offline and needs no CDN. */
const SCALAR_BUNDLE = path.join(
  'node_modules',
  '@scalar',
  'api-reference',
  'dist',
  'browser',
  'standalone.js',
);

/** The bundle's path, found from here upwards (the source tree, or the built server in dist/). */
function findScalarBundle(): string | null {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, SCALAR_BUNDLE);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * `/api/docs`: the API reference, rendered by Scalar from `/api/openapi.json`. Its one inline
 * script carries the request's CSP nonce, so the page works under the app's strict policy.
 */
export function createApiDocsRoutes() {
  const bundle = findScalarBundle();
  const app = new Hono<AppEnv>();
  app.get('/docs/scalar.js', (c) => {
    if (!bundle) return c.json({ error: 'Not found' }, 404);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(fs.readFileSync(bundle));
  });
  app.get(
    '/docs',
    Scalar<AppEnv>((c) => ({
      url: '/api/openapi.json',
      cdn: '/api/docs/scalar.js',
      pageTitle: 'Adtwin API reference',
      nonce: c.get('secureHeadersNonce'),
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
    })),
  );
  return app;
}
