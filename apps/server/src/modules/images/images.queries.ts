import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userTemplates } from '../../db/schema.js';

/** Owner and visibility of the community template stored under `imageKey`, or null. */
export async function selectCommunityImageAccess(db: Database, imageKey: string) {
  const rows = await db
    .select({ userId: userTemplates.userId, isPublic: userTemplates.isPublic })
    .from(userTemplates)
    .where(and(eq(userTemplates.imageKey, imageKey)))
    .limit(1);
  return rows[0] ?? null;
}
