import OpenAI, { toFile } from 'openai';
import { EngineError, throwIfAborted } from '../engine-error.js';
import type {
  ChatRequest,
  GenerationContext,
  GenerationResult,
  ImageProvider,
  OpenAiConfig,
  SwapRequest,
} from '../types.js';
import {
  buildSwapPrompt,
  fitToSize,
  inThreadImageWork,
  notFoundNote,
  type AiImageWork,
} from './ai-inputs.js';
import { chatPrompt, validateChat } from './local-provider.js';

export const DEFAULT_OPENAI_MODEL = 'gpt-image-1.5';

type ImageEvent = { type: string; b64_json?: string };

/**
 * OpenAI images API through the official SDK: edit for swaps (the old product's region and the
 * replaced words as the mask, the rest of the ad put back afterwards), edit or generate for chat.
 * `imageWork` is where the image work around the request runs (a worker of the engine pool).
 */
export function createOpenAiProvider(
  config: OpenAiConfig,
  imageWork: AiImageWork = inThreadImageWork,
): ImageProvider {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs ?? 120_000,
    maxRetries: config.maxRetries ?? 1,
  });
  const model = config.model ?? DEFAULT_OPENAI_MODEL;

  async function collect(
    stream: AsyncIterable<ImageEvent>,
    context: GenerationContext,
  ): Promise<Uint8Array> {
    let final: string | undefined;
    for await (const event of stream) {
      throwIfAborted(context.signal);
      if (!event.b64_json) continue;
      if (event.type.endsWith('.partial_image')) {
        context.onPreview?.(new Uint8Array(Buffer.from(event.b64_json, 'base64')));
      } else if (event.type.endsWith('.completed')) {
        final = event.b64_json;
      }
    }
    if (!final) throw new EngineError('provider_error', 'OpenAI returned no image.');
    return new Uint8Array(Buffer.from(final, 'base64'));
  }

  async function run(
    context: GenerationContext,
    send: () => Promise<AsyncIterable<ImageEvent>>,
  ): Promise<Uint8Array> {
    context.onStep?.({ name: 'request' });
    const started = performance.now();
    try {
      const bytes = await collect(await send(), context);
      context.onStep?.({ name: 'request', ms: Math.round(performance.now() - started) });
      return bytes;
    } catch (error) {
      throw toEngineError(error, context.signal);
    }
  }

  return {
    name: 'openai',
    async swap(request: SwapRequest, context: GenerationContext = {}): Promise<GenerationResult> {
      const inputs = await imageWork.prepareSwap(request);
      const bytes = await run(context, async () =>
        client.images.edit(
          {
            model,
            image: [
              await toFile(inputs.template, 'template.png', { type: 'image/png' }),
              await toFile(inputs.product, 'product.png', { type: 'image/png' }),
            ],
            mask: await toFile(inputs.mask, 'mask.png', { type: 'image/png' }),
            prompt: buildSwapPrompt(inputs.replacements),
            size: request.size,
            input_fidelity: 'high',
            quality: 'high',
            output_format: 'png',
            stream: true,
            partial_images: 2,
          },
          { signal: context.signal },
        ),
      );
      throwIfAborted(context.signal);
      const note = notFoundNote(inputs);
      const png = await imageWork.keepTheAd(bytes, inputs, request.size);
      return note ? { png, note } : { png };
    },
    async chat(request: ChatRequest, context: GenerationContext = {}): Promise<GenerationResult> {
      validateChat(request);
      const references = request.references ?? [];
      const bytes = await run(context, async () => {
        if (references.length === 0) {
          return client.images.generate(
            {
              model,
              prompt: chatPrompt(request),
              size: request.size,
              output_format: 'png',
              stream: true,
              partial_images: 2,
            },
            { signal: context.signal },
          );
        }
        const images = await Promise.all(
          references.map((bytes, i) => toFile(Buffer.from(bytes), `reference-${i + 1}.png`)),
        );
        return client.images.edit(
          {
            model,
            image: images,
            prompt: chatPrompt(request),
            size: request.size,
            input_fidelity: 'high',
            output_format: 'png',
            stream: true,
            partial_images: 2,
          },
          { signal: context.signal },
        );
      });
      return { png: await fitToSize(bytes, request.size) };
    },
  };
}

function toEngineError(error: unknown, signal?: AbortSignal): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new EngineError('timeout', 'OpenAI did not answer in time.', { cause: error });
  }
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) {
    return new EngineError('timeout', 'The generation was cancelled.', { cause: error });
  }
  if (error instanceof OpenAI.APIError) {
    const code = String(error.code ?? '');
    if (error.status === 429) {
      return new EngineError('rate_limited', 'OpenAI is rate limiting requests.', { cause: error });
    }
    if (code === 'moderation_blocked' || /safety|moderation/i.test(error.message)) {
      return new EngineError('moderation', 'OpenAI refused the request (moderation).', {
        cause: error,
      });
    }
    if (error.status === 400) {
      return new EngineError('bad_input', `OpenAI rejected the input: ${error.message}`, {
        cause: error,
      });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new EngineError('provider_error', `OpenAI failed: ${message}`, { cause: error });
}
