/**
 * The segmentation model with and without glibc's huge-pages tunable, in one run: child processes
 * started alternately with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` and without it, each loading
 * the engine's ISNet session and timing `--runs` runs of it on a 1024x1024 photo, with the CPU
 * time split into user and system and the process's peak resident memory. Prints a table of
 * medians and the ratio.
 *
 *   npx tsx bench/engine/huge-pages.ts [--rounds 3] [--runs 3]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadIsnet, runIsnet } from '../../packages/engine/src/ml/isnet-model.js';
import { HUGE_PAGES_TUNABLE } from '../../packages/engine/src/ml/huge-pages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    child: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

interface RunTimes {
  ms: number;
  userMs: number;
  systemMs: number;
}

if (values.child) {
  const photo = path.join(repoRoot, 'fixtures/products/ruslan-bardash-351288-unsplash.jpg');
  const rgb = await sharp(photo).removeAlpha().resize(1024, 1024, { fit: 'fill' }).raw().toBuffer();
  const session = await loadIsnet();
  const times: RunTimes[] = [];
  for (let run = 0; run < runs; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await runIsnet(session, rgb);
    const used = process.cpuUsage(cpu);
    times.push({
      ms: performance.now() - started,
      userMs: used.user / 1000,
      systemMs: used.system / 1000,
    });
  }
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  console.log(JSON.stringify({ times, peakMb }));
  process.exit(0);
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const settings = { without: '', with: HUGE_PAGES_TUNABLE } as const;
const results = { without: [] as RunTimes[], with: [] as RunTimes[] };
const peaks = { without: [] as number[], with: [] as number[] };
for (let round = 0; round < Number(values.rounds); round += 1) {
  for (const setting of ['without', 'with'] as const) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', '--runs', String(runs)],
      {
        env: { ...process.env, GLIBC_TUNABLES: settings[setting] },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    if (child.status !== 0) throw new Error(`The ${setting} run failed:\n${child.stderr}`);
    const line = child.stdout.trim().split('\n').at(-1)!;
    const { times, peakMb } = JSON.parse(line) as { times: RunTimes[]; peakMb: number };
    results[setting].push(...times);
    peaks[setting].push(peakMb);
  }
}

const row = (setting: 'without' | 'with') => {
  const times = results[setting];
  return `| ${setting === 'with' ? HUGE_PAGES_TUNABLE : 'no tunable'} | ${Math.round(median(times.map((t) => t.ms)))} ms | ${Math.round(median(times.map((t) => t.userMs)))} ms | ${Math.round(median(times.map((t) => t.systemMs)))} ms | ${Math.round(median(peaks[setting]))} MB |`;
};
console.log(`ISNet at 1024x1024, ${results.with.length} runs each (medians)\n`);
console.log('| GLIBC_TUNABLES | run | user CPU | system CPU | process peak |');
console.log('| --- | --- | --- | --- | --- |');
console.log(row('without'));
console.log(row('with'));
const ratio = median(results.with.map((t) => t.ms)) / median(results.without.map((t) => t.ms));
console.log(`\nwith / without: ${ratio.toFixed(2)}`);
