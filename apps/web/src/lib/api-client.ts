import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ResponseFormat } from 'hono/types';
import type { ApiRoutes } from '@adtwin/server/api-types';

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

/** Resolves a typed reply's JSON, or throws ApiError with the server's message. */
export async function readJson<R extends ClientResponse<unknown, number, ResponseFormat>>(
  response: Promise<R>,
): Promise<SuccessBody<R>> {
  const res = await response;
  const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
  if (!res.ok)
    throw new ApiError(res.status, body.error ?? `Request failed (${res.status})`, body.code);
  return body as SuccessBody<R>;
}
