/**
 * Times the local engine: median and p95 per output size and peak memory, for a product seen for
 * the first time (cut-out inside the call) and with its cut-out kept, and the same with text
 * replacement. Template analyses are computed beforehand, as the app stores them when a template
 * is added, and so are the templates' saliency maps, as the app stores them after a template's
 * first swap; one group times that first swap, without a stored map. Prints a table and writes bench/engine/results/latest.json.
 *
 *   npx tsx bench/engine/run-bench.ts [--every N] [--sizes 1024x1024,...] [--threads N]
 *   npm run bench -w @adtwin/engine -- --every 4
 *
 * `--threads N` runs the swaps through the engine pool the server uses (N worker threads), so the
 * times include the hop to the worker; without it the engine runs in this thread.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeTemplate } from '../../packages/engine/src/analyze-template.js';
import {
  closeEngine,
  createEnginePool,
  createProvider,
  cutOutProduct,
  type OutputSize,
  type ProductCutOut,
  type SwapRequest,
  type TemplateAnalysis,
} from '../../packages/engine/src/index.js';
import {
  encodeSaliency,
  forgetRecentMaps,
  predictSaliency,
} from '../../packages/engine/src/ml/isnet-model.js';
import { decodeImage } from '../../packages/engine/src/pipeline/raster.js';
import { listFixtures, readFixture } from '../../packages/engine/src/quality/fixture-cases.js';
import {
  makeTextTemplate,
  TEXT_TEMPLATES,
} from '../../packages/engine/src/quality/make-text-template.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const every = Number(argument('--every') ?? 1);
const sizes = (argument('--sizes')?.split(',') ?? [
  '1024x1024',
  '1024x1536',
  '1536x1024',
]) as OutputSize[];

const threads = argument('--threads');
const provider = threads ? createEnginePool({ threads: Number(threads) }) : createProvider();
if (threads) await (provider as ReturnType<typeof createEnginePool>).warmedUp();
const { templates, products } = listFixtures();

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);

console.log('preparing cut-outs and template analyses…');
const cutOuts = new Map<string, ProductCutOut>();
for (const product of products) cutOuts.set(product, await cutOutProduct(readFixture(product)));
const analyses = new Map<string, TemplateAnalysis>();
// The saliency map the app stores with a template after its first swap.
const storedMaps = new Map<string, Uint8Array>();
for (const template of templates) {
  const bytes = readFixture(template);
  analyses.set(template, await analyzeTemplate(bytes, { readText: false }));
  const raster = await decodeImage(bytes, { channels: 4 });
  storedMaps.set(template, await encodeSaliency(await predictSaliency(raster)));
}
const textTemplates = [];
for (const spec of TEXT_TEMPLATES) {
  const bytes = await makeTextTemplate(readFixture(spec.photo), spec.copy);
  const map = await predictSaliency(await decodeImage(bytes, { channels: 4 }));
  textTemplates.push({
    spec,
    bytes,
    analysis: await analyzeTemplate(bytes),
    templateSaliency: await encodeSaliency(map),
  });
}

/** A copy of the kept cut-out: the engine pool takes the bytes it is given. */
function keptCutOut(product: string): ProductCutOut {
  const cutOut = cutOuts.get(product)!;
  return { ...cutOut, png: cutOut.png.slice() };
}

type Group = {
  size: OutputSize;
  mode: string;
  times: number[];
  cpuTimes: number[];
  peakRssMb: number;
};
const groups: Group[] = [];

async function timeGroup(size: OutputSize, mode: string, requests: (() => SwapRequest)[]) {
  peakRss = process.memoryUsage().rss;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (const make of requests) {
    const request = make();
    const started = performance.now();
    const cpu = process.cpuUsage();
    await provider.swap(request);
    times.push(performance.now() - started);
    // CPU time of all threads: what a swap costs, whatever else the shared machine is doing.
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  groups.push({ size, mode, times, cpuTimes, peakRssMb: peakRss / 2 ** 20 });
  const last = summarize(groups.at(-1)!);
  console.log(
    `${size} ${mode}: n=${last.n} median ${last.medianMs} ms, p95 ${last.p95Ms} ms, cpu ${last.cpuMedianMs} ms, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
}

for (const size of sizes) {
  const pairs = templates
    .flatMap((template) => products.map((product) => ({ template, product })))
    .filter((_, i) => i % every === 0);
  const base = (pair: (typeof pairs)[number]) => ({
    template: readFixture(pair.template),
    product: readFixture(pair.product),
    analysis: analyses.get(pair.template),
    templateSaliency: storedMaps.get(pair.template)!.slice(),
    size,
  });
  // A template's first swap: no map stored yet, the model runs on the template (and not from the
  // cache the preparation filled).
  forgetRecentMaps();
  await timeGroup(
    size,
    "template's first swap, cut-out kept",
    pairs.map((pair) => () => {
      const { templateSaliency: _notYet, ...request } = base(pair);
      return { ...request, productCutOut: keptCutOut(pair.product) };
    }),
  );
  await timeGroup(
    size,
    'first-seen product',
    pairs.map((pair) => () => base(pair)),
  );
  await timeGroup(
    size,
    'cut-out kept',
    pairs.map((pair) => () => ({ ...base(pair), productCutOut: keptCutOut(pair.product) })),
  );
  const textCases = textTemplates
    .flatMap((text) => products.map((product) => ({ text, product })))
    .filter((_, i) => i % Math.max(1, Math.floor(every / 2)) === 0);
  await timeGroup(
    size,
    'text, cut-out kept',
    textCases.map(({ text, product }) => () => ({
      template: text.bytes.slice(),
      product: readFixture(product),
      productCutOut: keptCutOut(product),
      analysis: text.analysis,
      templateSaliency: text.templateSaliency.slice(),
      replacements: text.spec.replacements,
      size,
    })),
  );
}
clearInterval(sampler);
await closeEngine();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}

function summarize(group: Group) {
  const sorted = [...group.times].sort((a, b) => a - b);
  const cpu = [...group.cpuTimes].sort((a, b) => a - b);
  return {
    size: group.size,
    mode: group.mode,
    n: sorted.length,
    medianMs: Math.round(percentile(sorted, 0.5)),
    p95Ms: Math.round(percentile(sorted, 0.95)),
    cpuMedianMs: Math.round(percentile(cpu, 0.5)),
    peakRssMb: Math.round(group.peakRssMb),
  };
}

const table = groups.map(summarize);
console.table(table);
const here = path.dirname(fileURLToPath(import.meta.url));
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, 'results/latest.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
      },
      every,
      engine: threads ? `pool of ${threads} thread(s)` : 'in-thread',
      table,
    },
    null,
    2,
  )}\n`,
);
