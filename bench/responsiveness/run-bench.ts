/**
 * Does the API answer while the local engine makes an image? The real server runs as a child
 * process (as `npm start` runs it: PGlite and files in a temporary folder, the engine pool with
 * ENGINE_THREADS workers), and this process plays a person who signs up, uploads product photos and
 * runs 1024x1024 swaps one after another over HTTP, while it asks `GET /api/health` every 25 ms.
 * The same is then measured on the server as it was before the engine pool (the local engine on
 * the thread that answers requests: in-thread-server.ts), as the baseline. Prints, in one run:
 *
 * - the latency of /api/health with no generation, beside the same while generations run;
 * - request→result of a swap with a product seen for the first time (its cut-out made in the job)
 *   and with its cut-out kept (the same upload again);
 * - the server's peak RSS (all its threads) and how long the engine's warm-up took after start.
 *
 *   npm run bench:responsiveness -w @adtwin/bench [-- --runs 5 --threads 1 --built]
 *
 * `--modes pool` measures only the server with the engine pool (the in-thread baseline takes as long
 * again; its numbers do not change with the engine's tuning).
 * `--built` runs apps/server/dist/main.js (build it first with `npm run build -w @adtwin/server`);
 * by default the TypeScript sources run through tsx. `--profile DIR` writes CPU profiles of the
 * server's threads to DIR. Writes bench/responsiveness/results/latest.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  createClient,
  expectStatus,
  signUpThroughOutbox,
} from '../../apps/server/test/http-client.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    threads: { type: 'string', default: '1' },
    port: { type: 'string', default: '4641' },
    built: { type: 'boolean', default: false },
    modes: { type: 'string', default: 'pool,in-thread' },
    /** A folder for CPU profiles of the server's threads (to find what blocks its event loop). */
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
const HEALTH_EVERY_MS = 25;
const IDLE_MS = 10_000;
const GOAL = { healthMaxMs: 100, firstSeenMs: 2500, keptMs: 1000, peakRssMb: 2048 };

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const fixtures = process.env.FIXTURES_DIR ?? path.resolve(repoRoot, 'fixtures');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Mode = 'pool' | 'in-thread';

/** Starts a server of the given mode, runs the scenario against it, and stops it. */
async function measure(mode: Mode) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-responsiveness-'));
  const baseUrl = `http://127.0.0.1:${values.port}`;

  // The server, in its own process, so that its stalls are not ours.
  const serverFile =
    mode === 'in-thread'
      ? ['--import', 'tsx', path.join(here, 'in-thread-server.ts')]
      : values.built
        ? [path.join(repoRoot, 'apps/server/dist/main.js')]
        : ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')];
  const profile = values.profile ? path.resolve(values.profile, mode) : undefined;
  const entry = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), ...serverFile];
  const spawned = performance.now();
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: values.port,
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      LOG_LEVEL: 'info',
      DISABLE_RATE_LIMITS: 'true',
      FREE_CREDITS: String(4 * runs + 10),
      IMAGE_PROVIDER: 'local',
      ENGINE_THREADS: values.threads,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let engineReadyMs: number | undefined;
  let engineSteps: unknown;
  let logTail = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    logTail = (logTail + chunk).slice(-20_000);
    for (const line of chunk.split('\n')) {
      if (!line.includes('image engine ready')) continue;
      engineReadyMs = performance.now() - spawned;
      engineSteps = (JSON.parse(line) as { steps: unknown }).steps;
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  /** The server's resident memory (VmHWM: the peak so far), every thread of the process. */
  const memoryMb = (field: 'VmHWM' | 'VmRSS') => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  };

  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${logTail}`);
    if (waited > 180_000) throw new Error(`the server did not start:\n${logTail}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  const listeningMs = performance.now() - spawned;
  // The pool's workers load their models at start; the in-thread engine loads on first use.
  while (mode === 'pool' && engineReadyMs === undefined) {
    if (performance.now() - spawned > 180_000) throw new Error('the engine never warmed up');
    await sleep(100);
  }
  // What the server holds once its engine is warm, before any generation, and its peak so far
  // (the start: migrations, the catalogue's seed, the models' loads). The peak is then reset
  // (clear_refs 5), so that the peak measured at the end is the generations' own.
  const warmRssMb = memoryMb('VmRSS');
  const startPeakMb = memoryMb('VmHWM');
  fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  const { request } = createClient(baseUrl);

  // A person, signed up and verified through the API.
  const email = `bench.${Date.now().toString(36)}@example.test`;
  await signUpThroughOutbox({ request }, email, 'Sunny-Day-42');

  /**
   * A product photo the server has never seen: a fixture photo on a plain background, shifted by a
   * pixel per run so that no two uploads are the same file.
   */
  const photo = fs.readFileSync(path.join(fixtures, 'products/ruslan-bardash-351288-unsplash.jpg'));
  async function uploadProduct(run: number): Promise<string> {
    const bytes = await sharp(photo)
      .extend({ left: run + 1, background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `p${run}.jpg`);
    const res = await expectStatus(
      await request('/api/uploads', { method: 'POST', body: form }),
      201,
      'upload',
    );
    return ((await res.json()) as { id: string }).id;
  }
  const templates = (await (
    await expectStatus(await request('/api/templates?limit=1'), 200, 'templates')
  ).json()) as { items: { id: number }[] };
  const templateId = templates.items[0]?.id;
  if (templateId === undefined) throw new Error('the starter catalogue has no template');

  /** One swap, from POST to the `done` event of its stream. */
  async function swap(productUploadId: string): Promise<number> {
    const started = performance.now();
    const res = await expectStatus(
      await request('/api/generations/swap', {
        method: 'POST',
        json: { templateId, productUploadId, size: '1024x1024' },
      }),
      202,
      'swap',
    );
    const { id } = (await res.json()) as { id: string };
    const stream = await request(`/api/generations/${id}/events`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`swap ${id}: the stream ended before the generation did`);
      buffered += value;
      const statuses = [...buffered.matchAll(/^data: (.*)$/gm)].map(
        (match) => (JSON.parse(match[1]!) as { status: string }).status,
      );
      if (statuses.includes('failed')) throw new Error(`swap ${id} failed`);
      if (statuses.includes('done')) break;
    }
    await reader.cancel();
    return performance.now() - started;
  }

  /** Asks /api/health every HEALTH_EVERY_MS (one at a time) until `until` settles. */
  async function sampleHealth(until: Promise<unknown>): Promise<number[]> {
    let finished = false;
    void until.finally(() => (finished = true));
    const latencies: number[] = [];
    while (!finished) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(HEALTH_EVERY_MS);
    }
    return latencies;
  }

  // One untimed swap first: the first generation of a process pays for loading what it needs.
  await swap(await uploadProduct(0));

  const idle = await sampleHealth(sleep(IDLE_MS));
  const firstSeen: number[] = [];
  const kept: number[] = [];
  const generating = (async () => {
    for (let run = 1; run <= runs; run += 1) {
      const upload = await uploadProduct(run);
      firstSeen.push(await swap(upload));
      kept.push(await swap(upload));
    }
  })();
  const busy = await sampleHealth(generating);
  await generating;
  const peakMb = memoryMb('VmHWM');
  const rssAfterMb = memoryMb('VmRSS');

  child.kill('SIGTERM');
  await exited;
  process.off('exit', killOnExit);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    mode,
    listeningMs,
    engineReadyMs,
    engineSteps,
    idle,
    busy,
    firstSeen,
    kept,
    warmRssMb,
    startPeakMb,
    peakMb,
    rssAfterMb,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const max = (values: number[]) => Math.max(...values);
const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};
const over = (values: number[], limit: number) => values.filter((value) => value >= limit).length;
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (value: number) => `${Math.round(value)} MB`;
const verdict = (value: number, goal: number) => (value <= goal ? 'yes' : 'NO');

const modes = values.modes.split(',') as Mode[];
if (!modes.every((mode) => mode === 'pool' || mode === 'in-thread')) {
  throw new Error('--modes takes pool, in-thread or both');
}
const measured: Measured[] = [];
for (const mode of modes) measured.push(await measure(mode));
type Measured = Awaited<ReturnType<typeof measure>>;
const pool = measured.find((m) => m.mode === 'pool');

const summary = (samples: number[]) => ({
  samples: samples.length,
  medianMs: median(samples),
  p99Ms: p99(samples),
  maxMs: max(samples),
});
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadAverage: os.loadavg()[0] },
  engineThreads: Number(values.threads),
  server: values.built ? 'built' : 'tsx',
  runs,
  modes: measured.map((m) => ({
    mode: m.mode,
    startup: {
      listeningMs: Math.round(m.listeningMs),
      engineReadyMs: m.engineReadyMs && Math.round(m.engineReadyMs),
    },
    engineWarmUp: m.engineSteps,
    health: { idle: summary(m.idle), generating: summary(m.busy) },
    swap1024: {
      firstSeen: { ...summary(m.firstSeen), all: m.firstSeen },
      cutOutKept: { ...summary(m.kept), all: m.kept },
    },
    serverWarmRssMb: m.warmRssMb,
    serverStartPeakRssMb: m.startPeakMb,
    serverPeakRssMb: m.peakMb,
    serverRssAfterMb: m.rssAfterMb,
  })),
};
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);

const label = (m: Measured) =>
  m.mode === 'pool' ? `engine pool (${values.threads} thread)` : 'in-thread engine (before)';
console.log(
  `\nServer (${results.server}) on ${results.machine.cpus} cores, load ${results.machine.loadAverage?.toFixed(1)}${pool ? `; with the pool: listening after ${ms(pool.listeningMs)}, engine warm after ${ms(pool.engineReadyMs ?? NaN)}` : ''}.\n`,
);
console.log(
  `| GET /api/health | server | samples | median | p99 | max | >= ${GOAL.healthMaxMs} ms | goal (max) | met |`,
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const m of measured) {
  for (const [what, samples] of [
    ['no generation', m.idle],
    ['while a local swap runs', m.busy],
  ] as const) {
    console.log(
      `| ${what} | ${label(m)} | ${samples.length} | ${ms(median(samples))} | ${ms(p99(samples))} | ${ms(max(samples))} | ${over(samples, GOAL.healthMaxMs)} | < ${GOAL.healthMaxMs} ms | ${max(samples) < GOAL.healthMaxMs ? 'yes' : 'NO'} |`,
    );
  }
}
console.log(
  `\n| 1024x1024 swap, request to result | server | runs | median | max | goal (median) | met |`,
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const m of measured) {
  for (const [what, samples, goal] of [
    ['first-seen product', m.firstSeen, GOAL.firstSeenMs],
    ['cut-out kept', m.kept, GOAL.keptMs],
  ] as const) {
    console.log(
      `| ${what} | ${label(m)} | ${samples.length} | ${ms(median(samples))} | ${ms(max(samples))} | <= ${goal} ms | ${verdict(median(samples), goal)} |`,
    );
  }
}
console.log(`\n| server memory | server | value | goal | met |`);
console.log('| --- | --- | --- | --- | --- |');
for (const m of measured) {
  console.log(
    `| RSS with the engine warm, before any generation | ${label(m)} | ${mb(m.warmRssMb)} | | |`,
  );
  console.log(
    `| peak RSS while starting and warming up | ${label(m)} | ${mb(m.startPeakMb)} | | |`,
  );
  console.log(
    `| peak RSS while generating, one generation at a time | ${label(m)} | ${mb(m.peakMb)} | <= ${GOAL.peakRssMb} MB | ${verdict(m.peakMb, GOAL.peakRssMb)} |`,
  );
}
