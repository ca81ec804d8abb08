import fs from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { endTime, startTime, timing } from 'hono/timing';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { AppEnv, ReadSession } from './http/app-env.js';
import { clientIpMiddleware } from './http/client-ip.js';
import { limitRequestBodies } from './http/body-limits.js';
import { errorResponse, handleError } from './http/errors.js';
import { refuseCrossSiteRequests, type OriginPolicy } from './http/origins.js';
import { templateCardImage } from '@adtwin/shared';
import { requestLogger } from './http/request-logger.js';
import { templatesPageDrawer } from './http/prerendered-pages.js';
import { sessionMiddleware } from './http/session.js';
import { validationHook } from './http/validation.js';
import type { Auth } from './modules/auth/auth.js';
import { authRateLimit } from './modules/auth/auth-rate-limit.js';
import { userRateLimit } from './http/user-rate-limit.js';
import type { RateLimits } from './platform/ratelimit/rate-limits.js';
import { createApiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import type { ApiKeyService } from './modules/api-keys/api-keys.service.js';
import {
  API_KEY_SECURITY_SCHEME,
  createPublicApiRoutes,
} from './modules/public-api/public-api.routes.js';
import { bearerSecret } from './modules/public-api/api-key-auth.js';
import { createApiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { createBatchRoutes } from './modules/batches/batches.routes.js';
import type { BatchService } from './modules/batches/batches.service.js';
import { createAuthRoutes } from './modules/auth/auth.routes.js';
import { createBugReportRoutes } from './modules/bug-reports/bug-reports.routes.js';
import type { GenerationEvents } from './modules/generations/generation-events.js';
import { createGenerationRoutes } from './modules/generations/generations.routes.js';
import type { GenerationService } from './modules/generations/generations.service.js';
import type { BugReportService } from './modules/bug-reports/bug-reports.service.js';
import { createDevOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.js';
import type { MailOutboxReader } from './modules/dev-outbox/dev-outbox.service.js';
import { createFileRoutes } from './modules/files/files.routes.js';
import { createHealthRoutes } from './modules/health/health.routes.js';
import { createProfileRoutes } from './modules/profile/profile.routes.js';
import { createAccountRoutes } from './modules/account/account.routes.js';
import type { AccountService } from './modules/account/account.service.js';
import { createBillingRoutes } from './modules/billing/billing.routes.js';
import type { BillingService } from './modules/billing/billing.service.js';
import type { ProfileService } from './modules/profile/profile.service.js';
import { createCommunityRoutes } from './modules/community/community.routes.js';
import type { CommunityService } from './modules/community/community.service.js';
import { createDesignRoutes } from './modules/designs/designs.routes.js';
import type { DesignsService } from './modules/designs/designs.service.js';
import { createDevFixtureRoutes } from './modules/dev-fixtures/dev-fixtures.routes.js';
import { createImageRoutes } from './modules/images/images.routes.js';
import type { ImagesService } from './modules/images/images.service.js';
import { createTemplateRoutes } from './modules/templates/templates.routes.js';
import type { TemplatesService } from './modules/templates/templates.service.js';
import { createUploadRoutes } from './modules/uploads/uploads.routes.js';
import { createCutOutRoutes } from './modules/cutouts/cutouts.routes.js';
import type { CutOutService } from './modules/cutouts/cutouts.service.js';
import type { UploadsService } from './modules/uploads/uploads.service.js';
import type { ObjectStorage } from './platform/storage/object-storage.js';
import type { UrlSigner } from './platform/storage/url-signer.js';

export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  storage: ObjectStorage;
  storageKind: string;
  signer: UrlSigner;
  auth: Auth;
  rateLimits: RateLimits;
  /** Pings Redis for the health check; absent in the embedded shape. */
  pingRedis?: (() => Promise<unknown>) | undefined;
  originPolicy: OriginPolicy;
  profiles: ProfileService;
  billing: BillingService;
  accounts: AccountService;
  bugReports: BugReportService;
  generations: GenerationService;
  generationEvents: GenerationEvents;
  images: ImagesService;
  templates: TemplatesService;
  community: CommunityService;
  uploads: UploadsService;
  cutOuts: CutOutService;
  designs: DesignsService;
  /**
   * The origin of the file store when browsers talk to it themselves (presigned downloads and
   * uploads on S3); the page's CSP lets images and requests reach it.
   */
  storeOrigin?: string | undefined;
  apiKeys: ApiKeyService;
  batches: BatchService;
  /** Present when mail goes to the database outbox instead of SMTP. */
  outbox: MailOutboxReader | undefined;
  /** The built SPA; absent in API-only tests. */
  webDistDir: string | undefined;
};

/** The JSON API: typed routes whose schemas make the OpenAPI document and the web client's types. */
function createApiRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .route('/', createHealthRoutes(deps))
    .route(
      '/',
      createAuthRoutes({
        auth: deps.auth,
        db: deps.database.db,
        googleSignIn: Boolean(deps.config.google),
        freeCredits: deps.config.freeCredits,
      }),
    )
    .route('/', createProfileRoutes(deps))
    .route('/', createBugReportRoutes(deps))
    .route('/', createGenerationRoutes(deps))
    .route('/', createTemplateRoutes(deps))
    .route('/', createCommunityRoutes(deps))
    .route('/', createUploadRoutes(deps))
    .route('/', createCutOutRoutes(deps))
    .route('/', createDesignRoutes(deps))
    .route('/', createBillingRoutes(deps))
    .route('/', createAccountRoutes(deps))
    .route('/', createApiKeyRoutes(deps))
    .route('/', createBatchRoutes(deps))
    .route('/', createPublicApiRoutes({ ...deps, db: deps.database.db }));
}

export type ApiRoutes = ReturnType<typeof createApiRoutes>;

export function createApp(deps: AppDeps) {
  const { config, logger, auth } = deps;
  const store = deps.storeOrigin ? [deps.storeOrigin] : [];
  const app = new Hono<AppEnv>();
  app.onError((error, c) => handleError(error, c, logger));
  app.use('*', requestId());
  app.use('*', requestLogger(logger));
  app.use('*', clientIpMiddleware(config.trustedProxyHeader));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...store],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The nonce admits the few inline scripts the server writes itself: the theme script in
        // each page's head (see inlineThemeScript) and the API reference's (/api/docs).
        scriptSrc: ["'self'", NONCE],
        connectSrc: ["'self'", ...store],
        mediaSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.use(
    '*',
    refuseCrossSiteRequests({
      policy: deps.originPolicy,
      // Stripe signs its webhook; it is checked by that signature, never by browser headers.
      exempt: (request) => new URL(request.url).pathname === '/api/billing/webhook',
    }),
  );
  const readSession = (headers: Headers) => auth.api.getSession({ headers }).catch(() => null);
  // A large body (an upload) needs a signed-in person: a session, or an API key.
  const hasSessionOrKey = async (headers: Headers) => {
    const secret = bearerSecret(headers);
    if (secret) return Boolean(await deps.apiKeys.authenticate(secret));
    return Boolean(await readSession(headers));
  };
  app.use('/api/*', limitRequestBodies({ hasSession: hasSessionOrKey }));
  // Answers about a person are never kept by a browser or a proxy; images set their own lifetime.
  app.use('/api/*', async (c, next) => {
    await next();
    if (
      c.res.headers.get('content-type')?.startsWith('application/json') &&
      !c.res.headers.has('cache-control')
    ) {
      c.res.headers.set('Cache-Control', 'no-store');
    }
  });

  // JSON and the app shell travel compressed; images, event streams and files are left as they
  // are (already compressed, or streamed).
  app.use('/api/*', compress());

  app.on(['GET', 'POST'], '/api/auth/*', authRateLimit(deps.rateLimits), (c) =>
    auth.handler(c.req.raw),
  );

  const api = createApiRoutes(deps);
  // Image variants come before the session middleware: official images need no session, and the
  // service reads it only for the rules that need one.
  app.route(
    '/api',
    createImageRoutes({
      images: deps.images,
      readUserId: async (headers) => (await readSession(headers))?.user.id ?? null,
    }),
  );
  app.use('/api/*', sessionMiddleware(auth));
  app.use('/api/*', userRateLimit(deps.rateLimits));
  // The plan and design shortcuts stand in for payments and generations in development; with real
  // payments (Stripe) set up they would hand out paid plans, so they exist only beside the test
  // billing provider.
  if (!config.isProduction && config.billing.provider === 'test')
    app.route('/api', createDevFixtureRoutes({ db: deps.database.db, designs: deps.designs }));
  app.route('/api', api);
  app.route('/api', createFileRoutes(deps));
  const openApi = new OpenAPIHono();
  openApi.route('/api', api);
  openApi.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from Settings > API keys, sent as `Authorization: Bearer adt_...`. It acts as its owner: same credits, plan and access.',
  });
  app.get('/api/openapi.json', (c) =>
    c.json(
      openApi.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Adtwin API',
          version: '1.0.0',
          description:
            'Scripts use the routes under `/api/v1` (tag "public api") with an API key from Settings > API keys: `Authorization: Bearer adt_...`. Errors there are `{ "error": { "code", "message" } }`; every POST takes an `Idempotency-Key`; each key may make 120 requests a minute. The other routes serve the web app with its session cookie.',
        },
      }),
    ),
  );
  app.route('/api', createApiDocsRoutes());
  app.all('/api/*', (c) => errorResponse(c, 404, 'Not found'));

  if (!config.isProduction && deps.outbox)
    app.route('/', createDevOutboxRoutes({ outbox: deps.outbox }));

  if (deps.webDistDir && fs.existsSync(path.join(deps.webDistDir, 'index.html'))) {
    mountSpa(app, {
      root: deps.webDistDir,
      logger,
      pageImages: {
        // The page's largest paint on a phone is its first card's image: named in the HTML, it
        // downloads beside the app's code instead of after the app has drawn the cards.
        '/templates': () => deps.templates.openingImageUrls(OPENING_CARD_IMAGES),
      },
      readSession,
      // Where a drawn page's time went, for bench/web; production does not show its timings.
      serverTiming: !config.isProduction,
    });
  }
  return app;
}

/**
 * Built assets are immutable (hashed names) and served precompressed (brotli or gzip, made at
 * build); index.html and sw.js are always revalidated. Source maps stay on the server's disk for
 * its own stack traces, never served.
 */
function mountSpa(
  app: Hono<AppEnv>,
  options: {
    root: string;
    logger: Logger;
    /** The images (their stored URLs) a page's HTML names at once, by page path. */
    pageImages: Record<string, () => Promise<string[]>>;
    readSession: (headers: Headers) => Promise<ReadSession | null>;
    /** Whether pages carry a Server-Timing header (its stages: session, API replies, render). */
    serverTiming: boolean;
  },
) {
  const { root, logger, pageImages, readSession, serverTiming } = options;
  // Pages with their own HTML (pages.json, written by the web build: their chunks preloaded, the
  // sign-in page prerendered); every other path gets index.html. Read per request, as index.html
  // is, so a rebuild is served without a restart.
  const pageHtml = (pagePath: string) => {
    const manifestPath = path.join(root, 'pages.json');
    const pages: Record<string, string> = fs.existsSync(manifestPath)
      ? JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
      : {};
    const file = Object.hasOwn(pages, pagePath) ? pages[pagePath] : undefined;
    return fs.readFileSync(path.join(root, file ?? 'index.html'), 'utf8');
  };
  app.get('*', async (c, next) => {
    if (c.req.path.endsWith('.map')) return c.json({ error: 'Not found' }, 404);
    await next();
  });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (filePath, c) => {
        if (!filePath.includes(`${path.sep}assets${path.sep}`))
          c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  const drawTemplatesPage = templatesPageDrawer({ app, webDistDir: root, logger, readSession });
  // Client-side routes: any other GET answers the app shell, which routes (and guards) itself.
  // Server-Timing on pages: where a drawn page's first byte went (bench/web prints it).
  app.get('*', compress(), timing({ enabled: serverTiming }), async (c) => {
    c.header('Cache-Control', 'no-cache');
    const nonce = c.get('secureHeadersNonce');
    const html = startAppAfterFirstPaint(
      inlineThemeScript(pageHtml(c.req.path), root, nonce),
      nonce,
    );
    const images = Object.hasOwn(pageImages, c.req.path) ? pageImages[c.req.path] : undefined;
    // Only the page as it opens: a category or a search shows other cards.
    if (!images || new URL(c.req.url).search) return c.html(html);
    const drawn = c.req.path === '/templates' ? await drawTemplatesPage(c, html) : null;
    // A drawn page names its own first cards' images: no second query for them.
    startTime(c, 'images');
    const links = await (
      drawn ? Promise.resolve(drawn.cardImageUrls.slice(0, OPENING_CARD_IMAGES)) : images()
    ).then(
      (urls) => urls.map((url) => imagePreloadLink(templateCardImage(url))).join(''),
      // A hint only: without it the page loads as before.
      (error: unknown) => {
        logger.warn({ err: error }, 'could not name the opening images');
        return '';
      },
    );
    endTime(c, 'images');
    const withImages = (page: string) =>
      page.includes('</title>')
        ? page.replace('</title>', `</title>\n${links}`)
        : page.replace('</head>', `${links}</head>`);
    if (!drawn) return c.html(withImages(html));
    // The visitor's own page: no shared cache keeps it.
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie');
    return c.html(startAppAfterFirstPaint(withImages(drawn.html), nonce));
  });
}

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

/**
 * The theme script (public/theme-init.js: dark or light before the first paint) written into the
 * page instead of fetched: a script in the head holds the page's parsing until it arrives, and on
 * a phone that request waited behind the page's images and code (about 200 ms of the page's
 * largest paint, bench/web). The file stays the one source, and is still served for pages the
 * static middleware answers.
 */
function inlineThemeScript(html: string, root: string, nonce: string | undefined): string {
  if (!nonce || !html.includes(THEME_SCRIPT_TAG)) return html;
  const source = fs.readFileSync(path.join(root, 'theme-init.js'), 'utf8');
  // "</script" in the source would end the element early; the script has none, but check.
  if (/<\/script/i.test(source)) return html;
  return html.replace(THEME_SCRIPT_TAG, () => `<script nonce="${nonce}">${source}</script>`);
}

/** The root of a page that comes already drawn (the sign-in page, /templates; prerender.tsx). */
const DRAWN_ROOT = '<div id="root"><div inert>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD =
  /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\n?\s*/g;

/**
 * In a page that comes drawn, the app's code is asked for and run only after the drawn page has
 * painted. On a phone, the preloaded modules alone (compiled on the page's main thread as they
 * arrive) and then starting the app (200 ms and more, bench/web's traces) came before the first
 * paint and held back the page's largest paint. The drawn page stays, inert, until the app
 * replaces it; its images, font and first API reply still load at once.
 */
function startAppAfterFirstPaint(html: string, nonce: string | undefined): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!nonce || !entry || !html.includes(DRAWN_ROOT)) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((link) => link[1]);
  const preloads = JSON.stringify([entry[1], ...modules.filter((href) => href !== entry[1])]);
  return html.replace(MODULE_PRELOAD, '').replace(
    entry[0],
    () =>
      `<script type="module" nonce="${nonce}">` +
      // After the next frame has painted; a hidden tab paints no frames, so not forever.
      `await new Promise((painted) => {requestAnimationFrame(() => setTimeout(painted));` +
      `setTimeout(painted, 500);});` +
      // Every module at once, rather than each only when the one importing it has arrived.
      `for (const href of ${preloads}) {const link = document.createElement('link');` +
      `link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href;` +
      `document.head.append(link);}` +
      `await import(${JSON.stringify(entry[1])});</script>`,
  );
}

/** How many of /templates' first cards have their images named in its HTML (a phone shows 2). */
const OPENING_CARD_IMAGES = 2;

type PageImage = { src: string; srcSet: string; sizes: string };

/**
 * A hint that starts one of the page's largest images at once. High priority and placed before the
 * page's scripts and styles: at the default (low) priority Chromium queued them behind the 20 or so
 * script chunks on the six connections a host gets, and they arrived last, after the drawn page had
 * painted everything else.
 */
function imagePreloadLink(image: PageImage): string {
  const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return (
    `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image.src)}" ` +
    `imagesrcset="${attribute(image.srcSet)}" imagesizes="${attribute(image.sizes)}">\n`
  );
}
