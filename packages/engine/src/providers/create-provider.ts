import { EngineError } from '../engine-error.js';
import type { ImageProvider, ProviderConfig } from '../types.js';
import { createGeminiProvider } from './gemini-provider.js';
import { createLocalProvider } from './local-provider.js';
import { createOpenAiProvider } from './openai-provider.js';

/** Picks the provider named in the config; `local` when none is named. */
export function createProvider(config: ProviderConfig = {}): ImageProvider {
  const provider = config.provider ?? 'local';
  if (provider === 'local') return createLocalProvider();
  if (provider === 'openai') {
    if (!config.openai?.apiKey) throw new EngineError('bad_input', 'OpenAI needs an API key.');
    return createOpenAiProvider(config.openai);
  }
  if (provider === 'gemini') {
    if (!config.gemini?.apiKey) throw new EngineError('bad_input', 'Gemini needs an API key.');
    return createGeminiProvider(config.gemini);
  }
  throw new EngineError('bad_input', `Unknown provider '${String(provider)}'.`);
}
