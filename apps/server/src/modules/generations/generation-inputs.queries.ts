import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userTemplates } from '../../db/schema.js';

/** The whole community template, product box included (the community module selects less). */
export async function selectCommunityTemplate(db: Database, id: string) {
  const [row] = await db.select().from(userTemplates).where(eq(userTemplates.id, id)).limit(1);
  return row ?? null;
}
