import { ApiError, GoogleGenAI, type GenerateContentResponse, type Part } from '@google/genai';
import sharp from 'sharp';
import { EngineError, throwIfAborted } from '../engine-error.js';
import { parseOutputSize } from '../pipeline/frame-template.js';
import type {
  ChatRequest,
  GeminiConfig,
  GenerationContext,
  GenerationResult,
  ImageProvider,
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

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash-image';

const ASPECT = { '1024x1024': '1:1', '1024x1536': '2:3', '1536x1024': '3:2' } as const;

/**
 * Gemini image editing through the official SDK, images sent inline. Gemini takes no mask: the
 * editable area is shown as a picture, and everything outside it is put back afterwards.
 * `imageWork` is where the image work around the request runs (a worker of the engine pool).
 */
export function createGeminiProvider(
  config: GeminiConfig,
  imageWork: AiImageWork = inThreadImageWork,
): ImageProvider {
  const client = new GoogleGenAI({
    apiKey: config.apiKey,
    httpOptions: {
      ...(config.baseURL ? { baseUrl: config.baseURL } : {}),
      timeout: config.timeoutMs ?? 120_000,
    },
  });
  const model = config.model ?? DEFAULT_GEMINI_MODEL;

  async function generate(
    parts: Part[],
    size: SwapRequest['size'],
    context: GenerationContext,
  ): Promise<Uint8Array> {
    context.onStep?.({ name: 'request' });
    const started = performance.now();
    let response: GenerateContentResponse;
    try {
      response = await client.models.generateContent({
        model,
        contents: [{ role: 'user', parts }],
        config: {
          responseModalities: ['IMAGE', 'TEXT'],
          imageConfig: { aspectRatio: ASPECT[size] },
          abortSignal: context.signal,
        },
      });
    } catch (error) {
      throw toEngineError(error, context.signal);
    }
    context.onStep?.({ name: 'request', ms: Math.round(performance.now() - started) });
    const blocked = response.promptFeedback?.blockReason;
    const candidate = response.candidates?.[0];
    const finish = String(candidate?.finishReason ?? '');
    if (blocked || /SAFETY|PROHIBITED|BLOCKLIST|SPII/.test(finish)) {
      throw new EngineError('moderation', 'Gemini refused the request (moderation).');
    }
    const image = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData;
    if (!image?.data) throw new EngineError('provider_error', 'Gemini returned no image.');
    return new Uint8Array(Buffer.from(image.data, 'base64'));
  }

  return {
    name: 'gemini',
    async swap(request: SwapRequest, context: GenerationContext = {}): Promise<GenerationResult> {
      const inputs = await imageWork.prepareSwap(request);
      const { width, height } = parseOutputSize(request.size);
      const parts: Part[] = [
        {
          text: `${buildSwapPrompt(inputs.replacements)}\nOnly change the areas outside the white of the third image (a mask); the output is ${width}x${height}.`,
        },
        inline(inputs.template),
        inline(inputs.product),
        inline(await maskAsPicture(inputs.mask)),
      ];
      const edited = await generate(parts, request.size, context);
      throwIfAborted(context.signal);
      const note = notFoundNote(inputs);
      const png = await imageWork.keepTheAd(edited, inputs, request.size);
      return note ? { png, note } : { png };
    },
    async chat(request: ChatRequest, context: GenerationContext = {}): Promise<GenerationResult> {
      validateChat(request);
      const parts: Part[] = [
        { text: chatPrompt(request) },
        ...(request.references ?? []).map((bytes) => inline(bytes)),
      ];
      return { png: await fitToSize(await generate(parts, request.size, context), request.size) };
    },
  };
}

function inline(bytes: Uint8Array): Part {
  return { inlineData: { mimeType: 'image/png', data: Buffer.from(bytes).toString('base64') } };
}

/** Gemini has no mask parameter: the editable area is shown as a black-on-white picture. */
async function maskAsPicture(mask: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(mask).extractChannel(3).png().toBuffer());
}

function toEngineError(error: unknown, signal?: AbortSignal): EngineError {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (signal?.aborted) {
    return new EngineError('timeout', 'The generation was cancelled.', { cause: error });
  }
  if (error instanceof ApiError) {
    if (error.status === 429) {
      return new EngineError('rate_limited', 'Gemini is rate limiting requests.', { cause: error });
    }
    if (error.status === 400) {
      return new EngineError('bad_input', `Gemini rejected the input: ${message}`, {
        cause: error,
      });
    }
    if (error.status === 408 || error.status === 504) {
      return new EngineError('timeout', 'Gemini did not answer in time.', { cause: error });
    }
  }
  if (
    error instanceof Error &&
    (error.name === 'AbortError' || /timed? ?out|aborted/i.test(message))
  ) {
    return new EngineError('timeout', 'Gemini did not answer in time.', { cause: error });
  }
  return new EngineError('provider_error', `Gemini failed: ${message}`, { cause: error });
}
