import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import { ErrorSchema } from '../../http/schemas.js';
import type { ProfileService } from './profile.service.js';

export const AccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    profile: z.object({
      userType: z.string().nullable(),
      source: z.string().nullable(),
      onboardingCompleted: z.boolean(),
      subscriptionTier: z.string(),
      credits: z.number().int(),
      creditsUsed: z.number().int(),
    }),
  })
  .openapi('Account');

const getMeRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['profile'],
  summary: 'The signed-in person: auth user and profile record',
  responses: {
    200: { description: 'The account', content: { 'application/json': { schema: AccountSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export function createProfileRoutes(deps: { profiles: ProfileService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(getMeRoute, async (c) => {
    const user = requireUser(c);
    const account = await deps.profiles.getAccount(user.id);
    if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
    return c.json(account, 200);
  });
}
