import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from './app-env.js';
import { PublicError } from './errors.js';

/** What the middleware needs of the auth module (better-auth's api): the request's session. */
export type SessionReader = {
  api: {
    getSession(options: {
      headers: Headers;
    }): Promise<{ user: object; session: { id: string } } | null>;
  };
};

/** Reads the session cookie once per request; handlers see `user` or null. */
export function sessionMiddleware(auth: SessionReader): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
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
