/**
 * What the server adds around the image provider: the real server started in this process (PGlite
 * in a temporary folder on disk, files on disk, the in-process queue), a provider that answers at
 * once and times itself, and a person who signs up, verifies, uploads a product and runs
 * generations one after another over HTTP, following each through its event stream as the browser
 * does. Prints a markdown table and writes bench/generation/results/latest.json.
 *
 *   npm run bench:generation [-- --runs 30]
 *
 * Request→result is from sending POST /api/generations/{swap,chat} to reading the `done` event of
 * GET /api/generations/{id}/events. One swap and one chat run first, untimed: they pay the
 * product's cut-out (kept afterwards) and the first-call warm-up.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import type {
  GenerationResult,
  ImageProvider,
  OutputSize,
} from '../../packages/engine/src/index.js';
import { composeServer } from '../../apps/server/src/compose.js';
import { loadConfig } from '../../apps/server/src/config.js';
import {
  createClient,
  expectStatus,
  signUpThroughOutbox,
} from '../../apps/server/test/http-client.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const runs = Number(argument('--runs') ?? 30);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
const SIZE: OutputSize = '1024x1024';

// The provider: a plain PNG of the requested size made beforehand, handed back at once.
const pngs = new Map<OutputSize, Uint8Array>();
for (const size of ['1024x1024', '1024x1536', '1536x1024'] as const) {
  const [width, height] = size.split('x').map(Number) as [number, number];
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 240, g: 236, b: 228 } },
  })
    .png()
    .toBuffer();
  pngs.set(size, new Uint8Array(png));
}
const providerMs: number[] = [];
async function answer(size: OutputSize): Promise<GenerationResult> {
  const started = performance.now();
  const png = pngs.get(size)!.slice();
  providerMs.push(performance.now() - started);
  return { png };
}
const provider: ImageProvider = {
  name: 'local',
  swap: (request) => answer(request.size),
  chat: (request) => answer(request.size),
};

// The real server, as `npm start` composes it, on a random port.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-bench-'));
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  // Warnings would land in the middle of the table; errors still print.
  LOG_LEVEL: 'error',
});
const http = serve({ fetch: (req) => server.app.fetch(req), port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => http.once('listening', () => resolve()));
const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const server = await composeServer({ config, publicUrl: baseUrl, imageProvider: provider });

const { request } = createClient(baseUrl);

// A person, signed up and verified through the API; credits granted as the admin command does.
const email = `bench.${Date.now().toString(36)}@example.test`;
await signUpThroughOutbox({ request }, email, 'Sunny-Day-42');
await server.billing.grantCreditsByEmail(email, 2 * runs + 2);

// A product photo uploaded to the library; the template is one of the starter catalogue's.
const product = await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#ffffff"/>
    <rect x="220" y="120" width="160" height="560" rx="40" fill="#d62d3a"/>
    <rect x="260" y="60" width="80" height="80" rx="10" fill="#222"/>
  </svg>`),
)
  .png()
  .toBuffer();
const form = new FormData();
form.append('file', new Blob([new Uint8Array(product)], { type: 'image/png' }), 'bottle.png');
const upload = (await (
  await expectStatus(await request('/api/uploads', { method: 'POST', body: form }), 201, 'upload')
).json()) as { id: string };
const templates = (await (
  await expectStatus(await request('/api/templates?limit=1'), 200, 'templates')
).json()) as { items: { id: number }[] };
const templateId = templates.items[0]?.id;
if (templateId === undefined) throw new Error('the starter catalogue has no template');

type Kind = 'swap' | 'chat';
const bodies: Record<Kind, unknown> = {
  swap: { templateId, productUploadId: upload.id, size: SIZE },
  chat: { prompt: 'A blue background with the headline "Summer sale"', size: SIZE },
};

/** One generation: the time to the 202 reply and to the `done` event. */
async function generate(kind: Kind) {
  const started = performance.now();
  const res = await expectStatus(
    await request(`/api/generations/${kind}`, { method: 'POST', json: bodies[kind] }),
    202,
    kind,
  );
  const { id } = (await res.json()) as { id: string };
  const acceptedMs = performance.now() - started;
  const stream = await request(`/api/generations/${id}/events`);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${kind} ${id}: the stream ended before the generation did`);
    buffered += value;
    const statuses = [...buffered.matchAll(/^data: (.*)$/gm)].map(
      (match) => (JSON.parse(match[1]!) as { status: string }).status,
    );
    if (statuses.includes('failed')) throw new Error(`${kind} ${id} failed`);
    if (statuses.includes('done')) break;
  }
  const resultMs = performance.now() - started;
  await reader.cancel();
  return { acceptedMs, resultMs };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? NaN;
}
const round = (ms: number) => Math.round(ms * 10) / 10;

const rows = [];
for (const kind of ['swap', 'chat'] as const) {
  const warmUp = await generate(kind);
  providerMs.length = 0;
  const timings = [];
  for (let i = 0; i < runs; i++) timings.push(await generate(kind));
  const accepted = timings.map((t) => t.acceptedMs);
  const result = timings.map((t) => t.resultMs);
  const medianResult = percentile(result, 0.5);
  const medianProvider = percentile(providerMs, 0.5);
  rows.push({
    kind,
    runs,
    acceptedMedianMs: round(percentile(accepted, 0.5)),
    resultMedianMs: round(medianResult),
    resultP90Ms: round(percentile(result, 0.9)),
    providerMedianMs: Math.round(medianProvider * 1000) / 1000,
    overheadMedianMs: round(medianResult - medianProvider),
    ratio: Math.round(medianResult / medianProvider),
    warmUpMs: round(warmUp.resultMs),
  });
}

await new Promise<void>((resolve) => http.close(() => resolve()));
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const table = [
  '| kind | runs | POST→202 median | request→result median | p90 | provider median | server overhead (median) | result / provider |',
  '| --- | --: | --: | --: | --: | --: | --: | --: |',
  ...rows.map(
    (r) =>
      `| ${r.kind} | ${r.runs} | ${r.acceptedMedianMs} ms | ${r.resultMedianMs} ms | ${r.resultP90Ms} ms | ${r.providerMedianMs} ms | ${r.overheadMedianMs} ms | ${r.ratio}× |`,
  ),
].join('\n');
const machine = {
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10),
  node: process.version,
};
console.log(`\n${table}\n`);
console.log(
  `size ${SIZE}, PGlite on disk; untimed first runs: ${rows.map((r) => `${r.kind} ${r.warmUpMs} ms`).join(', ')}; load ${machine.loadAverage.join(' ')}`,
);
const here = path.dirname(fileURLToPath(import.meta.url));
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(here, 'results/latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, size: SIZE, runs, rows }, null, 2)}\n`,
);
