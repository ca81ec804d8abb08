import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { batches } from '../../db/schema.js';
import type { BatchItem } from '@adtwin/shared';

export async function insertBatch(
  db: Database,
  values: { userId: string; items: BatchItem[] },
): Promise<{ id: string }> {
  const [row] = await db.insert(batches).values(values).returning({ id: batches.id });
  return row!;
}

export async function selectOwnBatch(db: Database, options: { userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, options.id), eq(batches.userId, options.userId)));
  return row ? { ...row, items: row.items as BatchItem[] } : null;
}
