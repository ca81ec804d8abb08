import type { MessagePort } from 'node:worker_threads';
import { EngineError, type EngineErrorCode } from '../engine-error.js';
import type { SwapInputs } from '../providers/ai-inputs.js';
import type {
  ChatRequest,
  GenerationResult,
  GenerationStep,
  OutputSize,
  ProductCutOut,
  SwapRequest,
  TemplateAnalysis,
} from '../types.js';
import type { WarmUpStep } from '../warm-up.js';

/** What the engine's worker threads do; each task says what it returns in `TaskResults`. */
export type EngineTask =
  | { kind: 'swap'; request: SwapRequest }
  | { kind: 'chat'; request: ChatRequest }
  | { kind: 'cut-out'; bytes: Uint8Array }
  | { kind: 'analyze'; bytes: Uint8Array; options: AnalyzeOptions }
  | { kind: 'prepare-ai-swap'; request: SwapRequest }
  | { kind: 'keep-the-ad'; edited: Uint8Array; inputs: SwapInputs; size: OutputSize }
  | { kind: 'warm-up' };

export type AnalyzeOptions = { readText?: boolean; findProduct?: boolean };

export type TaskResults = {
  swap: GenerationResult;
  chat: GenerationResult;
  'cut-out': ProductCutOut;
  analyze: TemplateAnalysis;
  'prepare-ai-swap': SwapInputs;
  'keep-the-ad': Uint8Array;
  'warm-up': WarmUpStep[];
};

/** One task as posted to a worker, with the port its progress and cancellation go through. */
export type TaskMessage = { task: EngineTask; port: MessagePort };

/** Main thread to worker, over the task's port. */
export type ToWorker = { type: 'abort' };
/** Worker to main thread, over the task's port. */
export type FromWorker =
  | { type: 'step'; step: { name: GenerationStep; ms?: number } }
  | { type: 'preview'; png: Uint8Array };

/** Errors cross the thread boundary as data: a class does not survive structured cloning. */
export type WireError =
  | { engine: true; code: EngineErrorCode; message: string }
  | { engine: false; name: string; message: string; stack?: string };

export type TaskOutcome = { ok: true; value: unknown } | { ok: false; error: WireError };

export function toWireError(error: unknown): WireError {
  if (error instanceof EngineError) {
    return { engine: true, code: error.code, message: error.message };
  }
  if (error instanceof Error) {
    return { engine: false, name: error.name, message: error.message, stack: error.stack };
  }
  return { engine: false, name: 'Error', message: String(error) };
}

/** The same error on this side: an EngineError keeps its `code`, so the app maps it as before. */
export function fromWireError(wire: WireError): Error {
  if (wire.engine) return new EngineError(wire.code, wire.message);
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}

/**
 * The buffers worth moving rather than copying: byte arrays that own their whole ArrayBuffer.
 * A view into a larger buffer (a pooled Node Buffer) is copied, since moving it would take its
 * neighbours too.
 */
export function ownedBuffers(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (value instanceof Uint8Array) {
    if (
      value.buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === value.buffer.byteLength &&
      value.byteLength > 0
    ) {
      found.add(value.buffer);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) ownedBuffers(item, found);
  } else if (value && typeof value === 'object' && !(value instanceof ArrayBuffer)) {
    for (const item of Object.values(value)) ownedBuffers(item, found);
  }
  return [...found];
}

/** Posted by a worker on its parent port once its warm-up has settled. */
export type WarmUpDone = { warmedUpThread: number };
