import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ReadSession, SessionUser } from './app-env.js';
import { PublicError } from './errors.js';

/** What the middleware needs of the auth module (better-auth's api): the request's session. */
export type SessionReader = {
  api: {
    getSession(options: { headers: Headers }): Promise<ReadSession | null>;
  };
};

/**
 * Reads the session cookie once per request; handlers see `user` or null. A request the server
 * makes to its own API while drawing a page carries the session it has already read for that
 * page, with the same cookies (c.env, set only in-process), and takes it as it is.
 */
export function sessionMiddleware(auth: SessionReader): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const drawn = (c.env as AppEnv['Bindings'] | undefined)?.drawnPageSession;
    const session =
      drawn !== undefined
        ? drawn
        : await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    c.set('user', (session?.user as SessionUser | undefined) ?? null);
    c.set('sessionId', session?.session.id ?? null);
    await next();
  };
}

/** The signed-in user, or a 401 reply. */
export function requireUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw new PublicError(401, 'You must be signed in', 'unauthenticated');
  return user;
}
