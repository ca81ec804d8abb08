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

/** Every failure ends as JSON with a status; unknown errors never leak their details. */
export function handleError(error: Error, c: Context, logger: Logger): Response {
  if (error instanceof PublicError) {
    return c.json<ErrorBody>(
      { error: error.message, ...(error.code ? { code: error.code } : {}) },
      error.status,
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
