export type EngineErrorCode =
  'timeout' | 'rate_limited' | 'moderation' | 'bad_input' | 'provider_error';

/** The one error the engine throws; the app maps `code` to the spec's texts. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}

/** Cancellation is reported like a timeout: the caller stopped waiting. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('timeout', 'The generation was cancelled.');
}
