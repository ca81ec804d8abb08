import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../modules/auth/auth.js';
import type { AppEnv, SessionUser } from './app-env.js';
import { PublicError } from './errors.js';

/** Reads the session cookie once per request; handlers see `user` or null. */
export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppEnv> {
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
