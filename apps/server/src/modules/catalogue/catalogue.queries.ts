import type { Database } from '../../db/client.js';
import { templates } from '../../db/schema.js';

export type NewTemplate = typeof templates.$inferInsert;

/** Inserts templates whose image is not in the table yet; returns how many were new. */
export async function insertMissingTemplates(db: Database, rows: NewTemplate[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await db
    .insert(templates)
    .values(rows)
    .onConflictDoNothing({ target: templates.imageKey })
    .returning({ id: templates.id });
  return inserted.length;
}

export async function selectOfficialImageKeys(db: Database): Promise<string[]> {
  const rows = await db.select({ key: templates.imageKey }).from(templates);
  return rows.map((row) => row.key);
}
