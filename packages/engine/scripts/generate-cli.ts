/**
 * Runs one generation from files and prints each step's time.
 *
 *   npm run generate -w @adtwin/engine -- swap --template t.jpg --product p.png --out out.png \
 *     [--size 1024x1024] [--replace "Summer Sale=Winter Deals"]... [--box x,y,w,h] \
 *     [--analysis analysis.json] [--provider local|openai|gemini]
 *   npm run generate -w @adtwin/engine -- chat --prompt "..." [--ref a.png]... --out out.png
 *   npm run generate -w @adtwin/engine -- analyze --template t.jpg [--out analysis.json]
 *   npm run generate -w @adtwin/engine -- cut-out --product p.jpg --out cut.png
 *
 * Keys for the AI providers come from --api-key (or OPENAI_API_KEY / GEMINI_API_KEY via the
 * engine's config module); --base-url and --model override the defaults.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readProviderKeys } from '../src/config.js';
import {
  analyzeTemplate,
  closeEngine,
  createProvider,
  cutOutProduct,
  EngineError,
  type Box,
  type OutputSize,
  type ProviderConfig,
  type TemplateAnalysis,
} from '../src/index.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    template: { type: 'string' },
    product: { type: 'string' },
    prompt: { type: 'string' },
    ref: { type: 'string', multiple: true },
    replace: { type: 'string', multiple: true },
    box: { type: 'string' },
    analysis: { type: 'string' },
    size: { type: 'string', default: '1024x1024' },
    out: { type: 'string' },
    provider: { type: 'string', default: 'local' },
    'api-key': { type: 'string' },
    'base-url': { type: 'string' },
    model: { type: 'string' },
  },
});

const command = positionals[0];
const read = (file: string | undefined, what: string) => {
  if (!file) throw new EngineError('bad_input', `Missing --${what}.`);
  return new Uint8Array(readFileSync(file));
};
const started = performance.now();
const onStep = (step: { name: string; ms?: number }) => {
  if (step.ms !== undefined)
    console.log(`${step.name.padEnd(16)} ${String(step.ms).padStart(6)} ms`);
};

try {
  if (command === 'analyze') {
    const analysis = await analyzeTemplate(read(values.template, 'template'));
    const json = JSON.stringify(analysis, null, 2);
    if (values.out) writeFileSync(values.out, json);
    else console.log(json);
  } else if (command === 'cut-out') {
    const cutOut = await cutOutProduct(read(values.product, 'product'));
    writeFileSync(values.out ?? 'cut-out.png', cutOut.png);
    console.log(`cut out by ${cutOut.method}, box ${JSON.stringify(cutOut.box)}`);
  } else if (command === 'swap' || command === 'chat') {
    const keys = readProviderKeys();
    const provider = values.provider as ProviderConfig['provider'];
    const connection = {
      baseURL: values['base-url'],
      ...(values.model ? { model: values.model } : {}),
    };
    const engine = createProvider({
      provider,
      openai: { apiKey: values['api-key'] ?? keys.openai ?? '', ...connection },
      gemini: { apiKey: values['api-key'] ?? keys.gemini ?? '', ...connection },
    });
    const size = values.size as OutputSize;
    const context = { onStep, onPreview: () => console.log('preview received') };
    const result =
      command === 'swap'
        ? await engine.swap(
            {
              template: read(values.template, 'template'),
              product: read(values.product, 'product'),
              productBox: values.box ? parseBox(values.box) : undefined,
              analysis: values.analysis
                ? (JSON.parse(readFileSync(values.analysis, 'utf8')) as TemplateAnalysis)
                : undefined,
              replacements: (values.replace ?? []).map((pair) => {
                const [toReplace = '', replacement = ''] = pair.split('=');
                return { toReplace, replacement };
              }),
              size,
            },
            context,
          )
        : await engine.chat(
            {
              prompt: values.prompt ?? '',
              references: (values.ref ?? []).map((file) => read(file, 'ref')),
              size,
            },
            context,
          );
    writeFileSync(values.out ?? 'out.png', result.png);
    if (result.note) console.log(`note: ${result.note}`);
  } else {
    console.error(
      'Usage: generate-cli.ts swap|chat|analyze|cut-out [options] (see the file header)',
    );
    process.exitCode = 2;
  }
  console.log(
    `${'total'.padEnd(16)} ${String(Math.round(performance.now() - started)).padStart(6)} ms`,
  );
} catch (error) {
  const code = error instanceof EngineError ? error.code : 'error';
  console.error(`${code}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeEngine();
}

function parseBox(text: string): Box {
  const [x = NaN, y = NaN, width = NaN, height = NaN] = text.split(',').map(Number);
  return { x, y, width, height };
}
