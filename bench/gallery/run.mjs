// Gallery benchmark: starts the built server on a fresh data folder, then measures
//   1. bytes a browser downloads for the first page of 30 cards (JSON + thumbnails),
//   2. thumbnail latency, cold (first request makes the variant) and cached,
//   3. throughput of the variant endpoint beside sharp alone resizing the same images with the
//      same settings in the same run; the ratio is the figure to watch.
// Prints a table and writes bench/gallery/results.json. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const catalogueDir = path.join(root, 'apps/server/catalogue');
const port = Number(process.env.BENCH_PORT ?? 3391);
const base = `http://127.0.0.1:${port}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// What the gallery asks for on a 1280 px desktop at DPR 1: 20vw of a 5-column grid picks 320w.
const THUMB = { w: 320, h: 320, q: 75 };
const ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

if (!fs.existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
};

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-bench-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DISABLE_RATE_LIMITS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('server did not start');
}

async function signIn() {
  const email = `bench.${Date.now()}@example.test`;
  const headers = { 'content-type': 'application/json', origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'Sunny-Day-42', name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed ${signUp.status}`);
  const html = await (await fetch(`${base}/dev/outbox`)).text();
  const article = html.split('<article').find((part) => part.includes(email));
  const link = article.match(/href="([^"]+)"/)[1].replace(/&amp;/g, '&');
  const verify = await fetch(link, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return cookie;
}

async function timed(url, headers) {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${res.status} for ${url}`);
  return { ms, bytes: body.length, type: res.headers.get('content-type'), res };
}

/** Runs jobs with at most `limit` in flight; returns the wall time in ms. */
async function pool(jobs, limit) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
  return performance.now() - start;
}

const variantUrl = (imageUrl, p) => `${base}${imageUrl}?w=${p.w}&h=${p.h}&q=${p.q}`;

const { child } = await startServer();
try {
  const cookie = await signIn();
  const auth = { cookie, accept: ACCEPT };

  // 1. First page of the gallery, as the browser loads it.
  const listRes = await fetch(`${base}/api/templates?offset=0&limit=30&sort=most_used`, {
    headers: { cookie },
  });
  const listBody = Buffer.from(await listRes.arrayBuffer());
  const firstPage = JSON.parse(listBody.toString()).items;
  const manifest = JSON.parse(fs.readFileSync(path.join(catalogueDir, 'manifest.json'), 'utf8'));
  const originalBytes = (imageUrl) => {
    const file = decodeURIComponent(imageUrl.split('/official/')[1]);
    return fs.statSync(path.join(catalogueDir, 'images', file)).size;
  };
  const cold = [];
  for (const card of firstPage) cold.push(await timed(variantUrl(card.imageUrl, THUMB), auth));
  const cached = [];
  for (const card of firstPage) cached.push(await timed(variantUrl(card.imageUrl, THUMB), auth));
  const revalidated = [];
  for (const [index, card] of firstPage.entries()) {
    const etag = cached[index].res.headers.get('etag');
    const start = performance.now();
    const res = await fetch(variantUrl(card.imageUrl, THUMB), {
      headers: { ...auth, 'if-none-match': etag },
    });
    await res.arrayBuffer();
    if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
    revalidated.push(performance.now() - start);
  }
  const thumbBytes = cold.reduce((sum, r) => sum + r.bytes, 0);
  const originalsBytes = firstPage.reduce((sum, card) => sum + originalBytes(card.imageUrl), 0);

  // 3. Throughput: every catalogue image at a size not made yet, endpoint then sharp alone.
  const all = [];
  for (let offset = 0; ; offset += 60) {
    const res = await fetch(`${base}/api/templates?offset=${offset}&limit=60&sort=newest`, {
      headers: { cookie },
    });
    const items = JSON.parse(await res.text()).items;
    all.push(...items);
    if (items.length < 60) break;
  }
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A different quality step each round makes every variant cold again.
    const params = { w: 480, h: 480, q: [50, 60, 90, 40][round % 4] };
    const endpointMs = await pool(
      all.map((card) => () => timed(variantUrl(card.imageUrl, params), auth)),
      CONCURRENCY,
    );
    const cachedMs = await pool(
      all.map((card) => () => timed(variantUrl(card.imageUrl, params), auth)),
      CONCURRENCY,
    );
    const files = all.map((card) =>
      path.join(catalogueDir, 'images', decodeURIComponent(card.imageUrl.split('/official/')[1])),
    );
    const sharpMs = await pool(
      files.map((file) => async () => {
        const input = await fs.promises.readFile(file);
        await sharp(input)
          .rotate()
          .resize(params.w, params.h, { fit: 'cover', withoutEnlargement: true })
          .webp({ quality: params.q, effort: 2 })
          .toBuffer();
      }),
      CONCURRENCY,
    );
    rounds.push({
      params,
      images: all.length,
      endpointPerSecond: (all.length / endpointMs) * 1000,
      cachedPerSecond: (all.length / cachedMs) * 1000,
      sharpPerSecond: (files.length / sharpMs) * 1000,
    });
  }
  const endpointPerSecond = median(rounds.map((r) => r.endpointPerSecond));
  const sharpPerSecond = median(rounds.map((r) => r.sharpPerSecond));
  const cachedPerSecond = median(rounds.map((r) => r.cachedPerSecond));

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    firstPage: {
      cards: firstPage.length,
      jsonBytes: listBody.length,
      thumbnailBytes: thumbBytes,
      totalBytes: listBody.length + thumbBytes,
      originalsBytes,
      thumbnailFormat: [...new Set(cold.map((r) => r.type))].join(','),
      catalogueSize: manifest.length,
    },
    thumbnailLatencyMs: {
      coldMedian: median(cold.map((r) => r.ms)),
      coldP95: percentile(
        cold.map((r) => r.ms),
        0.95,
      ),
      cachedMedian: median(cached.map((r) => r.ms)),
      cachedP95: percentile(
        cached.map((r) => r.ms),
        0.95,
      ),
      revalidated304Median: median(revalidated),
    },
    throughput: {
      concurrency: CONCURRENCY,
      rounds,
      endpointColdPerSecondMedian: endpointPerSecond,
      endpointCachedPerSecondMedian: cachedPerSecond,
      sharpAlonePerSecondMedian: sharpPerSecond,
      ratioEndpointToSharp: endpointPerSecond / sharpPerSecond,
    },
  };
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results.json'),
    JSON.stringify(results, null, 2) + '\n',
  );

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = [
    ['First page (30 cards): JSON', kb(results.firstPage.jsonBytes)],
    ['First page: 30 thumbnails (320 px WebP)', kb(thumbBytes)],
    ['First page: total', kb(results.firstPage.totalBytes)],
    ['(the 30 originals would be)', kb(originalsBytes)],
    [
      'Thumbnail latency cold, median / p95',
      `${results.thumbnailLatencyMs.coldMedian.toFixed(1)} / ${results.thumbnailLatencyMs.coldP95.toFixed(1)} ms`,
    ],
    [
      'Thumbnail latency cached, median / p95',
      `${results.thumbnailLatencyMs.cachedMedian.toFixed(1)} / ${results.thumbnailLatencyMs.cachedP95.toFixed(1)} ms`,
    ],
    [
      'Revalidation (304), median',
      `${results.thumbnailLatencyMs.revalidated304Median.toFixed(1)} ms`,
    ],
    [
      `Variant endpoint cold, ${CONCURRENCY} in flight (median of ${ROUNDS})`,
      `${endpointPerSecond.toFixed(1)} images/s`,
    ],
    ['sharp alone, same images and settings', `${sharpPerSecond.toFixed(1)} images/s`],
    ['Ratio endpoint / sharp alone', results.throughput.ratioEndpointToSharp.toFixed(2)],
    ['Variant endpoint cached', `${cachedPerSecond.toFixed(1)} images/s`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(
    `\nGallery benchmark (${os.cpus().length} CPUs, Node ${process.version}, ${all.length} templates)\n`,
  );
  console.log(`| ${'Measure'.padEnd(width)} | Result |`);
  console.log(`|${'-'.repeat(width + 2)}|--------|`);
  for (const [label, value] of rows) console.log(`| ${label.padEnd(width)} | ${value} |`);
  console.log(`\nwritten: bench/gallery/results.json`);
} finally {
  child.kill();
}
