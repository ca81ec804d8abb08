import type { RequestIdVariables } from 'hono/request-id';
import type { SecureHeadersVariables } from 'hono/secure-headers';

/** Who a valid API key acts for: its owner, as a session would name them. */
export type KeyHolder = { keyId: string; userId: string; user: SessionUser };

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
};

/** Variables every request carries through the middleware chain. */
export type AppEnv = {
  Variables: RequestIdVariables &
    SecureHeadersVariables & {
      user: SessionUser | null;
      sessionId: string | null;
      /** The API key a public-API request came with (see requireApiKey). */
      apiKey?: KeyHolder | undefined;
    };
};
