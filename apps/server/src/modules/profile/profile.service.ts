import type { Database } from '../../db/client.js';
import { insertProfileIfMissing, selectAccount } from './profile.queries.js';

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

export function createProfileService(deps: { db: Database; freeCredits: number }) {
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
        avatarUrl: row.image,
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
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
