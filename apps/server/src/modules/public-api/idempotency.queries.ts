import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiIdempotentRequests } from '../../db/schema.js';

export type IdempotentRequestRow = typeof apiIdempotentRequests.$inferSelect;

const keyOf = (apiKeyId: string, key: string) =>
  and(eq(apiIdempotentRequests.apiKeyId, apiKeyId), eq(apiIdempotentRequests.key, key));

/**
 * Claims an idempotency key for a request, or returns the row that already holds it. The primary
 * key decides between two requests racing with the same key: exactly one inserts.
 */
export async function claimIdempotencyKey(
  db: Database,
  values: { apiKeyId: string; key: string; requestHash: string },
): Promise<{ claimed: true } | { claimed: false; existing: IdempotentRequestRow | null }> {
  const inserted = await db
    .insert(apiIdempotentRequests)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: apiIdempotentRequests.key });
  if (inserted.length) return { claimed: true };
  const [existing] = await db
    .select()
    .from(apiIdempotentRequests)
    .where(keyOf(values.apiKeyId, values.key));
  return { claimed: false, existing: existing ?? null };
}

export async function saveIdempotentAnswer(
  db: Database,
  options: {
    apiKeyId: string;
    key: string;
    status: number;
    headers: Record<string, string>;
    body: string;
  },
): Promise<void> {
  await db
    .update(apiIdempotentRequests)
    .set({ status: options.status, headers: options.headers, body: options.body })
    .where(keyOf(options.apiKeyId, options.key));
}

/** Frees a key whose request failed in a way worth retrying (a crash, a limit). */
export async function releaseIdempotencyKey(
  db: Database,
  options: { apiKeyId: string; key: string },
): Promise<void> {
  await db.delete(apiIdempotentRequests).where(keyOf(options.apiKeyId, options.key));
}

/** Answers are kept a day, as Stripe keeps them; older keys may be used again. */
export async function deleteExpiredIdempotentRequests(db: Database): Promise<void> {
  await db
    .delete(apiIdempotentRequests)
    .where(lt(apiIdempotentRequests.createdAt, sql`now() - interval '24 hours'`));
}
