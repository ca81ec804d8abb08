import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  newPasswordField,
  PRODUCT_NAME,
  signUpSchema,
} from '@adtwin/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { authAccounts, authSessions, authUsers, authVerifications } from '../../db/schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimits } from '../../platform/ratelimit/rate-limits.js';
import { ACCOUNT_LOCKED_MESSAGE, createAccountThrottle } from './account-throttle.js';
import { resetPasswordMail, verificationMail } from './auth.mails.js';
import { isEmailRegistered } from './auth.queries.js';
import { CLIENT_IP_HEADER } from '../../http/client-ip.js';
import { describeIssue } from '../../http/validation.js';

export type AuthOptions = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  /** Public address of the app: links in mails and OAuth callbacks start with it. */
  baseUrl: string;
  /** Pages allowed to call the auth routes, decided per request (see http/origins.ts). */
  trustedOrigins: (request: Request | undefined) => string[];
  google: { clientId: string; clientSecret: string } | undefined;
  /** Shared limits; the per-address ones are applied in front of these routes (auth-rate-limit.ts). */
  rateLimits: RateLimits;
  /** Called once for each new auth user, to create the spec's profile row. */
  onUserCreated: (userId: string) => Promise<unknown>;
};

/** Paths whose body carries a new password that must follow the signup rules. */
const NEW_PASSWORD_FIELDS: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

const signUpIdentitySchema = signUpSchema.pick({ email: true, name: true });

function readField(body: unknown, field: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

export function createAuth(options: AuthOptions) {
  const { mailer, logger } = options;
  const accountThrottle = createAccountThrottle(options.rateLimits);
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      async sendResetPassword({ user, url }) {
        await mailer.send({ to: user.email, ...resetPasswordMail({ name: user.name, url }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in to an unverified account mails a fresh link (the old one may have expired).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({ to: user.email, ...verificationMail({ name: user.name, url }) });
      },
    },
    socialProviders: options.google
      ? {
          google: {
            clientId: options.google.clientId,
            clientSecret: options.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    account: {
      // A Google sign-in may join an existing account only when that account's e-mail is verified
      // (better-auth's default requireLocalEmailVerified stays on).
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Limits are counted by our own limiter (memory or Redis, shared by every API process) in
    // front of the auth routes; better-auth's would count in each process apart.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: 'adtwin',
      // better-auth relaxes these when NODE_ENV is 'test'; tests must see production behaviour.
      useSecureCookies: options.baseUrl.startsWith('https://'),
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // Runs after the user row is committed; a failure here must not fail the sign-up,
          // because the profile is also created on first read (ensureProfile).
          after: async (user) => {
            await options.onUserCreated(user.id).catch((error: unknown) => {
              logger.error(
                { err: error, userId: user.id },
                'profile creation after sign-up failed',
              );
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const email = readField(ctx.body, 'email');
          const name = readField(ctx.body, 'name');
          // The sign-up form's own schema; the password is checked below with the other paths.
          const checked = signUpIdentitySchema.safeParse({
            email: typeof email === 'string' ? email.trim() : email,
            name,
          });
          const issue = checked.error?.issues[0];
          if (issue?.path[0] === 'email') {
            throw new APIError('BAD_REQUEST', {
              message: AUTH_MESSAGES.invalidEmail,
              code: 'INVALID_EMAIL',
            });
          }
          if (issue || typeof email !== 'string') {
            // Plain words naming the field, like every other route ("Name can be at most 200
            // characters."); the form's own rules keep their spec text (custom issues).
            throw new APIError('BAD_REQUEST', {
              message: issue ? describeIssue(issue) : AUTH_MESSAGES.invalidEmail,
              code: 'INVALID_NAME',
            });
          }
          // The spec tells a person their e-mail is taken ('Email already registered'), so a
          // duplicate is refused outright instead of better-auth's silent generic success.
          if (await isEmailRegistered(options.db, email.trim())) {
            throw new APIError('UNPROCESSABLE_ENTITY', {
              message: AUTH_MESSAGES.emailAlreadyRegistered,
              code: 'USER_ALREADY_EXISTS',
            });
          }
        }
        if (ctx.path === '/request-password-reset') {
          const checked = forgotPasswordSchema.safeParse({ email: readField(ctx.body, 'email') });
          if (checked.error) {
            throw new APIError('BAD_REQUEST', {
              message: checked.error.issues[0]?.message ?? AUTH_MESSAGES.invalidEmail,
              code: 'INVALID_EMAIL',
            });
          }
        }
        if (ctx.path === '/sign-in/email') {
          const email = readField(ctx.body, 'email');
          if (typeof email === 'string' && (await accountThrottle.isLocked(email))) {
            throw new APIError('TOO_MANY_REQUESTS', {
              message: ACCOUNT_LOCKED_MESSAGE,
              code: 'ACCOUNT_LOCKED',
            });
          }
        }
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (field) {
          const password = readField(ctx.body, field);
          const checked = newPasswordField.safeParse(typeof password === 'string' ? password : '');
          const passwordIssue = checked.error?.issues[0];
          if (passwordIssue) {
            // The field is checked alone, so its issue has no path: name it for the message
            // ("Password can be at most 128 characters.", "New password ...").
            throw new APIError('BAD_REQUEST', {
              message: describeIssue({ ...passwordIssue, path: [field] }),
              code: 'WEAK_PASSWORD',
            });
          }
        }
        if (ctx.path === '/change-password') {
          // A changed password ends every other session, whatever the client asked for.
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const email = readField(ctx.body, 'email');
        if (typeof email !== 'string') return;
        const returned = ctx.context.returned;
        if (returned instanceof APIError && returned.statusCode === 401)
          await accountThrottle.recordFailure(email);
        else if (!(returned instanceof APIError)) await accountThrottle.clear(email);
      }),
    },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
