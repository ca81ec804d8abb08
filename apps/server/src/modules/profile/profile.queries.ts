import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authUsers, creditLedger, users } from '../../db/schema.js';

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
    if (inserted.length && options.freeCredits > 0) {
      await tx
        .insert(creditLedger)
        .values({
          userId: options.userId,
          kind: 'grant',
          amount: options.freeCredits,
          key: `signup:${options.userId}`,
          note: 'Free allowance',
        })
        .onConflictDoNothing();
    }
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
    if (row && row.createdAt.getTime() === row.updatedAt.getTime() && options.freeCredits > 0) {
      await tx
        .insert(creditLedger)
        .values({
          userId: options.userId,
          kind: 'grant',
          amount: options.freeCredits,
          key: `signup:${options.userId}`,
          note: 'Free allowance',
        })
        .onConflictDoNothing();
    }
  });
}
