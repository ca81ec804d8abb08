export type {
  Box,
  ChatRequest,
  GeminiConfig,
  GenerationContext,
  GenerationResult,
  GenerationStep,
  ImageProvider,
  OpenAiConfig,
  OutputSize,
  ProductCutOut,
  ProductMask,
  RecordedText,
  ProviderConfig,
  SwapRequest,
  TemplateAnalysis,
  TemplateWord,
  TextReplacement,
} from './types.js';
export { EngineError, type EngineErrorCode } from './engine-error.js';
export { cutOutProduct } from './pipeline/cut-out-product.js';
export { analyzeTemplate } from './analyze-template.js';
export { createProvider } from './providers/create-provider.js';
export { DEFAULT_OPENAI_MODEL } from './providers/openai-provider.js';
export { DEFAULT_GEMINI_MODEL } from './providers/gemini-provider.js';
export { createEnginePool, type EnginePool, type EnginePoolOptions } from './pool/engine-pool.js';
export { warmUp, type WarmUpStep } from './warm-up.js';
export { closeEngine } from './close-engine.js';
export { hugePagesWarning } from './ml/huge-pages.js';
