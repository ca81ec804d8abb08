import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { templateCardImage } from '@adtwin/shared';
import { templates } from '../src/db/schema.js';
import { seedOfficialTemplate } from './generation-fixtures.js';
import { createClient, expectStatus, signUpThroughOutbox } from './http-client.js';
import { startTestServer, type TestServer } from './test-server.js';

// How the built web app and the API's JSON travel: compressed, cached when hashed, maps private.

const script = `console.log(${JSON.stringify('a hashed chunk '.repeat(200))});`;
const THEME_SCRIPT = '<script src="/theme-init.js"></script>';
const themeSource = "document.documentElement.classList.add('dark');";
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/index-AbC123.js"></script>';
let t: TestServer;
let webBuild: string;
let webDist: string;

/**
 * The web build's page renderer (apps/web/src/app/prerender.tsx, built for Node), reduced to what
 * the server relies on: it names its fetches and the layout cookie, and draws from the replies.
 */
const pageRenderer = `
export const LAYOUT_COOKIE = 'adtwin-layout';
export const TEMPLATES_PAGE_FETCHES = ['/api/me', '/api/templates?offset=0&limit=30&sort=most_used'];
export function renderTemplatesPage(html, replies, layout) {
  const account = replies['/api/me'];
  const names = replies[TEMPLATES_PAGE_FETCHES[1]].items.map((item) => item.name);
  const drawn = 'drawn for ' + account.email + ' (' + layout + '): ' + names.join(', ');
  return html.replace('<div id="root"></div>', '<div id="root">' + drawn + '</div>');
}
`;

beforeAll(async () => {
  // A web build as apps/web's `npm run build` leaves it, precompressed copies included.
  webBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-web-build-'));
  webDist = path.join(webBuild, 'dist');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(webBuild, 'dist-prerender'));
  fs.writeFileSync(path.join(webBuild, 'dist-prerender/prerender.js'), pageRenderer);
  fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>Adtwin</title>`);
  const chunk = path.join(webDist, 'assets/page-AbC123.js');
  fs.writeFileSync(chunk, script);
  fs.writeFileSync(`${chunk}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${chunk}.gz`, gzipSync(script));
  fs.writeFileSync(`${chunk}.map`, '{"version":3,"sources":["secret.ts"]}');
  // A page with its own HTML (the web build's pages.json), as the sign-in page has.
  fs.mkdirSync(path.join(webDist, 'pages'));
  fs.writeFileSync(
    path.join(webDist, 'pages/login.html'),
    `<!doctype html><head>${THEME_SCRIPT}${ENTRY_SCRIPT}\n` +
      '<link rel="modulepreload" crossorigin href="/assets/page-AbC123.js">\n</head>' +
      '<div id="root"><div inert><h1>Welcome back</h1></div></div>',
  );
  fs.writeFileSync(path.join(webDist, 'theme-init.js'), themeSource);
  fs.writeFileSync(
    path.join(webDist, 'pages/templates.html'),
    // As the build writes it: the page's code and styles named in its head.
    '<!doctype html><head><title>Templates</title>' +
      '<script type="module" crossorigin src="/assets/page-AbC123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/page-AbC123.css"></head>' +
      '<div id="root"></div>',
  );
  fs.writeFileSync(
    path.join(webDist, 'pages.json'),
    JSON.stringify({ '/login': 'pages/login.html', '/templates': 'pages/templates.html' }),
  );
  t = await startTestServer({}, { webDistDir: webDist });
});
afterAll(async () => {
  await t.stop();
  fs.rmSync(webBuild, { recursive: true, force: true });
});

const get = (pathname: string, acceptEncoding?: string) =>
  fetch(new URL(pathname, t.baseUrl), {
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('web delivery', () => {
  it('sends the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/page-AbC123.js', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // The stored brotli file itself went out (fetch decodes it again on this side).
    expect(Number(res.headers.get('content-length'))).toBe(brotliCompressSync(script).length);
    expect(await res.text()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/assets/page-AbC123.js', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzipped.headers.get('content-length'))).toBe(gzipSync(script).length);
    expect(await gzipped.text()).toBe(script);
    const plain = await get('/assets/page-AbC123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('never serves source maps', async () => {
    const res = await get('/assets/page-AbC123.js.map');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret.ts');
  });

  it('answers a page that has its own HTML with it, and any other app path with index.html', async () => {
    const login = await get('/login');
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(await login.text()).toContain('Welcome back');
    for (const other of ['/editor/12', '/login/pro', '/constructor', '/__proto__']) {
      expect(await (await get(other)).text()).toBe(`<!doctype html><title>Adtwin</title>`);
    }
  });

  it("names the images of /templates' first two cards in its HTML, as the cards ask for them, ahead of everything else", async () => {
    const made = [];
    for (const usageCount of [2_000_003, 2_000_009, 2_000_001]) {
      const template = await seedOfficialTemplate(t);
      await t.server.database.db
        .update(templates)
        .set({ usageCount })
        .where(eq(templates.id, template.id));
      made.push({ ...template, usageCount });
    }
    const [second, first] = [made[0]!, made[1]!];
    const html = await (await get('/templates')).text();
    const links = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    const decode = (value: string) => value.replaceAll('&amp;', '&');
    const attribute = (link: string, name: string) =>
      decode(new RegExp(` ${name}="([^"]*)"`).exec(link)![1]!);
    expect(links).toHaveLength(2);
    for (const [index, template] of [first, second].entries()) {
      const card = templateCardImage(`/api/images/category-images/${template.imageKey}`);
      expect(attribute(links[index]!, 'href')).toBe(card.src);
      expect(attribute(links[index]!, 'imagesrcset')).toBe(card.srcSet);
      expect(attribute(links[index]!, 'imagesizes')).toBe(card.sizes);
      // The page's largest paint: asked for at high priority, before its code and styles.
      expect(attribute(links[index]!, 'fetchpriority')).toBe('high');
    }
    const firstImage = html.indexOf('<link rel="preload" as="image"');
    expect(firstImage).toBeGreaterThan(html.indexOf('</title>'));
    expect(firstImage).toBeLessThan(html.indexOf('<script'));
    expect(firstImage).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    // Another category or search shows other cards: nothing is named.
    expect(await (await get('/templates?category=food')).text()).not.toContain('as="image"');
  });

  it('draws /templates for a signed-in visitor whose layout it knows, from its own API', async () => {
    const template = await seedOfficialTemplate(t);
    const { visitor, email } = await onboardedVisitor('drawn');
    // No layout cookie yet (a first visit): the bare page.
    const bare = await visitor.request('/templates');
    expect(await bare.text()).toContain('<div id="root"></div>');
    expect(bare.headers.get('cache-control')).toBe('no-cache');

    visitor.cookies.set('adtwin-layout', 'mobile');
    const drawn = await visitor.request('/templates');
    const html = await drawn.text();
    expect(html).toContain(`drawn for ${email} (mobile): `);
    expect(html).toContain(template.name);
    // Still the page's own HTML, with its image hints.
    expect(html).toContain('<title>Templates</title>');
    expect(html).toContain('<link rel="preload" as="image"');
    // The visitor's own page: kept by no shared cache, never sent for another cookie.
    expect(drawn.headers.get('cache-control')).toBe('private, no-cache');
    expect(drawn.headers.get('vary')).toMatch(/cookie/i);

    // A category or a search opens other cards: the bare page.
    expect(await (await visitor.request('/templates?category=food')).text()).toContain(
      '<div id="root"></div>',
    );
    // Signed out, the same cookie draws nothing: the app sends the visitor to /login itself.
    const stranger = createClient(t.baseUrl);
    stranger.cookies.set('adtwin-layout', 'mobile');
    const signedOut = await stranger.request('/templates');
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).toContain('<div id="root"></div>');
  });

  /** A signed-in, onboarded visitor whose layout the server knows (a phone). */
  async function drawnPageVisitor(name: string) {
    const signedIn = await onboardedVisitor(name);
    signedIn.visitor.cookies.set('adtwin-layout', 'mobile');
    return signedIn;
  }

  /** A signed-in visitor past onboarding, on a first visit (no layout cookie yet). */
  async function onboardedVisitor(name: string) {
    const visitor = createClient(t.baseUrl);
    const email = `${name}-${Date.now()}@example.test`;
    await signUpThroughOutbox(visitor, email, 'Sunny-Day-42');
    await expectStatus(
      await visitor.request('/api/me/onboarding', {
        method: 'PUT',
        json: { userType: 'ecommerce', source: 'instagram' },
      }),
      200,
      'onboarding',
    );
    return { visitor, email };
  }

  it('reads the session once to draw /templates, and its API requests take that one', async () => {
    await seedOfficialTemplate(t);
    const { visitor, email } = await drawnPageVisitor('once');
    const getSession = vi.spyOn(t.server.auth.api, 'getSession');
    try {
      const page = await visitor.request('/templates');
      expect(await page.text()).toContain(`drawn for ${email} (mobile): `);
      // Outside production the page says where its time went (bench/web reads it).
      expect(page.headers.get('server-timing')).toMatch(/\bsession;dur=[\d.]+/);
      // Once for the page; its API requests (four then, three now) used to read it again, one
      // after another.
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
    // The session handed over stays the page's own: a request from outside carrying the same
    // cookies still has its session read, and one without cookies has none.
    expect((await visitor.request('/api/me')).status).toBe(200);
    expect((await fetch(new URL('/api/me', t.baseUrl))).status).toBe(401);
  });

  it("draws each visitor's /templates with their own session, even at the same moment", async () => {
    await seedOfficialTemplate(t);
    const visitors = [];
    for (const name of ['first', 'second', 'third']) visitors.push(await drawnPageVisitor(name));
    for (let round = 0; round < 3; round++) {
      const pages = await Promise.all(
        visitors.map(async ({ visitor }) => await (await visitor.request('/templates')).text()),
      );
      for (const [index, html] of pages.entries()) {
        expect(html).toContain(`drawn for ${visitors[index]!.email} (mobile): `);
        for (const [other, { email }] of visitors.entries())
          if (other !== index) expect(html).not.toContain(email);
      }
    }
  });

  it("names the drawn page's own first two cards' images, as the list reply has them", async () => {
    await seedOfficialTemplate(t);
    const { visitor } = await drawnPageVisitor('images');
    const list = (await (
      await visitor.request('/api/templates?offset=0&limit=30&sort=most_used')
    ).json()) as { items: { imageUrl: string }[] };
    const html = await (await visitor.request('/templates')).text();
    expect(html).toContain('drawn for ');
    const hrefs = [...html.matchAll(/<link rel="preload" as="image"[^>]* href="([^"]*)"/g)].map(
      (match) => match[1]!.replaceAll('&amp;', '&'),
    );
    expect(hrefs).toEqual(
      list.items.slice(0, 2).map((item) => templateCardImage(item.imageUrl).src),
    );
  });

  it("writes the theme script into the page, admitted by the reply's own nonce", async () => {
    const pages = await Promise.all([get('/login'), get('/login')]);
    const nonces = [];
    for (const page of pages) {
      const html = await page.text();
      const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(
        page.headers.get('content-security-policy')!,
      )![1]!;
      expect(html).toContain(`<script nonce="${nonce}">${themeSource}</script>`);
      expect(html).not.toContain(THEME_SCRIPT);
      nonces.push(nonce);
    }
    // A fresh nonce each time: one read from a page admits nothing in another.
    expect(nonces[0]).not.toBe(nonces[1]);
    // The file itself is still served.
    expect(await (await get('/theme-init.js')).text()).toBe(themeSource);
  });

  it('asks for and starts the app of a page that comes drawn only after that page has painted', async () => {
    const login = await get('/login');
    const nonce = /'nonce-([^']+)'/.exec(login.headers.get('content-security-policy')!)![1]!;
    const html = await login.text();
    expect(html).not.toContain(ENTRY_SCRIPT);
    // No module is preloaded while the page paints...
    expect(html).not.toContain('modulepreload" crossorigin href');
    // ...the page's own script asks for all of them at once, after a frame, then runs the app.
    // (The nonce is base64: its "+" and "/" are taken as they are, not as a pattern.)
    const opening = `<script type="module" nonce="${nonce}">`;
    expect(html).toContain(opening);
    const start = html.slice(html.indexOf(opening) + opening.length).split('</script>')[0]!;
    expect(start).toContain('["/assets/index-AbC123.js","/assets/page-AbC123.js"]');
    expect(start.indexOf('requestAnimationFrame')).toBeLessThan(start.indexOf("'modulepreload'"));
    expect(start.indexOf("'modulepreload'")).toBeLessThan(
      start.indexOf('import("/assets/index-AbC123.js")'),
    );
    // A page that is not drawn starts its app as it was built.
    const bare = `<!doctype html><head>${ENTRY_SCRIPT}</head><div id="root"></div>`;
    fs.writeFileSync(path.join(webDist, 'index.html'), bare);
    try {
      expect(await (await get('/editor/12')).text()).toBe(bare);
    } finally {
      fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>Adtwin</title>`);
    }
  });

  it('compresses JSON replies', async () => {
    const res = await get('/api/openapi.json', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
