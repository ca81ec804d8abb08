import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';

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

/**
 * Draws /templates for a signed-in visitor before the app runs: its first screen paints from the
 * HTML, not after the app's JavaScript has loaded, run and asked for its data (the page's largest
 * paint on a phone, issue 17). The data comes from this server's own API, asked with the
 * visitor's cookies, so the page shows exactly what the app would; the app starts from the same
 * replies. Anything missing (the build's renderer, the layout cookie, a session, a reply) and the
 * bare app is sent as before. The renderer is loaded once: a rebuild of the web app is drawn with
 * it after a restart.
 */
export function templatesPageDrawer(app: Hono<AppEnv>, webDistDir: string, logger: Logger) {
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

  return async (c: Context<AppEnv>, html: string): Promise<string | null> => {
    const web = await loadRenderer();
    if (!web) return null;
    const layout = getCookie(c, web.LAYOUT_COOKIE);
    if (!layout) return null;
    // The visitor's own request, asking for JSON: same session, same address, same limits.
    const headers = new Headers(c.req.raw.headers);
    headers.delete('accept-encoding');
    headers.set('accept', 'application/json');
    try {
      const replies = await Promise.all(
        web.TEMPLATES_PAGE_FETCHES.map(async (url) => {
          const response = await app.request(url, { headers }, c.env);
          return response.status === 200 ? ([url, await response.json()] as const) : null;
        }),
      );
      if (replies.some((reply) => reply === null)) return null;
      return web.renderTemplatesPage(
        html,
        Object.fromEntries(replies as (readonly [string, unknown])[]),
        layout,
      );
    } catch (error) {
      logger.warn({ err: error }, 'could not draw /templates; sent the bare app');
      return null;
    }
  };
}
