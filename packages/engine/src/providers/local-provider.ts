import { EngineError } from '../engine-error.js';
import { encodeSaliency } from '../ml/isnet-model.js';
import { composeSwap } from '../pipeline/compose-swap.js';
import type { ChatRequest, GenerationContext, ImageProvider } from '../types.js';
import { composeChat } from './local-chat.js';

export const MAX_REFERENCES = 3;

/** The embedded engine: no key, no network. */
export function createLocalProvider(): ImageProvider {
  return {
    name: 'local',
    async swap(request, context) {
      const outcome = await composeSwap(request, context);
      const listed = (reason: 'not-found' | 'outside-frame') =>
        outcome.wordChanges
          .filter((change) => change.skipped === reason)
          .map((change) => `'${change.replacement.toReplace}'`)
          .join(', ');
      const notes = [
        listed('not-found') && `Not found in the template: ${listed('not-found')}.`,
        listed('outside-frame') &&
          `Cut off by the ${request.size} frame, so not replaced: ${listed('outside-frame')}.`,
      ].filter(Boolean);
      const note = notes.length ? notes.join(' ') : undefined;
      return {
        png: outcome.png,
        note,
        frame: { crop: outcome.frame.crop },
        ...(outcome.templateSaliency
          ? { templateSaliency: await encodeSaliency(outcome.templateSaliency) }
          : {}),
      };
    },
    async chat(request: ChatRequest, context: GenerationContext = {}) {
      validateChat(request);
      context.onStep?.({ name: 'compose' });
      const started = performance.now();
      const result = await composeChat(request);
      context.onStep?.({ name: 'compose', ms: Math.round(performance.now() - started) });
      return result;
    },
  };
}

/** What an image-only chat message asks for: the spec lets a person send images without words. */
export const IMAGES_ONLY_PROMPT =
  'A clean, photorealistic product advertisement featuring the attached images.';

/** The prompt to send: the person's words, or IMAGES_ONLY_PROMPT for a message of images alone. */
export function chatPrompt(request: ChatRequest): string {
  return request.prompt.trim() || IMAGES_ONLY_PROMPT;
}

export function validateChat(request: ChatRequest): void {
  if (!request.prompt.trim() && (request.references ?? []).length === 0) {
    throw new EngineError('bad_input', 'The prompt is empty.');
  }
  if ((request.references ?? []).length > MAX_REFERENCES) {
    throw new EngineError('bad_input', `At most ${MAX_REFERENCES} reference images are allowed.`);
  }
}
