import type { authClient as authClientInstance } from './auth-client-instance';

type AuthClient = typeof authClientInstance;

let authClient: Promise<AuthClient> | undefined;

/**
 * better-auth's client (about 11 KB compressed) is needed only when someone signs in, up or out or
 * asks for a reset: it loads then, once, instead of with every page that shows such a button.
 */
export function loadAuthClient(): Promise<AuthClient> {
  authClient ??= import('./auth-client-instance').then((module) => module.authClient);
  return authClient;
}
