import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys, generations, webhookDeliveries } from '../../db/schema.js';

/** The generation and, when an API key with a webhook started it, that key's webhook. */
export async function selectGenerationReceiver(db: Database, generationId: string) {
  const [row] = await db
    .select({ generation: generations, apiKeyId: apiKeys.id, url: apiKeys.webhookUrl })
    .from(generations)
    .innerJoin(apiKeys, eq(apiKeys.id, generations.apiKeyId))
    .where(and(eq(generations.id, generationId), isNull(apiKeys.revokedAt)));
  return row?.url ? { generation: row.generation, apiKeyId: row.apiKeyId } : null;
}

/** A delivery to make, once per key, generation and event (a second insert does nothing). */
export async function insertDelivery(
  db: Database,
  values: { apiKeyId: string; generationId: string; event: string; payload: string },
): Promise<void> {
  await db.insert(webhookDeliveries).values(values).onConflictDoNothing();
}

/**
 * Takes the next due delivery and pushes its next attempt `holdMs` ahead, so that another
 * process (or this one's next tick) leaves it alone while it is being sent. SKIP LOCKED lets
 * several processes take different rows at once.
 */
export async function claimDueDelivery(db: Database, holdMs: number) {
  const id = await db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    await tx
      .update(webhookDeliveries)
      .set({
        nextAttemptAt: sql`now() + ${holdMs} * interval '1 millisecond'`,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(eq(webhookDeliveries.id, due.id));
    return due.id;
  });
  if (!id) return null;
  const [row] = await db
    .select({ delivery: webhookDeliveries, url: apiKeys.webhookUrl, secret: apiKeys.webhookSecret })
    .from(webhookDeliveries)
    .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export async function recordDelivered(db: Database, id: string, statusCode: number) {
  await db
    .update(webhookDeliveries)
    .set({
      status: 'delivered',
      deliveredAt: new Date(),
      lastStatusCode: statusCode,
      lastError: null,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** A failed attempt: tried again after `retryInMs`, or given up when that is null. */
export async function recordFailedAttempt(
  db: Database,
  options: { id: string; statusCode: number | null; error: string; retryInMs: number | null },
) {
  await db
    .update(webhookDeliveries)
    .set({
      lastStatusCode: options.statusCode,
      lastError: options.error,
      ...(options.retryInMs === null
        ? { status: 'failed' }
        : { nextAttemptAt: sql`now() + ${options.retryInMs} * interval '1 millisecond'` }),
    })
    .where(eq(webhookDeliveries.id, options.id));
}
