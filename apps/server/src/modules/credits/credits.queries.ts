import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';

// The one module that writes credit_ledger: every grant, debit, refund and reset goes through
// writeLedgerEntry, so the rule "the ledger sums to credits - credits_used" is kept in one place.

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export type LedgerEntry = {
  userId: string;
  kind: 'grant' | 'debit' | 'refund' | 'reset';
  /** Change to the available balance: grants positive, debits negative. */
  amount: number;
  /** Idempotency key: a second entry with the same key is not written. */
  key: string;
  note: string;
};

/** Writes one ledger row unless its key is taken; true when it was written. */
export async function writeLedgerEntry(db: Executor, entry: LedgerEntry): Promise<boolean> {
  const inserted = await db
    .insert(creditLedger)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/**
 * Starts a credit period (a plan's renewal, an upgrade): its grant, the reset of what was left,
 * and the new balance, together. The grant's key names the period: when it is taken, the period
 * was started before and nothing is written. True when it was started now.
 */
export async function startCreditPeriod(
  tx: Tx,
  options: {
    userId: string;
    grant: Omit<LedgerEntry, 'userId'>;
    reset: Omit<LedgerEntry, 'userId'> | null;
    credits: number;
  },
): Promise<boolean> {
  const { userId, grant, reset, credits } = options;
  if (!(await writeLedgerEntry(tx, { userId, ...grant }))) return false;
  if (reset) await writeLedgerEntry(tx, { userId, ...reset });
  await tx
    .update(users)
    .set({ credits, creditsUsed: 0, updatedAt: new Date() })
    .where(eq(users.userId, userId));
  return true;
}

/** The free allowance of a profile just created, in the profile's transaction (once per user). */
export async function writeSignupGrant(tx: Tx, options: { userId: string; freeCredits: number }) {
  if (options.freeCredits <= 0) return;
  await writeLedgerEntry(tx, {
    userId: options.userId,
    kind: 'grant',
    amount: options.freeCredits,
    key: `signup:${options.userId}`,
    note: 'Free allowance',
  });
}

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
  // A debit key names one charge: taken twice, the balance and the ledger would disagree.
  const isWritten = await writeLedgerEntry(db, { ...options, kind: 'debit', amount: -1 });
  if (!isWritten) throw new Error(`Credit ledger key already used: ${options.key}`);
  return true;
}

/** Gives one credit back; the ledger key makes a second refund of the same charge a no-op. */
export async function refundCredit(
  db: Executor,
  options: { userId: string; key: string; note: string },
): Promise<boolean> {
  if (!(await writeLedgerEntry(db, { ...options, kind: 'refund', amount: 1 }))) return false;
  await db
    .update(users)
    .set({ creditsUsed: sql`greatest(${users.creditsUsed} - 1, 0)`, updatedAt: new Date() })
    .where(eq(users.userId, options.userId));
  return true;
}

/** Adds credits to the current balance, written to the ledger (the admin command's grant). */
export async function addCredits(
  db: Database,
  options: { userId: string; amount: number; key: string; note: string },
) {
  await db.transaction(async (tx) => {
    await writeLedgerEntry(tx, { ...options, kind: 'grant' });
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${options.amount}`, updatedAt: new Date() })
      .where(eq(users.userId, options.userId));
  });
}
