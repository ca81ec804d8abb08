/**
 * What went wrong, in the domain's terms. Services and platform adapters raise it; the HTTP layer
 * alone turns a kind into a status (http/errors.ts), so no service knows it is behind HTTP.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many'
  | 'failed'
  | 'provider_failed'
  | 'unavailable';

/** An error whose message is safe to show the person who caused it. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** A stable code for clients to branch on. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
