import { EngineError } from '../engine-error.js';
import type { ImageProvider, ProviderConfig } from '../types.js';
import type { AiImageWork } from './ai-inputs.js';
import { createGeminiProvider } from './gemini-provider.js';
import { createLocalProvider } from './local-provider.js';
import { createOpenAiProvider } from './openai-provider.js';

/**
 * Picks the provider named in the config; `local` when none is named. `imageWork` is where the
 * AI providers do their image work (the engine pool passes its workers).
 */
export function createProvider(
  config: ProviderConfig = {},
  options: { imageWork?: AiImageWork } = {},
): ImageProvider {
  const provider = config.provider ?? 'local';
  if (provider === 'local') return createLocalProvider();
  if (provider === 'openai') {
    if (!config.openai?.apiKey) throw new EngineError('bad_input', 'OpenAI needs an API key.');
    return createOpenAiProvider(config.openai, options.imageWork);
  }
  if (provider === 'gemini') {
    if (!config.gemini?.apiKey) throw new EngineError('bad_input', 'Gemini needs an API key.');
    return createGeminiProvider(config.gemini, options.imageWork);
  }
  throw new EngineError('bad_input', `Unknown provider '${String(provider)}'.`);
}
