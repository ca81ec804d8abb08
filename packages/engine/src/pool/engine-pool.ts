import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { EngineError } from '../engine-error.js';
import type { AiImageWork } from '../providers/ai-inputs.js';
import { createProvider } from '../providers/create-provider.js';
import type {
  GenerationContext,
  ImageProvider,
  ProductCutOut,
  ProviderConfig,
  TemplateAnalysis,
} from '../types.js';
import type { WarmUpStep } from '../warm-up.js';
import type * as engineWorker from './engine-worker.js';
import type { EngineWorkerData } from './engine-worker.js';
import {
  fromWireError,
  ownedBuffers,
  type AnalyzeOptions,
  type EngineTask,
  type FromWorker,
  type TaskOutcome,
  type TaskResults,
  type ToWorker,
  type WarmUpDone,
} from './wire.js';

export type EnginePoolOptions = {
  /** Worker threads, each holding its own models: about 1.5 GB and one busy core per thread. */
  threads?: number;
  /** Intra-op threads of each model session inside a worker. */
  onnxThreads?: number;
  /** Which provider `swap` and `chat` use; `local` when none is named. */
  provider?: ProviderConfig;
  /** A worker that failed outside any task (at its start, say); without it the error is dropped. */
  onWorkerError?: (error: unknown) => void;
};

/**
 * The engine off the caller's thread. `swap` and `chat` are the configured provider's: the local
 * one runs wholly in a worker; OpenAI and Gemini keep their network requests here and do their
 * image work in a worker. Byte arrays that own their memory are moved to the worker, not copied:
 * after a call they are empty on the caller's side (pass a copy to keep using one).
 */
export type EnginePool = ImageProvider & {
  cutOut(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<ProductCutOut>;
  analyze(
    bytes: Uint8Array,
    options?: AnalyzeOptions & { signal?: AbortSignal },
  ): Promise<TemplateAnalysis>;
  /** The warm-up of a worker (models loaded at its start), once it has finished. */
  warmedUp(): Promise<WarmUpStep[]>;
  /** The thread ids of the pool's workers (diagnostics and tests). */
  threadIds(): number[];
  close(): Promise<void>;
};

const openPools = new Set<EnginePool>();

/** How much lower than the server's the engine threads' CPU priority is (nice, 0-19). */
const ENGINE_NICENESS = 10;

/** How long closing waits for workers to finish what they are doing before ending them. */
const CLOSE_TIMEOUT_MS = 30_000;

/** Ends every engine pool still open (`closeEngine` calls this). */
export async function closeEnginePools(): Promise<void> {
  await Promise.all([...openPools].map((pool) => pool.close()));
}

/**
 * The worker's file: the bundled JavaScript beside the built server (apps/server/build.mjs makes
 * it an entry), else the TypeScript sources through tsx.
 */
function workerFile(): string {
  const built = fileURLToPath(new URL('./engine-worker.js', import.meta.url));
  if (existsSync(built)) return built;
  return fileURLToPath(new URL('./engine-worker-source.mjs', import.meta.url));
}

export function createEnginePool(options: EnginePoolOptions = {}): EnginePool {
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1) {
    throw new EngineError('bad_input', 'The engine needs at least one thread.');
  }
  const workerData: EngineWorkerData = { onnxThreads: options.onnxThreads ?? 2 };
  const piscina = new Piscina<{ task: EngineTask; port: MessagePort }, TaskOutcome>({
    filename: workerFile(),
    name: 'runEngineTask' satisfies keyof typeof engineWorker,
    minThreads: threads,
    maxThreads: threads,
    // Workers keep their loaded models: they never retire for being idle.
    idleTimeout: Number.POSITIVE_INFINITY,
    // Idle workers wait on their event loop (not Atomics.wait), so background loads go on.
    atomics: 'disabled',
    // On a small machine the engine competes with the API for cores: the API goes first (Linux;
    // threads the worker starts, such as the OCR's, inherit it).
    niceIncrement: ENGINE_NICENESS,
    workerData,
    // The worker loads its own code (see workerFile): preloads of the parent process, such as a
    // test's `--import`, are not for it.
    execArgv: [],
    closeTimeout: CLOSE_TIMEOUT_MS,
  });
  // Unheard, a worker's failure outside a task would end the process; a task's own failure
  // reaches its caller. Closing past its timeout reports here too.
  piscina.on('error', (error: unknown) => options.onWorkerError?.(error));
  let closed = false;
  const warmedUpThreads = new Set<number>();
  let onWarmUpDone: (() => void) | undefined;
  piscina.on('message', (message: Partial<WarmUpDone>) => {
    if (typeof message?.warmedUpThread !== 'number') return;
    warmedUpThreads.add(message.warmedUpThread);
    onWarmUpDone?.();
  });
  /** Resolves once every current worker has finished its warm-up (or after `timeoutMs`). */
  function everyWarmUpDone(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      onWarmUpDone = () => {
        if (piscina.threads.every((worker) => warmedUpThreads.has(worker.threadId))) {
          clearTimeout(timer);
          resolve();
        }
      };
      onWarmUpDone();
    });
  }

  async function run<K extends EngineTask['kind']>(
    task: Extract<EngineTask, { kind: K }>,
    context: GenerationContext = {},
  ): Promise<TaskResults[K]> {
    if (closed) throw new EngineError('provider_error', 'The engine has been shut down.');
    const { signal } = context;
    if (signal?.aborted) throw new EngineError('timeout', 'The generation was cancelled.');
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (message: FromWorker) => {
      if (message.type === 'step') context.onStep?.(message.step);
      else context.onPreview?.(message.png);
    });
    const running = piscina.run(
      { task, port: port2 },
      { transferList: [port2, ...ownedBuffers(task)] },
    );
    // Cancelling tells the worker to stop at its next step and stops waiting for it at once.
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => {
        port1.postMessage({ type: 'abort' } satisfies ToWorker);
        reject(new EngineError('timeout', 'The generation was cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    void running.catch(() => undefined).finally(() => port1.close());
    try {
      const outcome = await Promise.race([running, aborted]);
      if (!outcome.ok) throw fromWireError(outcome.error);
      return outcome.value as TaskResults[K];
    } catch (error) {
      if (error instanceof Error) throw error;
      throw new EngineError('provider_error', String(error));
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  const imageWork: AiImageWork = {
    prepareSwap: (request) => run({ kind: 'prepare-ai-swap', request }),
    keepTheAd: (edited, inputs, size) => run({ kind: 'keep-the-ad', edited, inputs, size }),
  };
  const providerConfig = options.provider ?? {};
  const provider: ImageProvider =
    (providerConfig.provider ?? 'local') === 'local'
      ? {
          name: 'local',
          swap: (request, context) => run({ kind: 'swap', request }, context),
          chat: (request, context) => run({ kind: 'chat', request }, context),
        }
      : createProvider(providerConfig, { imageWork });

  const pool: EnginePool = {
    name: provider.name,
    swap: (request, context) => provider.swap(request, context),
    chat: (request, context) => provider.chat(request, context),
    cutOut: (bytes, { signal } = {}) => run({ kind: 'cut-out', bytes }, signal ? { signal } : {}),
    analyze: (bytes, { signal, ...analyzeOptions } = {}) =>
      run({ kind: 'analyze', bytes, options: analyzeOptions }, signal ? { signal } : {}),
    warmedUp: () => run({ kind: 'warm-up' }),
    threadIds: () => piscina.threads.map((worker) => worker.threadId),
    async close() {
      if (closed) return;
      closed = true;
      openPools.delete(pool);
      // A worker is only ended between native calls: after its warm-up and its running tasks
      // (a cancelled task still runs to its next step) have finished.
      await everyWarmUpDone(CLOSE_TIMEOUT_MS);
      await piscina.close();
    },
  };
  openPools.add(pool);
  return pool;
}
