import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { endTime, setMetric, startTime } from 'hono/timing';
import type { Logger } from 'pino';
import type { AppEnv, ReadSession } from './app-env.js';

/** What the web build's page renderer (apps/web/src/app/prerender.tsx, built for Node) offers. */
type WebPrerender = {
  LAYOUT_COOKIE: string;
  TEMPLATES_PAGE_FETCHES: string[];
  renderTemplatesPage(
    html: string,
    replies: Record<string, unknown>,
    layoutCookie: string | undefined,
  ): string | null;
};

/** A drawn page, and the images of its first cards (the ones the page's HTML names at once). */
export type DrawnTemplatesPage = { html: string; cardImageUrls: string[] };

/**
 * Draws /templates for a signed-in visitor before the app runs: its first screen paints from the
 * HTML, not after the app's JavaScript has loaded, run and asked for its data (the page's largest
 * paint on a phone, issue 17). The data comes from this server's own API, asked with the
 * visitor's cookies, so the page shows exactly what the app would; the app starts from the same
 * replies. Anything missing (the build's renderer, the layout cookie, a session, a reply) and the
 * bare app is sent as before. The renderer is loaded once: a rebuild of the web app is drawn with
 * it after a restart.
 *
 * The session is read once, here, and handed to the page's API requests (the `drawnPageSession`
 * binding, see session.ts): on PGlite's one connection their session reads, one per reply, came
 * one after another and were most of the page's first byte (bench/web, Server-Timing `data`).
 */
export function templatesPageDrawer(options: {
  app: Hono<AppEnv>;
  webDistDir: string;
  logger: Logger;
  readSession: (headers: Headers) => Promise<ReadSession | null>;
}) {
  const { app, webDistDir, logger } = options;
  const rendererPath = path.join(webDistDir, '..', 'dist-prerender', 'prerender.js');
  let renderer: Promise<WebPrerender | null> | undefined;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(rendererPath)
      ? (import(pathToFileURL(rendererPath).href) as Promise<WebPrerender>).catch(
          (error: unknown) => {
            logger.error({ err: error }, 'could not load the web page renderer');
            return null;
          },
        )
      : Promise.resolve(null));

  return async (c: Context<AppEnv>, html: string): Promise<DrawnTemplatesPage | null> => {
    const web = await loadRenderer();
    if (!web) return null;
    const layout = getCookie(c, web.LAYOUT_COOKIE);
    if (!layout) return null;
    // The visitor's own request, asking for JSON: same session, same address, same limits.
    const headers = new Headers(c.req.raw.headers);
    headers.delete('accept-encoding');
    headers.set('accept', 'application/json');
    try {
      startTime(c, 'session');
      const session = await options.readSession(c.req.raw.headers);
      endTime(c, 'session');
      // Signed out: the app sends the visitor to /login itself.
      if (!session) return null;
      const env = { ...c.env, drawnPageSession: session };
      startTime(c, 'data');
      const replies = await Promise.all(
        web.TEMPLATES_PAGE_FETCHES.map(async (url, index) => {
          const started = performance.now();
          const response = await app.request(url, { headers }, env);
          const reply = response.status === 200 ? ([url, await response.json()] as const) : null;
          setMetric(c, `data${index}`, performance.now() - started, url);
          return reply;
        }),
      );
      endTime(c, 'data');
      if (replies.some((reply) => reply === null)) return null;
      const byUrl = Object.fromEntries(replies as (readonly [string, unknown])[]);
      startTime(c, 'render');
      const drawn = web.renderTemplatesPage(html, byUrl, layout);
      endTime(c, 'render');
      if (!drawn) return null;
      // The cards come from this server's own list route, whichever query the page asks it with.
      const cards = web.TEMPLATES_PAGE_FETCHES.find((url) => url.startsWith(TEMPLATE_LIST_PATH));
      return { html: drawn, cardImageUrls: cards ? cardImageUrls(byUrl[cards]) : [] };
    } catch (error) {
      logger.warn({ err: error }, 'could not draw /templates; sent the bare app');
      return null;
    }
  };
}

/** The route listing official templates (templates.routes.ts), with its query. */
const TEMPLATE_LIST_PATH = '/api/templates?';

/** The image of each card in a template page reply, in order (none for any other shape). */
function cardImageUrls(reply: unknown): string[] {
  const items = (reply as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: { imageUrl?: unknown }) =>
    typeof item?.imageUrl === 'string' ? [item.imageUrl] : [],
  );
}
