import { BUCKETS, DELETE_ACCOUNT_MESSAGES, isPaidTier } from '@adtwin/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { deleteUserRows, selectOwnedFiles } from './account.queries.js';

/** Folders holding a person's files: their id in every bucket, and their community folder. */
export function userPrefixes(userId: string) {
  return [
    ...BUCKETS.map((bucket) => ({ bucket, prefix: `${userId}/` })),
    { bucket: 'category-images' as const, prefix: `community/${userId}/` },
  ];
}

export function createAccountService(deps: {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** The person's plan, settled first (the billing service's readTier). */
  readTier: (userId: string) => Promise<string>;
}) {
  return {
    /**
     * Deletes the account unless a subscription is still running. Files go first, so a failure
     * half-way leaves an account the person can delete again rather than orphaned files.
     */
    async deleteAccount(userId: string) {
      if (isPaidTier(await deps.readTier(userId)))
        throw new DomainError(
          'conflict',
          DELETE_ACCOUNT_MESSAGES.activeSubscription,
          'active_subscription',
        );
      try {
        const known = await selectOwnedFiles(deps.db, userId);
        for (const file of known) await deps.storage.delete(file.bucket, file.key);
        for (const { bucket, prefix } of userPrefixes(userId))
          await deps.storage.deletePrefix(bucket, prefix);
        await deleteUserRows(deps.db, userId);
      } catch (error) {
        deps.logger.error({ err: error, userId }, 'account deletion failed');
        throw new DomainError('failed', DELETE_ACCOUNT_MESSAGES.failed, 'delete_failed');
      }
      deps.logger.info({ userId }, 'account deleted');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
