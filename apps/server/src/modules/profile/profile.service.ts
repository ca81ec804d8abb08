import {
  type Account,
  AVATAR_LIST_LIMIT,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  SETTINGS_MESSAGES,
  SIGNED_URL_TTL,
  type Source,
  type UserType,
  resolveSource,
  validateFullName,
} from '@adtwin/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import { decodeImage } from '../../platform/images/validate-image.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import {
  insertProfileIfMissing,
  replaceAvatarRecord,
  selectAccount,
  updateFullName,
  updateUserType,
  upsertOnboarding,
} from './profile.queries.js';

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
  logger?: Logger;
  /**
   * Ends a cancelled subscription whose period is over (the billing service's settle), so the
   * account never shows a plan that has already ended: the same settle readTier runs.
   */
  settleSubscription: (userId: string) => Promise<void>;
}) {
  return {
    /** Called when an auth user is created; also repairs a profile missed by a crash. */
    ensureProfile(userId: string) {
      return insertProfileIfMissing(deps.db, { userId, freeCredits: deps.freeCredits });
    },

    async getAccount(userId: string): Promise<Account | null> {
      await deps.settleSubscription(userId);
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
        throw new DomainError('invalid', 'Please complete all steps.', 'onboarding_incomplete');
      await upsertOnboarding(deps.db, {
        userId: options.userId,
        userType: options.userType,
        source,
        freeCredits: deps.freeCredits,
      });
    },

    /** Settings' Full Name: the same rule as the form (not empty, no digits), trimmed. */
    async updateFullName(userId: string, fullName: string) {
      const problem = validateFullName(fullName);
      if (problem) throw new DomainError('invalid', problem, 'invalid_name');
      await updateFullName(deps.db, userId, fullName.trim().replace(/\s+/g, ' '));
    },

    async updateUserType(userId: string, userType: UserType) {
      const updated = await updateUserType(deps.db, userId, userType);
      if (!updated)
        throw new DomainError('not_found', SETTINGS_MESSAGES.userTypeFailed, 'no_profile');
    },

    /**
     * A new avatar: png, jpeg or webp by its bytes, stored as `{user}/avatar-{timestamp}.{ext}`;
     * the person's older avatars are removed once the new one is in place.
     */
    async replaceAvatar(userId: string, bytes: Uint8Array) {
      if (bytes.byteLength > AVATAR_MAX_BYTES)
        throw new DomainError('too_large', AVATAR_TOO_LARGE, 'avatar_too_large');
      const { type, extension } = await decodeImage(
        bytes,
        () => new DomainError('invalid', SETTINGS_MESSAGES.uploadTypes, 'unsupported_type'),
      );
      const key = `${userId}/avatar-${Date.now()}.${extension}`;
      await deps.storage.put({
        bucket: 'avatars',
        key,
        body: Buffer.from(bytes),
        contentType: type,
      });
      await replaceAvatarRecord(deps.db, {
        userId,
        key,
        contentType: type,
        size: bytes.byteLength,
      });
      const old = (await deps.storage.list('avatars', `${userId}/`))
        .filter((existing) => existing !== key)
        .slice(0, AVATAR_LIST_LIMIT);
      for (const oldKey of old) {
        await deps.storage.delete('avatars', oldKey).catch((error: unknown) => {
          deps.logger?.warn({ err: error, key: oldKey }, 'old avatar not removed');
        });
      }
      return resolveAvatarUrl(deps.storage, key);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
