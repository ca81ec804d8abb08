import { eq } from 'drizzle-orm';
import type { Bucket } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { authUsers, bugReports, storedObjects, userTemplates } from '../../db/schema.js';

/** Every stored file the database knows belongs to the person, wherever its key lives. */
export async function selectOwnedFiles(db: Database, userId: string) {
  const objects = await db
    .select({ bucket: storedObjects.bucket, key: storedObjects.key })
    .from(storedObjects)
    .where(eq(storedObjects.ownerId, userId));
  const templates = await db
    .select({ key: userTemplates.imageKey })
    .from(userTemplates)
    .where(eq(userTemplates.userId, userId));
  return [
    ...objects.map((o) => ({ bucket: o.bucket as Bucket, key: o.key })),
    ...templates.map((t) => ({ bucket: 'category-images' as Bucket, key: t.key })),
  ];
}

/**
 * Removes the person: the auth user row cascades to profile, sessions, accounts, ledger, files'
 * rows, templates, votes and generations; problem reports keep no trace of them either.
 */
export async function deleteUserRows(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(bugReports).where(eq(bugReports.userId, userId));
    await tx.delete(authUsers).where(eq(authUsers.id, userId));
  });
}
