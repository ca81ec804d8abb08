import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storedObjects, templates, userTemplates } from '../../db/schema.js';

/** An upload of this person (temp-images), or null: another person's id reads as missing. */
export async function selectOwnUpload(db: Database, options: { userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.id, options.id),
        eq(storedObjects.ownerId, options.userId),
        eq(storedObjects.bucket, 'temp-images'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function selectOfficialTemplate(db: Database, id: number) {
  const [row] = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
  return row ?? null;
}

export async function selectCommunityTemplate(db: Database, id: string) {
  const [row] = await db.select().from(userTemplates).where(eq(userTemplates.id, id)).limit(1);
  return row ?? null;
}
