import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { allowanceOf, isKnownPaidTier, type PaidTier } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { authUsers, billingEvents, creditLedger, users } from '../../db/schema.js';
import type { BillingEvent } from '../../platform/billing/billing-provider.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type UserRow = typeof users.$inferSelect;

export type ApplyResult = 'applied' | 'duplicate' | 'unmatched' | 'stale' | 'ignored';

/** Statuses in which a Stripe subscription is still paid for (past_due: Stripe is retrying). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

async function lockUser(tx: Tx, where: { userId?: string | null; customerId?: string }) {
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

/**
 * Is this state newer than the stored one? The event's creation time decides; the period end
 * breaks ties within one second (Stripe's clock granularity). Period end alone cannot decide:
 * moving from a monthly to a weekly price resets the billing anchor, so the new period ends
 * earlier than the old one.
 */
function isNewer(user: UserRow, periodEnd: Date, createdAt: Date): boolean {
  if (!user.billingStateAt) return true;
  const stored = user.billingStateAt.getTime();
  if (createdAt.getTime() !== stored) return createdAt.getTime() > stored;
  return !user.periodEndsAt || periodEnd.getTime() >= user.periodEndsAt.getTime();
}

async function addLedger(
  tx: Tx,
  row: { userId: string; kind: string; amount: number; key: string; note: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(creditLedger)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/** Starts a paid period: the tier's allowance, nothing used, the old balance written off. */
async function startPeriod(
  tx: Tx,
  user: UserRow,
  options: { key: string; tier: PaidTier; note: string },
): Promise<boolean> {
  const allowance = allowanceOf(options.tier);
  const isNew = await addLedger(tx, {
    userId: user.userId,
    kind: 'grant',
    amount: allowance,
    key: `grant:${options.key}`,
    note: options.note,
  });
  if (!isNew) return false;
  const balance = user.credits - user.creditsUsed;
  if (balance !== 0) {
    await addLedger(tx, {
      userId: user.userId,
      kind: 'reset',
      amount: -balance,
      key: `reset:${options.key}`,
      note: 'Balance of the previous period',
    });
  }
  await tx
    .update(users)
    .set({ credits: allowance, creditsUsed: 0, updatedAt: new Date() })
    .where(eq(users.userId, user.userId));
  return true;
}

/** Back to free: what is left of the paid allowance expires with the period. */
async function endSubscription(tx: Tx, user: UserRow, key: string, at: Date) {
  const balance = user.credits - user.creditsUsed;
  if (balance > 0) {
    await addLedger(tx, {
      userId: user.userId,
      kind: 'reset',
      amount: -balance,
      key: `expire:${key}`,
      note: 'Paid allowance expired with the period',
    });
  }
  await tx
    .update(users)
    .set({
      subscriptionTier: 'free',
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
      credits: Math.max(user.creditsUsed, 0),
      billingStateAt: at,
      updatedAt: new Date(),
    })
    .where(eq(users.userId, user.userId));
}

async function applyEffect(tx: Tx, event: BillingEvent): Promise<ApplyResult> {
  switch (event.type) {
    case 'ignored':
      return 'ignored';
    case 'checkout_completed': {
      const user = await lockUser(tx, { userId: event.userId, customerId: event.customerId });
      if (!user) return 'unmatched';
      await tx
        .update(users)
        .set({ stripeCustomerId: event.customerId, updatedAt: new Date() })
        .where(eq(users.userId, user.userId));
      return 'applied';
    }
    case 'invoice_paid': {
      const user = await lockUser(tx, { userId: event.userId, customerId: event.customerId });
      if (!user) return 'unmatched';
      const isNewest = isNewer(user, event.periodEnd, event.createdAt);
      // An invoice of an earlier period arriving late changes nothing. (A late invoice of the
      // current period still grants it: its allowance was never given.)
      if (!isNewest && user.periodEndsAt && event.periodEnd.getTime() < user.periodEndsAt.getTime())
        return 'stale';
      const tier = isNewest ? event.tier : user.subscriptionTier;
      // A newer state already ended the subscription: a late invoice of that period grants nothing.
      if (!isKnownPaidTier(tier)) return 'stale';
      const started = await startPeriod(tx, user, {
        key: `invoice:${event.invoiceId}`,
        tier,
        note: `Invoice ${event.invoiceId}`,
      });
      await tx
        .update(users)
        .set({
          subscriptionTier: tier,
          stripeCustomerId: user.stripeCustomerId ?? event.customerId,
          periodEndsAt:
            isNewest || !user.periodEndsAt || event.periodEnd > user.periodEndsAt
              ? event.periodEnd
              : user.periodEndsAt,
          ...(isNewest
            ? {
                subscriptionStatus: 'active',
                subscriptionId: event.subscriptionId ?? user.subscriptionId,
                billingStateAt: event.createdAt,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.userId, user.userId));
      return started ? 'applied' : 'duplicate';
    }
    case 'payment_failed': {
      const user = await lockUser(tx, { customerId: event.customerId });
      if (!user) return 'unmatched';
      if (user.subscriptionTier === 'free') return 'stale';
      await tx
        .update(users)
        .set({ subscriptionStatus: 'past_due', updatedAt: new Date() })
        .where(eq(users.userId, user.userId));
      return 'applied';
    }
    case 'subscription_updated': {
      const user = await lockUser(tx, { userId: event.userId, customerId: event.customerId });
      if (!user) return 'unmatched';
      if (!isNewer(user, event.periodEnd, event.createdAt)) return 'stale';
      if (!LIVE_STATUSES.has(event.status)) {
        // incomplete: checkout not paid yet; canceled/unpaid/incomplete_expired: it is over.
        if (event.status === 'incomplete') return 'ignored';
        if (user.subscriptionTier !== 'free')
          await endSubscription(tx, user, `${event.subscriptionId}:${event.id}`, event.createdAt);
        return 'applied';
      }
      await tx
        .update(users)
        .set({
          ...(event.tier ? { subscriptionTier: event.tier } : {}),
          subscriptionStatus: event.status,
          subscriptionId: event.subscriptionId,
          cancelAtPeriodEnd: event.cancelAtPeriodEnd,
          periodEndsAt: event.periodEnd,
          billingStateAt: event.createdAt,
          stripeCustomerId: user.stripeCustomerId ?? event.customerId,
          updatedAt: new Date(),
        })
        .where(eq(users.userId, user.userId));
      return 'applied';
    }
    case 'subscription_deleted': {
      const user = await lockUser(tx, { userId: event.userId, customerId: event.customerId });
      if (!user) return 'unmatched';
      // The end of an older subscription does not end the one that replaced it.
      if (user.subscriptionId && user.subscriptionId !== event.subscriptionId) return 'stale';
      if (user.subscriptionTier === 'free') return 'stale';
      await endSubscription(tx, user, `${event.subscriptionId}`, event.createdAt);
      return 'applied';
    }
  }
}

/**
 * Records the event id and applies its effect in one transaction: a retried or replayed event
 * finds its id taken and changes nothing.
 */
export async function applyBillingEvent(
  db: Database,
  options: { provider: string; event: BillingEvent; providerType: string; payload: unknown },
): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(billingEvents)
      .values({
        id: options.event.id,
        provider: options.provider,
        type: options.providerType,
        payload: options.payload as object,
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!recorded.length) return 'duplicate';
    return applyEffect(tx, options.event);
  });
}

/**
 * A subscription that was cancelled, or whose provider stopped renewing it, ends once its period
 * is over even when no provider event says so (the test provider never sends one).
 */
export async function settleEndedSubscription(db: Database, userId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, { userId });
    if (!user || user.subscriptionTier === 'free' || !user.periodEndsAt) return;
    if (user.periodEndsAt.getTime() > now.getTime()) return;
    if (!user.cancelAtPeriodEnd && user.subscriptionStatus !== 'canceled') return;
    await endSubscription(
      tx,
      user,
      `${user.subscriptionId ?? 'none'}:${user.periodEndsAt.toISOString()}`,
      now,
    );
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

/** Adds credits to the current balance (admin command), written to the ledger. */
export async function grantCredits(db: Database, options: { userId: string; amount: number }) {
  await db.transaction(async (tx) => {
    await addLedger(tx, {
      userId: options.userId,
      kind: 'grant',
      amount: options.amount,
      key: `admin:${randomUUID()}`,
      note: 'Granted by an administrator',
    });
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${options.amount}`, updatedAt: new Date() })
      .where(eq(users.userId, options.userId));
  });
}

/** Sets a tier outside any payment provider (admin command): a fresh period of `days`. */
export async function setPlanDirectly(
  db: Database,
  options: { userId: string; tier: PaidTier | 'free'; days: number; now?: Date },
) {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, { userId: options.userId });
    if (!user) throw new Error('No profile for this user');
    const key = `admin:${randomUUID()}`;
    if (options.tier === 'free') {
      await endSubscription(tx, user, key, now);
      return;
    }
    await startPeriod(tx, user, { key, tier: options.tier, note: 'Plan set by an administrator' });
    await tx
      .update(users)
      .set({
        subscriptionTier: options.tier,
        subscriptionStatus: 'active',
        subscriptionId: null,
        cancelAtPeriodEnd: true,
        periodEndsAt: new Date(now.getTime() + options.days * 86_400_000),
        billingStateAt: now,
      })
      .where(eq(users.userId, options.userId));
  });
}
