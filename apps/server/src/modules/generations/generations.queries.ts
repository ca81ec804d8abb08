import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { generations, storedObjects, userTemplates, users } from '../../db/schema.js';
import { refundCredit, reserveCredit } from '../credits/credits.queries.js';
import type { GenerationStepState } from '@adtwin/shared';

export type GenerationRow = typeof generations.$inferSelect;

export const ACTIVE_STATUSES = ['queued', 'running'] as const;

export type StartOutcome =
  { outcome: 'started'; row: GenerationRow } | { outcome: 'no_credits' } | { outcome: 'busy' };

/**
 * Creates a queued generation and takes its credit in one transaction, or neither. The person's
 * profile row is locked first, so the running-jobs limit and the credit check see every
 * concurrent request of that person in turn.
 */
export async function insertGenerationWithCredit(
  db: Database,
  values: Omit<typeof generations.$inferInsert, 'id' | 'status' | 'creditState'>,
  options: { maxActive: number },
): Promise<StartOutcome> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ credits: users.credits, creditsUsed: users.creditsUsed })
      .from(users)
      .where(eq(users.userId, values.userId))
      .for('update');
    // Out of credits is told first: the person needs the upgrade, not a wait.
    if (!profile || profile.creditsUsed >= profile.credits)
      return { outcome: 'no_credits' } as const;
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(generations)
      .where(
        and(
          eq(generations.userId, values.userId),
          inArray(generations.status, [...ACTIVE_STATUSES]),
        ),
      );
    if ((active?.n ?? 0) >= options.maxActive) return { outcome: 'busy' } as const;
    const [row] = await tx
      .insert(generations)
      .values({ ...values, status: 'queued', creditState: 'reserved' })
      .returning();
    const hasCredit = await reserveCredit(tx, {
      userId: values.userId,
      key: `debit:${row!.id}`,
      note: `Generation ${row!.number}`,
    });
    if (!hasCredit) {
      // Cannot happen under the row lock; kept so a credit is never given without its job.
      await tx.delete(generations).where(eq(generations.id, row!.id));
      return { outcome: 'no_credits' } as const;
    }
    return { outcome: 'started', row: row! } as const;
  });
}

/** Whose lease a row is under; a step, completion or failure must come from that runner. */
function heldBy(generation: Pick<GenerationRow, 'leaseOwner'>) {
  return generation.leaseOwner === null
    ? isNull(generations.leaseOwner)
    : eq(generations.leaseOwner, generation.leaseOwner);
}

export type Lease = { owner: string; ms: number };

const leaseEnd = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * queued -> running under `lease`, once: a duplicate delivery of the same id finds nothing to
 * claim. A running job is taken over only when its lease has expired (its runner died); the
 * database clock decides, so hosts with drifting clocks agree.
 */
export async function claimGeneration(
  db: Database,
  id: string,
  lease: Lease,
): Promise<GenerationRow | null> {
  const [row] = await db
    .update(generations)
    .set({
      status: 'running',
      startedAt: new Date(),
      attempts: sql`${generations.attempts} + 1`,
      leaseOwner: lease.owner,
      leaseExpiresAt: leaseEnd(lease.ms),
    })
    .where(
      and(
        eq(generations.id, id),
        or(
          eq(generations.status, 'queued'),
          and(eq(generations.status, 'running'), lt(generations.leaseExpiresAt, sql`now()`)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Extends a lease its owner still holds; false when the job was taken over or has ended. */
export async function renewLease(db: Database, id: string, lease: Lease): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ leaseExpiresAt: leaseEnd(lease.ms) })
    .where(
      and(
        eq(generations.id, id),
        eq(generations.status, 'running'),
        eq(generations.leaseOwner, lease.owner),
      ),
    )
    .returning({ id: generations.id });
  return rows.length > 0;
}

/**
 * Gives a running job's lease up at once (a worker shutting down): the next runner it is
 * delivered to claims it without waiting for the lease to run out. The row stays `running`.
 */
export async function releaseLease(db: Database, id: string, lease: Lease): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ leaseExpiresAt: sql`now()` })
    .where(
      and(
        eq(generations.id, id),
        eq(generations.status, 'running'),
        eq(generations.leaseOwner, lease.owner),
      ),
    )
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** Whether a running job's lease still holds (its runner is alive, somewhere). */
export async function isLeaseLive(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        eq(generations.id, id),
        eq(generations.status, 'running'),
        gte(generations.leaseExpiresAt, sql`now()`),
      ),
    );
  return Boolean(row);
}

export async function saveSteps(
  db: Database,
  generation: Pick<GenerationRow, 'id' | 'leaseOwner'>,
  steps: GenerationStepState[],
) {
  await db
    .update(generations)
    .set({ steps })
    .where(
      and(eq(generations.id, generation.id), eq(generations.status, 'running'), heldBy(generation)),
    );
}

/**
 * running -> done with the stored result and the credit charged, in one transaction; a second
 * completion of the same job changes nothing. The template's usage is counted after it.
 */
export async function completeGeneration(
  db: Database,
  options: {
    generation: GenerationRow;
    steps: GenerationStepState[];
    result: typeof storedObjects.$inferInsert;
    /** A community template to create from the result (design page and public chat results). */
    communityTemplate?: { name: string; isPublic: boolean; imageKey: string } | undefined;
  },
): Promise<boolean> {
  const { generation } = options;
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(generations)
      .set({
        status: 'done',
        creditState: 'charged',
        steps: options.steps,
        input: generation.input,
        finishedAt: new Date(),
      })
      .where(
        and(
          eq(generations.id, generation.id),
          eq(generations.status, 'running'),
          heldBy(generation),
        ),
      )
      .returning({ id: generations.id });
    if (!done) return false;
    const [object] = await tx
      .insert(storedObjects)
      .values(options.result)
      .returning({ id: storedObjects.id });
    await tx
      .update(generations)
      .set({ resultObjectId: object!.id })
      .where(eq(generations.id, generation.id));
    if (options.communityTemplate) {
      await tx.insert(userTemplates).values({
        userId: generation.userId,
        name: options.communityTemplate.name,
        imageKey: options.communityTemplate.imageKey,
        isPublic: options.communityTemplate.isPublic,
      });
    }
    return true;
  });
}

/** running (or queued) -> failed with the reason, and the credit given back, in one transaction. */
export async function failGeneration(
  db: Database,
  options: {
    generation: GenerationRow;
    steps: GenerationStepState[];
    code: string;
    message: string;
  },
): Promise<boolean> {
  const { generation } = options;
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(generations)
      .set({
        status: 'failed',
        creditState: 'refunded',
        steps: options.steps,
        errorCode: options.code,
        errorMessage: options.message,
        finishedAt: new Date(),
      })
      .where(
        and(
          eq(generations.id, generation.id),
          inArray(generations.status, [...ACTIVE_STATUSES]),
          heldBy(generation),
        ),
      )
      .returning({ id: generations.id });
    if (!failed) return false;
    await refundCredit(tx, {
      userId: generation.userId,
      key: `refund:${generation.id}`,
      note: `Generation ${generation.number} failed`,
    });
    return true;
  });
}

export async function findGeneration(db: Database, id: string): Promise<GenerationRow | null> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id)).limit(1);
  return row ?? null;
}

export async function findGenerationByNumber(
  db: Database,
  options: { userId: string; number: number },
): Promise<GenerationRow | null> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.number, options.number), eq(generations.userId, options.userId)))
    .limit(1);
  return row ?? null;
}

/** Jobs a stopped process left behind: queued ones wait again, running ones were interrupted. */
export async function listUnfinishedGenerations(db: Database): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(inArray(generations.status, [...ACTIVE_STATUSES]));
}

/** running -> queued for a job whose process died mid-way, so it runs again. */
export async function requeueGeneration(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ status: 'queued' })
    .where(and(eq(generations.id, id), eq(generations.status, 'running')))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** A page of a person's generations, newest first, optionally of one status. */
export async function selectUserGenerations(
  db: Database,
  options: { userId: string; offset: number; limit: number; status?: string | undefined },
): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, options.userId),
        options.status ? eq(generations.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(generations.queuedAt), desc(generations.number))
    .offset(options.offset)
    .limit(options.limit);
}
