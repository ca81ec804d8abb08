import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AUTH_MESSAGES } from '@adtwin/shared';
import type { Logger } from 'pino';

/** An error whose message is safe to show the person who caused it. */
export class PublicError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PublicError';
  }
}

export type ErrorBody = { error: string; code?: string };

/**
 * PostgreSQL codes of a value no text column can hold: a NUL character (22021) or one the
 * database encoding lacks (22P05). Both come from the request, so the request is at fault.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function databaseCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Every failure ends as JSON with a status; unknown errors never leak their details. */
export function handleError(error: Error, c: Context, logger: Logger): Response {
  if (error instanceof PublicError) {
    return c.json<ErrorBody>(
      { error: error.message, ...(error.code ? { code: error.code } : {}) },
      error.status,
    );
  }
  // A malformed percent-encoding in the address (`%25`, `%E0%A4%A`) fails where hono decodes it.
  if (error instanceof URIError) {
    return c.json<ErrorBody>({ error: 'Malformed address', code: 'invalid_request' }, 400);
  }
  if (UNSTORABLE_TEXT_CODES.has(databaseCode(error) ?? '')) {
    return c.json<ErrorBody>(
      { error: 'The request contains characters that cannot be stored', code: 'invalid_request' },
      400,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status >= 500)
      logger.error({ err: error, requestId: c.get('requestId') }, 'request failed');
    return c.json<ErrorBody>(
      { error: error.message || 'Request failed' },
      status as ContentfulStatusCode,
    );
  }
  logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return c.json<ErrorBody>({ error: AUTH_MESSAGES.unexpected }, 500);
}
