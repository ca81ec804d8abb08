import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  BUG_REPORT_MAX_ATTACHMENT_BYTES,
  BUG_REPORT_MAX_ATTACHMENTS,
  UPLOAD_LIMITS,
} from '@adtwin/shared';
import { PublicError } from './errors.js';

/** Every body not named below: JSON requests and the sign-in forms are small. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Room for a multipart envelope around its files. */
const FORM_OVERHEAD = 64 * 1024;

type LargeBodyRoute = {
  method: string;
  path: RegExp;
  maxBytes: number;
  message: string;
  /** Signed by its sender instead of a session (the Stripe webhook). */
  withoutSession?: boolean;
};

const UPLOAD_TOO_LARGE = 'File too large (max 10MB)';

/** The only routes that take more than DEFAULT_BODY_LIMIT, each with its own bound. */
export const LARGE_BODY_ROUTES: readonly LargeBodyRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/(v1\/)?uploads$/,
    maxBytes: UPLOAD_LIMITS.maxBytes + FORM_OVERHEAD,
    message: UPLOAD_TOO_LARGE,
  },
  {
    method: 'PUT',
    path: /^\/api\/uploads\/[^/]+\/cut-out$/,
    maxBytes: UPLOAD_LIMITS.maxBytes + FORM_OVERHEAD,
    message: UPLOAD_TOO_LARGE,
  },
  {
    method: 'POST',
    path: /^\/api\/my-templates$/,
    maxBytes: UPLOAD_LIMITS.maxBytes + FORM_OVERHEAD,
    message: UPLOAD_TOO_LARGE,
  },
  {
    method: 'POST',
    path: /^\/api\/dev\/designs$/,
    maxBytes: UPLOAD_LIMITS.maxBytes + FORM_OVERHEAD,
    message: UPLOAD_TOO_LARGE,
  },
  {
    method: 'PUT',
    path: /^\/api\/me\/avatar$/,
    maxBytes: AVATAR_MAX_BYTES + FORM_OVERHEAD,
    message: AVATAR_TOO_LARGE,
  },
  {
    method: 'POST',
    path: /^\/api\/bug-reports$/,
    maxBytes: BUG_REPORT_MAX_ATTACHMENTS * BUG_REPORT_MAX_ATTACHMENT_BYTES + 1024 * 1024,
    message: 'The report is too large.',
  },
  {
    method: 'POST',
    path: /^\/api\/billing\/webhook$/,
    maxBytes: 1024 * 1024,
    message: 'Too large',
    withoutSession: true,
  },
];

const refuse = (message: string) => () => {
  throw new PublicError(413, message, 'too_large');
};
const smallBody = bodyLimit({
  maxSize: DEFAULT_BODY_LIMIT,
  onError: refuse('The request is too large.'),
});
const largeBodies = new Map(
  LARGE_BODY_ROUTES.map((route) => [
    route,
    bodyLimit({ maxSize: route.maxBytes, onError: refuse(route.message) }),
  ]),
);

/**
 * Bounds every request body before anything parses it (hono's bodyLimit counts a streamed body
 * too). A route allowed a large body first needs a session, read from the headers alone, so
 * nobody signed out can make the server take in megabytes.
 */
export function limitRequestBodies(options: {
  hasSession: (headers: Headers) => Promise<boolean>;
}): MiddlewareHandler {
  return async (c, next) => {
    const route = LARGE_BODY_ROUTES.find(
      (candidate) => candidate.method === c.req.method && candidate.path.test(c.req.path),
    );
    if (!route) return smallBody(c, next);
    if (!route.withoutSession && !(await options.hasSession(c.req.raw.headers))) {
      throw new PublicError(401, 'You must be signed in', 'unauthenticated');
    }
    return largeBodies.get(route)!(c, next);
  };
}
