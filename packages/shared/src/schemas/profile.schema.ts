import { z } from 'zod';
import { USER_TYPES } from '../limits.js';

/** PUT /api/me/user-type (Settings' user type dialog). */
export const UserTypeBodySchema = z.object({ userType: z.enum(USER_TYPES) });

/** The signed-in person as GET /api/me answers: the auth user and the profile record. */
export const AccountSchema = z.object({
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
});
export type Account = z.infer<typeof AccountSchema>;

/** GET /api/me/credits: the account's credits and plan alone, refreshed after each generation. */
export const CreditsSchema = AccountSchema.shape.profile.pick({
  credits: true,
  creditsUsed: true,
  subscriptionTier: true,
});
export type Credits = z.infer<typeof CreditsSchema>;

/** An account's credits and plan, exactly as GET /api/me/credits answers for that account. */
export function creditsOfAccount(account: Account): Credits {
  const { credits, creditsUsed, subscriptionTier } = account.profile;
  return { credits, creditsUsed, subscriptionTier };
}

/** GET /api/client-config: which sign-in methods this server offers, and the free images. */
export const ClientConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** Images a new account may make for free (once, not per period). */
  freeCredits: z.number().int(),
});
