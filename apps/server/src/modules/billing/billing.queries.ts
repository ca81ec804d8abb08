import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authUsers, billingEvents, users } from '../../db/schema.js';
import {
  startCreditPeriod,
  writeLedgerEntry,
  type LedgerEntry,
  type Tx,
} from '../credits/credits.queries.js';

export type ApplyResult = 'applied' | 'duplicate' | 'unmatched' | 'stale' | 'ignored';
export type BillingAccount = typeof users.$inferSelect;
export type AccountLookup = { userId?: string | null; customerId?: string };
type LedgerLine = Omit<LedgerEntry, 'userId'>;

/**
 * What the billing rules (billing.rules.ts) decided for one locked account; written here as
 * one unit. A period start (grant, reset, balance) is written by the credits module, which
 * keeps the ledger and the balance together; an already started period makes it a duplicate.
 */
export type BillingChange = {
  outcome: ApplyResult;
  periodStart?: { grant: LedgerLine; reset: LedgerLine | null; credits: number };
  entries?: LedgerLine[];
  set?: Partial<Omit<typeof users.$inferInsert, 'userId'>>;
};

async function lockAccount(tx: Tx, where: AccountLookup) {
  if (where.userId) {
    const [row] = await tx.select().from(users).where(eq(users.userId, where.userId)).for('update');
    if (row) return row;
  }
  if (where.customerId) {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(users.stripeCustomerId, where.customerId))
      .for('update');
    if (row) return row;
  }
  return null;
}

/** Writes a decided change; 'duplicate' when its period had already been started. */
async function writeChange(
  tx: Tx,
  account: BillingAccount | null,
  change: BillingChange | null,
): Promise<ApplyResult | null> {
  if (!change) return null;
  if (!account) return change.outcome;
  const userId = account.userId;
  let outcome = change.outcome;
  if (change.periodStart) {
    const isStarted = await startCreditPeriod(tx, { userId, ...change.periodStart });
    if (!isStarted && outcome === 'applied') outcome = 'duplicate';
  }
  for (const entry of change.entries ?? []) await writeLedgerEntry(tx, { userId, ...entry });
  if (change.set) {
    await tx
      .update(users)
      .set({ ...change.set, updatedAt: new Date() })
      .where(eq(users.userId, userId));
  }
  return outcome;
}

/**
 * Records the event id and applies its decided change in one transaction: a retried or replayed
 * event finds its id taken and changes nothing. `decide` sees the account locked (or null when
 * none matches, or when there is nothing to look up).
 */
export async function applyBillingEvent(
  db: Database,
  options: {
    provider: string;
    eventId: string;
    providerType: string;
    payload: unknown;
    lookup: AccountLookup | null;
    decide: (account: BillingAccount | null) => BillingChange;
  },
): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(billingEvents)
      .values({
        id: options.eventId,
        provider: options.provider,
        type: options.providerType,
        payload: options.payload as object,
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!recorded.length) return 'duplicate';
    const account = options.lookup ? await lockAccount(tx, options.lookup) : null;
    return (await writeChange(tx, account, options.decide(account)))!;
  });
}

/**
 * Locks one person's account, asks `decide` what changes (null: nothing), and writes it in one
 * transaction. Returns false when there is no account.
 */
export async function changeAccount(
  db: Database,
  options: { userId: string; decide: (account: BillingAccount) => BillingChange | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId: options.userId });
    if (!account) return false;
    await writeChange(tx, account, options.decide(account));
    return true;
  });
}

/** The plan recorded for the person ('free' for none); read it through the billing service's readTier. */
export async function selectTier(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ tier: users.subscriptionTier })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  return row?.tier ?? 'free';
}

export async function selectBillingState(db: Database, userId: string) {
  const [row] = await db
    .select({
      email: authUsers.email,
      tier: users.subscriptionTier,
      credits: users.credits,
      creditsUsed: users.creditsUsed,
      status: users.subscriptionStatus,
      periodEndsAt: users.periodEndsAt,
      cancelAtPeriodEnd: users.cancelAtPeriodEnd,
      customerId: users.stripeCustomerId,
      subscriptionId: users.subscriptionId,
    })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.userId))
    .where(eq(users.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function selectUserIdByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(sql`lower(${authUsers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}
