/**
 * How fast the web app opens on a phone. The built server runs as a child process (as `npm start`
 * runs it, PGlite and files in a temporary folder); Debian's Chromium opens each page with a phone
 * profile (390x844, 4x CPU slowdown) and a cold cache, `--runs` times, and a static page of the
 * same size class is opened the same way in the same run as the baseline. Prints, per page: the
 * median Largest Contentful Paint, its ratio to the static page, the median time to the page's first
 * byte (the server's share) and to the app taking over (when the page can be used), and the JavaScript and all bytes sent over the wire (compressed),
 * beside the goals of issue 17.
 *
 *   npm run build && npm run bench:web -w @adtwin/bench [-- --runs 7]
 *
 * `--waterfall` also prints, for each page's last visit, the LCP element and every resource with
 * its start and end (ms since navigation): what the page waited for before it painted. `--server`
 * runs another build's server (for example a copy of the build before a change, to compare both
 * back to back under the same load). `--screenshots DIR` keeps what each page showed when its last
 * visit ended, to see which element the LCP is.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '4651' },
    waterfall: { type: 'boolean', default: false },
    screenshots: { type: 'string' },
    server: { type: 'string', default: path.join(repoRoot, 'apps/server/dist/main.js') },
  },
});
const runs = Number(values.runs);
const baseUrl = `http://127.0.0.1:${values.port}`;
// Issue 17's goals; the e2e suite holds the JavaScript budgets too (e2e/tests/budgets.spec.ts).
const GOALS = JSON.parse(fs.readFileSync(path.join(here, 'goals.json'), 'utf8'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const serverMain = path.resolve(values.server);
if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-bench-web-'));
const server = spawn(process.execPath, [serverMain], {
  env: {
    ...process.env,
    PORT: values.port,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let finished = false;
server.on('exit', (code) => {
  if (!finished) throw new Error(`the server stopped (exit code ${code})`);
});

/** The baseline: one static page with a heading and a paragraph, as small as a page can be. */
const staticPage = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end(
    '<!doctype html><meta name=viewport content="width=device-width"><title>Static</title>' +
      '<h1>Clone any ad with your product</h1><p>A static page, the fastest a page can be.</p>',
  );
});
await new Promise((resolve) => staticPage.listen(0, '127.0.0.1', resolve));
const staticUrl = `http://127.0.0.1:${staticPage.address().port}/`;

try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('the server did not start');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // One onboarded account whose cookies every /templates visit reuses.
  const account = await browser.newContext({ baseURL: baseUrl });
  const email = `bench-web-${Date.now()}@example.test`;
  const password = 'Sunny-Day-42';
  await account.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Bench Person' },
  });
  const outbox = await (await account.request.get('/dev/outbox')).text();
  const link = [...outbox.matchAll(/https?:\/\/[^\s<"]+verify-email[^\s<"]+/g)]
    .map((match) => match[0].replaceAll('&amp;', '&'))
    .at(-1);
  if (!link) throw new Error('no verification link in /dev/outbox');
  await account.request.get(link.replace(/^https?:\/\/[^/]+/, baseUrl), { maxRedirects: 0 });
  await account.request.put('/api/me/onboarding', {
    data: { userType: 'ecommerce', source: 'instagram' },
  });
  let cookies = await account.cookies();
  // The server adds the catalogue after it starts: /templates is measured with its cards, never
  // empty (a server copied without its catalogue folder would never have any).
  for (let i = 0; ; i++) {
    const page = await (await account.request.get('/api/templates?offset=0&limit=1')).json();
    if (page.items?.length > 0) break;
    if (i > 120)
      throw new Error('the catalogue is empty: /templates would be measured without cards');
    await sleep(500);
  }

  /** Opens one page cold on the phone profile; returns its LCP and the bytes it fetched. */
  async function visit(url, signedIn) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    if (signedIn) await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    // Bodies as sent (compressed), without the headers: what the page's code and content weigh.
    const responses = new Map();
    cdp.on('Network.responseReceived', (event) =>
      responses.set(event.requestId, {
        type: event.type,
        headerBytes: event.response.encodedDataLength,
      }),
    );
    let jsBytes = 0;
    let allBytes = 0;
    cdp.on('Network.loadingFinished', (event) => {
      const response = responses.get(event.requestId);
      const bodyBytes = event.encodedDataLength - (response?.headerBytes ?? 0);
      allBytes += bodyBytes;
      if (response?.type === 'Script') jsBytes += bodyBytes;
    });
    await page.addInitScript(() => {
      globalThis.__lcp = 0;
      // Every candidate in turn (the last one is the LCP): what painted when, and how large.
      globalThis.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          globalThis.__lcp = entry.startTime;
          const element = entry.element;
          const what = entry.url
            ? entry.url.replace(globalThis.location.origin, '')
            : `"${(element?.textContent ?? '').slice(0, 40)}"`;
          globalThis.__lcpElement +=
            `\n  ${Math.round(entry.startTime)} ms ${element?.tagName.toLowerCase() ?? ''} ` +
            `${what} (${entry.size} px²)`;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // When the app has taken over: a drawn page's inert copy is gone and the app shows its own.
      globalThis.__appReady = 0;
      const watcher = new globalThis.MutationObserver(() => {
        const root = globalThis.document.getElementById('root');
        if (root?.firstElementChild && !root.querySelector(':scope > [inert]')) {
          globalThis.__appReady = performance.now();
          watcher.disconnect();
        }
      });
      watcher.observe(globalThis.document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // On a busy machine the first contentful element can paint after the network is quiet.
    await page
      .waitForFunction(() => globalThis.__lcp > 0, null, { timeout: 15_000 })
      .catch(() => {});
    await sleep(300);
    const { lcp, appReady, firstByte, serverTiming, lcpElement, waterfall } = await page.evaluate(
      () => ({
        lcp: globalThis.__lcp,
        appReady: globalThis.__appReady,
        firstByte: performance.getEntriesByType('navigation')[0]?.responseStart ?? 0,
        // The server's own account of the page (its Server-Timing header): ms per stage.
        serverTiming: Object.fromEntries(
          (performance.getEntriesByType('navigation')[0]?.serverTiming ?? []).map((entry) => [
            entry.name,
            entry.duration,
          ]),
        ),
        lcpElement: globalThis.__lcpElement,
        waterfall: [
          ...performance.getEntriesByType('navigation'),
          ...performance.getEntriesByType('resource'),
        ].map(
          (entry) =>
            `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ms ` +
            `${entry.initiatorType} ${entry.name.replace(globalThis.location.origin, '')} ` +
            `${(entry.encodedBodySize / 1024).toFixed(1)} KB`,
        ),
      }),
    );
    if (values.screenshots) {
      fs.mkdirSync(values.screenshots, { recursive: true });
      const name = new URL(url).pathname.replaceAll('/', '_') || 'static';
      await page.screenshot({ path: path.join(values.screenshots, `${name}.png`) });
    }
    const cookiesAfter = await context.cookies();
    await context.close();
    return {
      lcp,
      appReady,
      firstByte,
      serverTiming,
      lcpElement,
      waterfall,
      jsKb: jsBytes / 1024,
      allKb: allBytes / 1024,
      cookiesAfter,
    };
  }

  const pages = [
    { name: 'static page (baseline)', url: staticUrl, signedIn: false },
    { name: '/login', url: `${baseUrl}/login`, signedIn: false },
    { name: '/templates', url: `${baseUrl}/templates`, signedIn: true },
  ];
  const results = [];
  for (const { name, url, signedIn } of pages) {
    // Warms the server's caches, not the browser's. The measured visits are a returning phone's:
    // they keep the cookies this first visit ended with (the app's layout, which lets the server
    // draw /templates), but start with an empty HTTP cache.
    const first = await visit(url, signedIn);
    if (signedIn) cookies = first.cookiesAfter;
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await visit(url, signedIn));
    if (values.waterfall) {
      const last = samples.at(-1);
      console.log(`${name}: LCP ${Math.round(last.lcp)} ms; candidates:${last.lcpElement}`);
      const stages = Object.entries(last.serverTiming).map(([stage, ms]) => `${stage} ${ms} ms`);
      if (stages.length) console.log(`  server: ${stages.join(', ')}`);
      for (const line of last.waterfall) console.log(`  ${line}`);
    }
    results.push({
      name,
      lcp: median(samples.map((s) => s.lcp)),
      firstByte: median(samples.map((s) => s.firstByte)),
      serverMs: median(samples.map((s) => s.serverTiming.total ?? 0)),
      appReady: median(samples.map((s) => s.appReady)),
      jsKb: median(samples.map((s) => s.jsKb)),
      allKb: median(samples.map((s) => s.allKb)),
    });
  }
  await browser.close();

  const baseline = results[0].lcp;
  const rows = results.map(({ name, lcp, firstByte, serverMs, appReady, jsKb, allKb }) => {
    const goal = GOALS[name];
    return {
      page: name,
      'LCP median ms': Math.round(lcp),
      'x static': (lcp / baseline).toFixed(1),
      'LCP goal ms': goal?.lcpMs ?? '',
      // The server's share: the page's first byte (the rest is the browser's).
      'first byte ms': Math.round(firstByte),
      // Of which the server's own work on the page (Server-Timing total), when it says.
      'server ms': serverMs ? Math.round(serverMs) : '',
      // When the page can be used: the app has replaced the drawn, inert copy (or drawn its own).
      'app ready ms': appReady ? Math.round(appReady) : '',
      'JS KB (compressed)': jsKb.toFixed(1),
      'JS goal KB': goal?.jsKb ?? '',
      'all KB (compressed)': allKb.toFixed(1),
    };
  });
  console.log(
    `Phone profile (390x844, 4x CPU slowdown), cold cache, median of ${runs}; load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.table(rows);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results/latest.json'), JSON.stringify(rows, null, 2));
} finally {
  finished = true;
  server.kill();
  staticPage.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
