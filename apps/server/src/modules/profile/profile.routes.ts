import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import { FileFieldSchema } from '../../http/image-items.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import { ErrorSchema } from '../../http/schemas.js';
import {
  AccountSchema as SharedAccountSchema,
  CreditsSchema as SharedCreditsSchema,
  creditsOfAccount,
  fullNameSchema,
  onboardingSchema,
  ONBOARDING_MESSAGES,
  UserTypeBodySchema,
} from '@adtwin/shared';
import type { ProfileService } from './profile.service.js';

const AccountSchema = SharedAccountSchema.meta({ id: 'Account' });

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

export const OnboardingBodySchema = onboardingSchema.meta({ id: 'OnboardingBody' });

const completeOnboardingRoute = createRoute({
  method: 'put',
  path: '/me/onboarding',
  tags: ['profile'],
  summary: 'Saves the onboarding answers and marks onboarding complete',
  request: {
    body: { required: true, content: { 'application/json': { schema: OnboardingBodySchema } } },
  },
  responses: {
    200: {
      description: 'Saved; the updated account',
      content: { 'application/json': { schema: AccountSchema } },
    },
    400: {
      description: ONBOARDING_MESSAGES.incomplete,
      content: { 'application/json': { schema: ErrorSchema } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

const CreditsSchema = SharedCreditsSchema.meta({ id: 'Credits' });

const getCreditsRoute = createRoute({
  method: 'get',
  path: '/me/credits',
  tags: ['profile'],
  summary: "The signed-in person's credits and plan",
  responses: {
    200: { description: 'Credits', content: { 'application/json': { schema: CreditsSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

const errorReply = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

const updateNameRoute = createRoute({
  method: 'put',
  path: '/me/name',
  tags: ['profile'],
  summary: 'Changes the full name (not empty, no digits)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: fullNameSchema,
        },
      },
    },
  },
  responses: {
    200: { description: 'The account', content: { 'application/json': { schema: AccountSchema } } },
    400: errorReply('Name cannot be empty / Name cannot contain numbers'),
    401: errorReply('Not signed in'),
  },
});

const updateUserTypeRoute = createRoute({
  method: 'put',
  path: '/me/user-type',
  tags: ['profile'],
  summary: 'Changes the user type chosen at onboarding',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: UserTypeBodySchema } },
    },
  },
  responses: {
    200: { description: 'The account', content: { 'application/json': { schema: AccountSchema } } },
    400: errorReply('Unknown user type'),
    401: errorReply('Not signed in'),
  },
});

const AvatarFormSchema = z.object({ file: FileFieldSchema });

const uploadAvatarRoute = createRoute({
  method: 'put',
  path: '/me/avatar',
  tags: ['profile'],
  summary: 'Replaces the avatar (PNG, JPEG or WebP, 5 MB at most); older avatars are removed',
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: AvatarFormSchema } } },
  },
  responses: {
    200: { description: 'The account', content: { 'application/json': { schema: AccountSchema } } },
    400: errorReply('Not a PNG, JPEG or WebP image'),
    401: errorReply('Not signed in'),
    413: errorReply('Too large'),
  },
});

export function createProfileRoutes(deps: { profiles: ProfileService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getMeRoute, async (c) => {
      const user = requireUser(c);
      const account = await deps.profiles.getAccount(user.id);
      if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
      return c.json(account, 200);
    })
    .openapi(getCreditsRoute, async (c) => {
      const user = requireUser(c);
      const account = await deps.profiles.getAccount(user.id);
      if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
      return c.json(creditsOfAccount(account), 200);
    })
    .openapi(completeOnboardingRoute, async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      await deps.profiles.completeOnboarding({ userId: user.id, ...body });
      const account = await deps.profiles.getAccount(user.id);
      if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
      return c.json(account, 200);
    })
    .openapi(updateNameRoute, async (c) => {
      const user = requireUser(c);
      await deps.profiles.updateFullName(user.id, c.req.valid('json').fullName);
      const account = await deps.profiles.getAccount(user.id);
      if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
      return c.json(account, 200);
    })
    .openapi(updateUserTypeRoute, async (c) => {
      const user = requireUser(c);
      await deps.profiles.updateUserType(user.id, c.req.valid('json').userType);
      const account = await deps.profiles.getAccount(user.id);
      if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
      return c.json(account, 200);
    })
    .openapi(uploadAvatarRoute, async (c) => {
      const user = requireUser(c);
      const { file } = c.req.valid('form');
      await deps.profiles.replaceAvatar(user.id, new Uint8Array(await file.arrayBuffer()));
      const account = await deps.profiles.getAccount(user.id);
      if (!account) return c.json({ error: 'You must be signed in', code: 'unauthenticated' }, 401);
      return c.json(account, 200);
    });
}
