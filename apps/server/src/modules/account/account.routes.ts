import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { Auth } from '../auth/auth.js';
import type { AccountService } from './account.service.js';

const deleteAccountRoute = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['profile'],
  summary: 'Deletes the account, its files in every bucket, and signs out',
  responses: {
    200: {
      description: 'Deleted and signed out',
      content: { 'application/json': { schema: z.object({ deleted: z.literal(true) }) } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
    409: {
      description: 'A subscription is still active',
      content: { 'application/json': { schema: ErrorSchema } },
    },
    500: { description: 'Failed', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export function createAccountRoutes(deps: { accounts: AccountService; auth: Auth }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    deleteAccountRoute,
    async (c) => {
      const user = requireUser(c);
      await deps.accounts.deleteAccount(user.id);
      // The sessions went with the user; this clears the browser's cookies.
      const signOut = await deps.auth.api
        .signOut({ headers: c.req.raw.headers, asResponse: true })
        .catch(() => null);
      for (const cookie of signOut?.headers.getSetCookie() ?? [])
        c.header('Set-Cookie', cookie, { append: true });
      return c.json({ deleted: true as const }, 200);
    },
  );
}
