import { createAuthClient } from 'better-auth/react';

/** better-auth's client: loaded through `loadAuthClient` (auth-client.ts), never imported directly. */
export const authClient = createAuthClient({ basePath: '/api/auth' });
