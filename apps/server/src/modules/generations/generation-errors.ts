import { EngineError } from '@adtwin/engine';
import { GENERATION_MESSAGES } from '@adtwin/shared';

export type GenerationFailure = { code: string; title: string; message: string };

/** The image was made but could not be stored or recorded (disk full, database gone). */
export class ResultSaveError extends Error {
  constructor(options: { cause: unknown }) {
    super(GENERATION_MESSAGES.saveFailed, options);
    this.name = 'ResultSaveError';
  }
}

/** The dialog title for a failure code: the spec names timeouts and rate limits apart. */
export function failureTitle(code: string): string {
  if (code === 'timeout') return GENERATION_MESSAGES.timeoutTitle;
  if (code === 'rate_limited') return GENERATION_MESSAGES.tooManyTitle;
  return GENERATION_MESSAGES.failedTitle;
}

/** Maps what went wrong to the spec's titles and texts; unknown errors never leak their details. */
export function describeGenerationFailure(error: unknown): GenerationFailure {
  if (error instanceof ResultSaveError) {
    return {
      code: 'save_failed',
      title: GENERATION_MESSAGES.failedTitle,
      message: GENERATION_MESSAGES.saveFailed,
    };
  }
  if (error instanceof EngineError) {
    switch (error.code) {
      case 'timeout':
        return {
          code: 'timeout',
          title: failureTitle('timeout'),
          message: GENERATION_MESSAGES.timeoutText,
        };
      case 'rate_limited':
        return {
          code: 'rate_limited',
          title: failureTitle('rate_limited'),
          message: GENERATION_MESSAGES.tooManyText,
        };
      case 'moderation':
      case 'bad_input':
        return { code: error.code, title: GENERATION_MESSAGES.failedTitle, message: error.message };
      default:
        return {
          code: 'provider_error',
          title: GENERATION_MESSAGES.failedTitle,
          message: error.message || 'Failed to generate image',
        };
    }
  }
  return {
    code: 'internal',
    title: GENERATION_MESSAGES.failedTitle,
    message: 'Failed to generate image',
  };
}
