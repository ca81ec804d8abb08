import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authUsers, authVerifications } from '../../db/schema.js';
import type { AppEnv } from '../../http/app-env.js';
import { ErrorSchema } from '../../http/schemas.js';
import { validationHook } from '../../http/validation.js';
import { APIError } from 'better-auth/api';
import {
  ClientConfigSchema as SharedClientConfigSchema,
  resetPasswordSchema,
} from '@adtwin/shared';
import type { Auth } from './auth.js';

const ClientConfigSchema = SharedClientConfigSchema.meta({ id: 'ClientConfig' });

const clientConfigRoute = createRoute({
  method: 'get',
  path: '/client-config',
  tags: ['auth'],
  summary: 'Which sign-in methods this server offers, and the free images a new account gets',
  responses: {
    200: {
      description: 'Options',
      content: { 'application/json': { schema: ClientConfigSchema } },
    },
  },
});

const ResetBodySchema = resetPasswordSchema.meta({ id: 'ResetPasswordBody' });

const resetAndSignInRoute = createRoute({
  method: 'post',
  path: '/password/reset',
  tags: ['auth'],
  summary: 'Sets a new password from a reset link and signs the person in',
  request: {
    body: { required: true, content: { 'application/json': { schema: ResetBodySchema } } },
  },
  responses: {
    200: {
      description: 'Password replaced; session cookie set',
      content: { 'application/json': { schema: z.object({ signedIn: z.boolean() }) } },
    },
    400: {
      description: 'Weak password, or an invalid or expired link',
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
});

export function createAuthRoutes(deps: {
  auth: Auth;
  db: Database;
  googleSignIn: boolean;
  freeCredits: number;
}) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(clientConfigRoute, (c) =>
      c.json({ googleSignIn: deps.googleSignIn, freeCredits: deps.freeCredits }, 200),
    )
    .openapi(resetAndSignInRoute, async (c) => {
      const { token, newPassword } = c.req.valid('json');
      // better-auth keeps the reset token as `reset-password:<token>` whose value is the user id.
      const [verification] = await deps.db
        .select({ userId: authVerifications.value })
        .from(authVerifications)
        .where(eq(authVerifications.identifier, `reset-password:${token}`))
        .limit(1);
      try {
        await deps.auth.api.resetPassword({
          body: { token, newPassword },
          headers: c.req.raw.headers,
        });
      } catch (error) {
        // Our password rule (a before hook) and better-auth's token checks both throw APIError.
        if (error instanceof APIError) {
          return c.json(
            { error: error.body?.message ?? 'Invalid or expired link', code: error.body?.code },
            400,
          );
        }
        throw error;
      }
      const [user] = verification
        ? await deps.db
            .update(authUsers)
            // Opening the mailed link proves the mailbox, as a verification link would.
            .set({ emailVerified: true })
            .where(eq(authUsers.id, verification.userId))
            .returning({ email: authUsers.email })
        : [];
      if (!user) return c.json({ signedIn: false }, 200);
      const signIn = await deps.auth.api.signInEmail({
        body: { email: user.email, password: newPassword },
        headers: c.req.raw.headers,
        asResponse: true,
      });
      for (const cookie of signIn.headers.getSetCookie())
        c.header('Set-Cookie', cookie, { append: true });
      return c.json({ signedIn: signIn.ok }, 200);
    });
}
