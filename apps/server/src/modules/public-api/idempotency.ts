import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { API_KEY_MESSAGES } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import type { AppEnv } from '../../http/app-env.js';
import { errorResponse } from '../../http/errors.js';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotentRequests,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
} from './idempotency.queries.js';

/** Printable ASCII, as Stripe accepts; long enough for a UUID with a prefix. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers a replayed answer carries again. */
const REPLAYED_HEADERS = ['content-type', 'location'];
/** Expired keys are swept at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * `Idempotency-Key` on a POST: the first answer is stored with the key; a retry with the same key
 * and the same request gets that answer again (with `Idempotent-Replayed: true`) and does nothing,
 * so it never charges twice. The same key with another request is refused (422); one still being
 * answered is refused (409). Answers that ask for a retry (429, 5xx) are not kept.
 */
export function idempotency(db: Database): MiddlewareHandler<AppEnv> {
  let lastSweep = 0;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || key === undefined) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return errorResponse(
        c,
        400,
        'Idempotency-Key must be 1 to 255 printable characters.',
        'invalid_request',
      );
    }
    const apiKeyId = c.get('apiKey')!.keyId;
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await deleteExpiredIdempotentRequests(db);
    }
    // Read once here; hono keeps the bytes for the route's own parsing.
    const body = new Uint8Array(await c.req.arrayBuffer());
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(body)
      .digest('hex');
    const claim = await claimIdempotencyKey(db, { apiKeyId, key, requestHash });
    if (!claim.claimed) {
      const existing = claim.existing;
      if (existing && existing.requestHash !== requestHash)
        return errorResponse(
          c,
          422,
          API_KEY_MESSAGES.idempotencyKeyReused,
          'idempotency_key_reused',
        );
      if (!existing || existing.status === null)
        return errorResponse(
          c,
          409,
          API_KEY_MESSAGES.idempotencyInProgress,
          'idempotency_in_progress',
        );
      const headers = new Headers(existing.headers as Record<string, string>);
      headers.set('Idempotent-Replayed', 'true');
      return new Response(existing.body, { status: existing.status, headers });
    }
    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db, { apiKeyId, key });
      throw error;
    }
    const status = c.res.status;
    const isFinal = status < 500 && status !== 429 && status !== 409;
    const contentType = c.res.headers.get('content-type') ?? '';
    if (!isFinal || !contentType.startsWith('application/json')) {
      await releaseIdempotencyKey(db, { apiKeyId, key });
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = c.res.headers.get(name);
      if (value) headers[name] = value;
    }
    await saveIdempotentAnswer(db, {
      apiKeyId,
      key,
      status,
      headers,
      body: await c.res.clone().text(),
    });
  };
}
