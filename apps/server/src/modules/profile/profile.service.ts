import { SIGNED_URL_TTL, type Source, type UserType, resolveSource } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { PublicError } from '../../http/errors.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { insertProfileIfMissing, selectAccount, upsertOnboarding } from './profile.queries.js';

export type Account = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  profile: {
    userType: string | null;
    source: string | null;
    onboardingCompleted: boolean;
    subscriptionTier: string;
    credits: number;
    creditsUsed: number;
  };
};

/** avatar_url is a web address or a key in the avatars bucket; the browser gets a signed URL. */
async function resolveAvatarUrl(
  storage: ObjectStorage,
  image: string | null,
): Promise<string | null> {
  if (!image) return null;
  if (/^https?:\/\//.test(image)) return image;
  try {
    return await storage.createUrl('avatars', image, SIGNED_URL_TTL.avatars);
  } catch {
    return null; // the spec's fallback: no avatar
  }
}

export function createProfileService(deps: {
  db: Database;
  storage: ObjectStorage;
  freeCredits: number;
}) {
  return {
    /** Called when an auth user is created; also repairs a profile missed by a crash. */
    ensureProfile(userId: string) {
      return insertProfileIfMissing(deps.db, { userId, freeCredits: deps.freeCredits });
    },

    async getAccount(userId: string): Promise<Account | null> {
      let row = await selectAccount(deps.db, userId);
      if (row && !row.profile) {
        await insertProfileIfMissing(deps.db, { userId, freeCredits: deps.freeCredits });
        row = await selectAccount(deps.db, userId);
      }
      if (!row?.profile) return null;
      const p = row.profile;
      return {
        id: row.id,
        email: row.email,
        fullName: row.name,
        avatarUrl: await resolveAvatarUrl(deps.storage, row.image),
        profile: {
          userType: p.userType,
          source: p.source,
          onboardingCompleted: p.onboardingCompleted,
          subscriptionTier: p.subscriptionTier,
          credits: p.credits,
          creditsUsed: p.creditsUsed,
        },
      };
    },

    async completeOnboarding(options: {
      userId: string;
      userType: UserType;
      source: Source;
      sourceOther: string;
    }) {
      const source = resolveSource(options.source, options.sourceOther);
      if (!source)
        throw new PublicError(400, 'Please complete all steps.', 'onboarding_incomplete');
      await upsertOnboarding(deps.db, {
        userId: options.userId,
        userType: options.userType,
        source,
        freeCredits: deps.freeCredits,
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
