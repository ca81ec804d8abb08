import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/**
 * Takes one credit if one is left: a single conditional update, so concurrent requests can never
 * take more than there are. Writes the ledger debit with the given idempotency key.
 */
export async function reserveCredit(
  db: Executor,
  options: { userId: string; key: string; note: string },
): Promise<boolean> {
  const taken = await db
    .update(users)
    .set({ creditsUsed: sql`${users.creditsUsed} + 1`, updatedAt: new Date() })
    .where(and(eq(users.userId, options.userId), lt(users.creditsUsed, users.credits)))
    .returning({ userId: users.userId });
  if (!taken.length) return false;
  await db.insert(creditLedger).values({
    userId: options.userId,
    kind: 'debit',
    amount: -1,
    key: options.key,
    note: options.note,
  });
  return true;
}

/** Gives one credit back; the ledger key makes a second refund of the same charge a no-op. */
export async function refundCredit(
  db: Executor,
  options: { userId: string; key: string; note: string },
): Promise<boolean> {
  const inserted = await db
    .insert(creditLedger)
    .values({
      userId: options.userId,
      kind: 'refund',
      amount: 1,
      key: options.key,
      note: options.note,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (!inserted.length) return false;
  await db
    .update(users)
    .set({ creditsUsed: sql`greatest(${users.creditsUsed} - 1, 0)`, updatedAt: new Date() })
    .where(eq(users.userId, options.userId));
  return true;
}
