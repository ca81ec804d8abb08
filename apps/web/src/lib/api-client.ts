import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ResponseFormat } from 'hono/types';
import type { ApiRoutes } from '@adtwin/server/api-types';
import type { ErrorBody } from '@adtwin/shared';

/** Typed client of the JSON API, built from the server's route schemas. */
export const api = hc<ApiRoutes>('/api');

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The body type of the successful replies among a route's possible replies. */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _Format>
    ? S extends SuccessStatusCode
      ? T
      : never
    : never;

/** An error reply as read: the server's ErrorBody, or nothing of it when a proxy answered. */
type ErrorReply = Partial<ErrorBody>;

function failure(res: Pick<Response, 'status'>, body: ErrorReply | undefined) {
  return new ApiError(res.status, body?.error ?? `Request failed (${res.status})`, body?.code);
}

/** Resolves a typed reply's JSON, or throws ApiError with the server's message. */
export async function readJson<R extends ClientResponse<unknown, number, ResponseFormat>>(
  response: Promise<R>,
): Promise<SuccessBody<R>> {
  const res = await response;
  const body = (await res.json().catch(() => ({}))) as ErrorReply;
  if (!res.ok) throw failure(res, body);
  return body as SuccessBody<R>;
}

/**
 * The id of a job the server accepted (202). The reply names the job in `Location`, which arrives
 * before the body: when the connection drops in between (a restart, a lost network), the page still
 * knows which job it started and follows it instead of losing it (and its credit) from view.
 */
export async function readAccepted(
  response: Promise<Pick<Response, 'ok' | 'status' | 'headers' | 'json'>>,
): Promise<{ id: string }> {
  const res = await response;
  const body = (await res.json().catch(() => undefined)) as
    (ErrorReply & { id?: unknown }) | undefined;
  if (!res.ok) throw failure(res, body);
  if (typeof body?.id === 'string') return { id: body.id };
  const id = /\/api\/generations\/([^/?#]+)$/.exec(res.headers.get('Location') ?? '')?.[1];
  if (id) return { id: decodeURIComponent(id) };
  throw new ApiError(res.status, `Request failed (${res.status})`);
}
