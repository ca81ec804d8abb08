import sharp from 'sharp';
import {
  EngineError,
  type GenerationContext,
  type GenerationResult,
  type ImageProvider,
  type OutputSize,
  type SwapRequest,
} from '@adtwin/engine';

export type ScriptedCall = {
  kind: 'swap' | 'chat';
  size: OutputSize;
  signal?: AbortSignal;
  /** What a swap was asked, for tests of its inputs (placement, cut-out). */
  swap?: SwapRequest;
};
type Answer = (call: ScriptedCall) => Promise<GenerationResult>;

/** A plain PNG at the requested size: what a provider must return, at almost no cost. */
export async function plainPng(size: OutputSize): Promise<Uint8Array> {
  const [width, height] = size.split('x').map(Number) as [number, number];
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 240, g: 236, b: 228 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/**
 * An image provider whose answers a test writes beforehand. Each scripted answer serves one call,
 * in order; with none left, a call returns a plain PNG at once. Failures are the engine's typed
 * errors, as the real providers throw them.
 */
export function createScriptedProvider() {
  const answers: Answer[] = [];
  const calls: ScriptedCall[] = [];

  async function answer(call: ScriptedCall): Promise<GenerationResult> {
    calls.push(call);
    const next = answers.shift();
    return next ? next(call) : { png: await plainPng(call.size) };
  }

  const provider: ImageProvider = {
    // Stands in for the engine the server runs by default.
    name: 'local',
    swap: (request, context?: GenerationContext) =>
      answer({ kind: 'swap', size: request.size, signal: context?.signal, swap: request }),
    chat: (request, context?: GenerationContext) =>
      answer({ kind: 'chat', size: request.size, signal: context?.signal }),
  };

  return {
    provider,
    calls,
    /** The next call throws this error. */
    failWith(error: unknown) {
      answers.push(async () => {
        throw error;
      });
    },
    /** The next call answers this result. */
    answerWith(result: GenerationResult) {
      answers.push(async () => result);
    },
    /**
     * The next call waits until `release()`; if the server stops waiting first (its timeout aborts
     * the signal) it reports a timeout, as the real providers do.
     */
    hold() {
      let release!: () => void;
      let markStarted!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      answers.push(async (call) => {
        markStarted();
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => reject(new EngineError('timeout', 'The generation was cancelled.'));
          if (call.signal?.aborted) return onAbort();
          call.signal?.addEventListener('abort', onAbort, { once: true });
          void released.then(() => {
            call.signal?.removeEventListener('abort', onAbort);
            resolve();
          });
        });
        return { png: await plainPng(call.size) };
      });
      return { release, started };
    },
  };
}

export type ScriptedProvider = ReturnType<typeof createScriptedProvider>;
