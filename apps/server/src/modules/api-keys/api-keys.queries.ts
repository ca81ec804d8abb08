import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys, authUsers, webhookDeliveries } from '../../db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const activeKeyOf = (userId: string, id: string) =>
  and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

/** A person's keys still in use, newest first. */
export function selectActiveKeys(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Adds a key unless the person already holds `max` keys. The count and the insert run under a
 * lock on the person's existing keys' owner row, so two tabs creating keys at once cannot pass
 * the limit together.
 */
export async function insertKeyWithinLimit(
  db: Database,
  values: { userId: string; name: string; start: string; hash: string },
  max: number,
): Promise<ApiKeyRow | null> {
  return db.transaction(async (tx) => {
    // Serialises key creation per person (a transaction-scoped advisory lock on the user id).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${values.userId}`}))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, values.userId), isNull(apiKeys.revokedAt)));
    if ((count?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row!;
  });
}

export async function revokeKey(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), webhookUrl: null, webhookSecret: null })
    .where(activeKeyOf(userId, id))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The key with this secret's hash, if it is still in use, with its owner. */
export async function selectKeyByHash(db: Database, hash: string) {
  const [row] = await db
    .select({
      key: apiKeys,
      owner: {
        id: authUsers.id,
        email: authUsers.email,
        name: authUsers.name,
        emailVerified: authUsers.emailVerified,
        image: authUsers.image,
      },
    })
    .from(apiKeys)
    .innerJoin(authUsers, eq(authUsers.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

export async function selectActiveKey(
  db: Database,
  userId: string,
  id: string,
): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(activeKeyOf(userId, id));
  return row ?? null;
}

export async function touchLastUsed(db: Database, id: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}

export async function updateWebhook(
  db: Database,
  options: { userId: string; id: string; url: string | null; secret: string | null },
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ webhookUrl: options.url, webhookSecret: options.secret })
    .where(activeKeyOf(options.userId, options.id))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export function selectRecentDeliveries(db: Database, apiKeyId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.apiKeyId, apiKeyId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
