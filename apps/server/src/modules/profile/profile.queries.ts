import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authUsers, storedObjects, users } from '../../db/schema.js';
import { writeSignupGrant } from '../credits/credits.queries.js';

/**
 * Creates the spec's profile row with its defaults and the free allowance, written as a ledger
 * grant in the same transaction. Safe to call again: both inserts ignore what already exists.
 */
export async function insertProfileIfMissing(
  db: Database,
  options: { userId: string; freeCredits: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ userId: options.userId, credits: options.freeCredits })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    if (inserted.length) await writeSignupGrant(tx, options);
    return inserted.length > 0;
  });
}

export async function selectAccount(db: Database, userId: string) {
  const rows = await db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      image: authUsers.image,
      profile: users,
    })
    .from(authUsers)
    .leftJoin(users, eq(users.userId, authUsers.id))
    .where(eq(authUsers.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The spec's onboarding save: update the profile when it exists, insert it otherwise (with the
 * free allowance, as ensureProfile would), in one statement so a double submit cannot race.
 */
export async function upsertOnboarding(
  db: Database,
  options: { userId: string; userType: string; source: string; freeCredits: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        userId: options.userId,
        userType: options.userType,
        source: options.source,
        onboardingCompleted: true,
        credits: options.freeCredits,
      })
      .onConflictDoUpdate({
        target: users.userId,
        set: {
          userType: options.userType,
          source: options.source,
          onboardingCompleted: true,
          updatedAt: new Date(),
        },
      })
      .returning({ createdAt: users.createdAt, updatedAt: users.updatedAt });
    // A row made here (no profile existed) gets its free grant like any new account.
    if (row && row.createdAt.getTime() === row.updatedAt.getTime()) {
      await writeSignupGrant(tx, { userId: options.userId, freeCredits: options.freeCredits });
    }
  });
}

export async function updateFullName(db: Database, userId: string, fullName: string) {
  await db
    .update(authUsers)
    .set({ name: fullName, updatedAt: new Date() })
    .where(eq(authUsers.id, userId));
}

export async function updateUserType(db: Database, userId: string, userType: string) {
  const rows = await db
    .update(users)
    .set({ userType, updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning({ userId: users.userId });
  return rows.length > 0;
}

/** Points avatar_url at a new key and keeps one stored_objects row for it, in one transaction. */
export async function replaceAvatarRecord(
  db: Database,
  options: { userId: string; key: string; contentType: string; size: number },
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(storedObjects)
      .where(and(eq(storedObjects.ownerId, options.userId), eq(storedObjects.bucket, 'avatars')));
    await tx.insert(storedObjects).values({
      bucket: 'avatars',
      key: options.key,
      ownerId: options.userId,
      name: options.key.split('/').pop()!,
      contentType: options.contentType,
      size: options.size,
    });
    await tx
      .update(authUsers)
      .set({ image: options.key, updatedAt: new Date() })
      .where(eq(authUsers.id, options.userId));
  });
}
