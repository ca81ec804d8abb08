/**
 * The engine from the command line: one generation, an analysis or a cut-out from files, with
 * each step's time. `--help` on any command says its options.
 *
 *   npm run generate -w @adtwin/engine -- <swap|chat|analyze|cut-out> [options]
 *
 * Keys for the AI providers come from --api-key (or OPENAI_API_KEY / GEMINI_API_KEY via the
 * engine's config module).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
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
import { cutOutLayer } from './cut-out-layer.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

const help = { type: 'boolean', short: 'h' } as const;
const providerOptions = {
  size: { type: 'string', default: '1024x1024' },
  out: { type: 'string', default: 'out.png' },
  provider: { type: 'string', default: 'local' },
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
} as const satisfies Options;
const providerHelp = `  --size WxH            1024x1024 (default), 1024x1536 or 1536x1024
  --out FILE            the result PNG (default out.png)
  --provider NAME       local (default), openai or gemini
  --api-key KEY         for openai/gemini (else OPENAI_API_KEY / GEMINI_API_KEY)
  --base-url URL        another address for the provider's API
  --model NAME          another model than the provider's default`;

const commands = {
  swap: {
    summary: 'put a product into a template ad',
    usage: `swap --template FILE --product FILE [options]
  --template FILE       the ad
  --product FILE        the product photo
  --replace OLD=NEW     replace words of the ad (repeat, at most 5)
  --box X,Y,W,H         the ad's product box in template pixels (else detected)
  --analysis FILE       a stored analysis (the JSON 'analyze --out' writes)
${providerHelp}`,
    options: {
      template: { type: 'string' },
      product: { type: 'string' },
      replace: { type: 'string', multiple: true },
      box: { type: 'string' },
      analysis: { type: 'string' },
      ...providerOptions,
      help,
    },
  },
  chat: {
    summary: 'make an image from a prompt and reference images',
    usage: `chat --prompt TEXT [--ref FILE]... [options]
  --prompt TEXT         what to make
  --ref FILE            a reference image (repeat, at most 3)
${providerHelp}`,
    options: {
      prompt: { type: 'string' },
      ref: { type: 'string', multiple: true },
      ...providerOptions,
      help,
    },
  },
  analyze: {
    summary: "print a template's product box and words",
    usage: `analyze --template FILE [--json] [--out FILE]
  --template FILE       the ad
  --json                print the whole analysis as JSON instead
  --out FILE            also write the analysis JSON to FILE (for 'swap --analysis')`,
    options: {
      template: { type: 'string' },
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      help,
    },
  },
  'cut-out': {
    summary: 'cut the product out of its photo',
    usage: `cut-out --product FILE [--out FILE]
  --product FILE        the product photo
  --out FILE            PNG the size of the photo: the product opaque, the rest transparent
                        (default cut-out.png)`,
    options: {
      product: { type: 'string' },
      out: { type: 'string', default: 'cut-out.png' },
      help,
    },
  },
} satisfies Record<string, { summary: string; usage: string; options: Options }>;

type CommandName = keyof typeof commands;

const programHelp = `Usage: generate-cli <command> [options]   (--help after a command for its options)

Commands:
${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(10)} ${command.summary}`)
  .join('\n')}`;

class UsageError extends Error {}

const [commandName, ...rest] = process.argv.slice(2);
try {
  if (!commandName || commandName === '--help' || commandName === '-h') {
    console.log(programHelp);
    if (!commandName) process.exitCode = 2;
  } else if (!(commandName in commands)) {
    throw new UsageError(`Unknown command '${commandName}'.`);
  } else {
    await run(commandName as CommandName, rest);
  }
} catch (error) {
  if (error instanceof UsageError || isParseArgsError(error)) {
    console.error(`${(error as Error).message}\n`);
    console.error(
      commandName && commandName in commands
        ? `Usage: generate-cli ${commands[commandName as CommandName].usage}`
        : programHelp,
    );
    process.exitCode = 2;
  } else {
    const code = error instanceof EngineError ? error.code : 'error';
    console.error(`${code}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await closeEngine();
}

async function run(name: CommandName, args: string[]): Promise<void> {
  const command = commands[name];
  const options: Options = command.options;
  const { values } = parseArgs({ args, options, strict: true }) as { values: Values };
  if (values.help) {
    console.log(`Usage: generate-cli ${command.usage}`);
    return;
  }
  const started = performance.now();
  if (name === 'analyze') {
    const analysis = await analyzeTemplate(readInput(values, 'template'));
    if (typeof values.out === 'string')
      writeFileSync(values.out, JSON.stringify(analysis, null, 2));
    if (values.json) console.log(JSON.stringify(analysis, null, 2));
    else printAnalysis(analysis);
  } else if (name === 'cut-out') {
    const photo = readInput(values, 'product');
    const cutOut = await cutOutProduct(photo.slice());
    writeFileSync(String(values.out), await cutOutLayer(photo, cutOut));
    console.log(`box ${formatBox(cutOut.box)}`);
    console.log(`cut out by ${cutOut.method}, written to ${String(values.out)}`);
  } else {
    await generate(name, values);
  }
  console.log(
    `${'total'.padEnd(16)} ${String(Math.round(performance.now() - started)).padStart(6)} ms`,
  );
}

async function generate(name: 'swap' | 'chat', values: Values): Promise<void> {
  const keys = readProviderKeys();
  const provider = String(values.provider);
  if (!['local', 'openai', 'gemini'].includes(provider)) {
    throw new UsageError(`Unknown provider '${provider}'.`);
  }
  const size = String(values.size);
  if (!['1024x1024', '1024x1536', '1536x1024'].includes(size)) {
    throw new UsageError(`Unknown size '${size}'.`);
  }
  const apiKey = values['api-key'] as string | undefined;
  const connection = {
    ...(typeof values['base-url'] === 'string' ? { baseURL: values['base-url'] } : {}),
    ...(typeof values.model === 'string' ? { model: values.model } : {}),
  };
  const engine = createProvider({
    provider: provider as ProviderConfig['provider'],
    openai: { apiKey: apiKey ?? keys.openai ?? '', ...connection },
    gemini: { apiKey: apiKey ?? keys.gemini ?? '', ...connection },
  });
  const context = {
    onStep: (step: { name: string; ms?: number }) => {
      if (step.ms !== undefined)
        console.log(`${step.name.padEnd(16)} ${String(step.ms).padStart(6)} ms`);
    },
    onPreview: () => console.log('preview received'),
  };
  const strings = (key: string) => (values[key] as string[] | undefined) ?? [];
  const result =
    name === 'swap'
      ? await engine.swap(
          {
            template: readInput(values, 'template'),
            product: readInput(values, 'product'),
            ...(typeof values.box === 'string' ? { productBox: parseBox(values.box) } : {}),
            ...(typeof values.analysis === 'string'
              ? {
                  analysis: JSON.parse(readFileSync(values.analysis, 'utf8')) as TemplateAnalysis,
                }
              : {}),
            replacements: strings('replace').map(parseReplacement),
            size: size as OutputSize,
          },
          context,
        )
      : await engine.chat(
          {
            prompt: typeof values.prompt === 'string' ? values.prompt : '',
            references: strings('ref').map((file) => new Uint8Array(readFileSync(file))),
            size: size as OutputSize,
          },
          context,
        );
  writeFileSync(String(values.out), result.png);
  if (result.note) console.log(`note: ${result.note}`);
}

function readInput(values: Record<string, unknown>, option: string): Uint8Array {
  const file = values[option];
  if (typeof file !== 'string') throw new UsageError(`Missing --${option}.`);
  return new Uint8Array(readFileSync(file));
}

function printAnalysis(analysis: TemplateAnalysis): void {
  console.log(`size ${analysis.width}x${analysis.height}`);
  console.log(`product box ${analysis.productBox ? formatBox(analysis.productBox) : 'none found'}`);
  console.log(`words ${analysis.words.length}`);
  for (const word of analysis.words) {
    console.log(
      `  line ${word.line}  ${JSON.stringify(word.text)}  ${formatBox(word.box)}  confidence ${word.confidence}  ${word.textColor} on ${word.backgroundColor}`,
    );
  }
}

function formatBox(box: Box): string {
  return `x=${box.x} y=${box.y} width=${box.width} height=${box.height}`;
}

function parseBox(text: string): Box {
  const parts = text.split(',').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) {
    throw new UsageError(`--box takes X,Y,W,H; got '${text}'.`);
  }
  const [x, y, width, height] = parts as [number, number, number, number];
  return { x, y, width, height };
}

function parseReplacement(pair: string): { toReplace: string; replacement: string } {
  const at = pair.indexOf('=');
  if (at < 0) throw new UsageError(`--replace takes OLD=NEW; got '${pair}'.`);
  return { toReplace: pair.slice(0, at), replacement: pair.slice(at + 1) };
}

function isParseArgsError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
  );
}
