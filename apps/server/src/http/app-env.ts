import type { RequestIdVariables } from 'hono/request-id';
import type { SecureHeadersVariables } from 'hono/secure-headers';
import type { TimingVariables } from 'hono/timing';

/** Who a valid API key acts for: its owner, as a session would name them. */
export type KeyHolder = { keyId: string; userId: string; user: SessionUser };

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
};

/** A session as better-auth's getSession answers it, reduced to what the server reads. */
export type ReadSession = { user: object; session: { id: string } };

/**
 * Variables every request carries through the middleware chain. Bindings come from the Node
 * adapter, or from the server itself for the requests it makes to its own API (never from a
 * request's headers or body).
 */
export type AppEnv = {
  Bindings: {
    /**
     * The session the server already read for the page it is drawing (prerendered-pages.ts): its
     * requests to its own API, made with the same cookies, take it instead of reading it again.
     */
    drawnPageSession?: ReadSession | null;
  };
  Variables: RequestIdVariables &
    SecureHeadersVariables &
    Partial<TimingVariables> & {
      user: SessionUser | null;
      sessionId: string | null;
      /** The API key a public-API request came with (see requireApiKey). */
      apiKey?: KeyHolder | undefined;
    };
};
