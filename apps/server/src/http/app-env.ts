import type { RequestIdVariables } from 'hono/request-id';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
};

/** Variables every request carries through the middleware chain. */
export type AppEnv = {
  Variables: RequestIdVariables & { user: SessionUser | null; sessionId: string | null };
};
