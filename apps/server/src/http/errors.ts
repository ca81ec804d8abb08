import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AUTH_MESSAGES, type ErrorBody } from '@adtwin/shared';
import type { Logger } from 'pino';
import { DomainError, type DomainErrorKind } from '../domain-error.js';

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

/** The one place a domain error's kind becomes an HTTP status. */
const STATUS_BY_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many: 429,
  failed: 500,
  provider_failed: 502,
  unavailable: 503,
};

function statusOfDomainError(error: DomainError): ContentfulStatusCode {
  return STATUS_BY_KIND[error.kind];
}

/** The public API's routes, whose errors have their own stable shape (see errorResponse). */
export const PUBLIC_API_PREFIX = '/api/v1/';

const CODE_BY_STATUS: Partial<Record<number, string>> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal',
};

/**
 * An error answer. The app's own routes answer `{ error, code? }`, as the web client reads them;
 * the public API answers `{ error: { code, message } }` with a code always present, so scripts can
 * branch on the code and show the message.
 */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  code?: string,
): Response {
  if (c.req.path.startsWith(PUBLIC_API_PREFIX)) {
    return c.json({ error: { code: code ?? CODE_BY_STATUS[status] ?? 'error', message } }, status);
  }
  return c.json<ErrorBody>({ error: message, ...(code ? { code } : {}) }, status);
}

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
  if (error instanceof PublicError)
    return errorResponse(c, error.status, error.message, error.code);
  if (error instanceof DomainError)
    return errorResponse(c, statusOfDomainError(error), error.message, error.code);
  // A malformed percent-encoding in the address (`%25`, `%E0%A4%A`) fails where hono decodes it.
  if (error instanceof URIError) {
    return errorResponse(c, 400, 'Malformed address', 'invalid_request');
  }
  if (UNSTORABLE_TEXT_CODES.has(databaseCode(error) ?? '')) {
    return errorResponse(
      c,
      400,
      'The request contains characters that cannot be stored',
      'invalid_request',
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status >= 500)
      logger.error({ err: error, requestId: c.get('requestId') }, 'request failed');
    return errorResponse(c, status as ContentfulStatusCode, error.message || 'Request failed');
  }
  logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return errorResponse(c, 500, AUTH_MESSAGES.unexpected);
}
