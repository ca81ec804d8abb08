/**
 * The engine inside a worker thread of the engine pool: the models and runtimes of this thread
 * stay loaded between tasks. Loaded by Piscina; see engine-pool.ts.
 */
import { parentPort, receiveMessageOnPort, threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { analyzeTemplate } from '../analyze-template.js';
import { setOnnxThreads } from '../ml/onnx-session.js';
import { cutOutProduct } from '../pipeline/cut-out-product.js';
import { keepTheAd, prepareSwapInputs } from '../providers/ai-inputs.js';
import { createLocalProvider } from '../providers/local-provider.js';
import type { GenerationContext } from '../types.js';
import { warmUp, type WarmUpStep } from '../warm-up.js';
import {
  ownedBuffers,
  toWireError,
  type EngineTask,
  type FromWorker,
  type TaskMessage,
  type TaskOutcome,
  type ToWorker,
  type WarmUpDone,
} from './wire.js';

export type EngineWorkerData = { onnxThreads: number };

const { onnxThreads } = workerData as EngineWorkerData;
setOnnxThreads(onnxThreads);

// Started as the thread starts, not on a person's first request; the pool asks for the report.
const warming: Promise<WarmUpStep[]> = warmUp();
// The pool waits for this before it ends the thread: a thread ended while a native library
// (sharp, onnxruntime) still works for it takes the whole process down.
void warming.finally(() =>
  parentPort?.postMessage({ warmedUpThread: threadId } satisfies WarmUpDone),
);
const local = createLocalProvider();

async function perform(task: EngineTask, context: GenerationContext): Promise<unknown> {
  switch (task.kind) {
    case 'swap':
      return local.swap(task.request, context);
    case 'chat':
      return local.chat(task.request, context);
    case 'cut-out':
      return cutOutProduct(task.bytes);
    case 'analyze':
      return analyzeTemplate(task.bytes, task.options);
    case 'prepare-ai-swap':
      return prepareSwapInputs(task.request);
    case 'keep-the-ad':
      return keepTheAd(task.edited, task.inputs, task.size);
    case 'warm-up':
      return warming;
  }
}

export async function runEngineTask({ task, port }: TaskMessage) {
  const controller = new AbortController();
  const onMessage = (message: ToWorker) => {
    if (message.type === 'abort') controller.abort();
  };
  // A task cancelled while it waited in the queue finds the abort already posted.
  const waiting = receiveMessageOnPort(port) as { message: ToWorker } | undefined;
  if (waiting) onMessage(waiting.message);
  port.on('message', onMessage);
  const post = (message: FromWorker) => port.postMessage(message);
  const context: GenerationContext = {
    signal: controller.signal,
    onStep: (step) => post({ type: 'step', step }),
    onPreview: (png) => post({ type: 'preview', png }),
  };
  let outcome: TaskOutcome;
  try {
    outcome = { ok: true, value: await perform(task, context) };
  } catch (error) {
    outcome = { ok: false, error: toWireError(error) };
  } finally {
    port.close();
  }
  // The result's images are moved to the main thread, not copied.
  return move({
    get [transferableSymbol]() {
      return ownedBuffers(outcome);
    },
    get [valueSymbol]() {
      return outcome;
    },
  });
}
