import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storedObjects } from '../../db/schema.js';
import { likePattern } from '../templates/templates.queries.js';

/** Names the listing shows: image file names only (spec 5). */
const LISTED_NAME_SQL = sql`${storedObjects.name} ~* '\\.(jpe?g|png|gif|webp)$'`;

/** The listed uploads of one owner, optionally only names containing `search` (any case). */
function listedUploadsOf(options: { ownerId: string; search?: string }) {
  return and(
    eq(storedObjects.ownerId, options.ownerId),
    eq(storedObjects.bucket, 'temp-images'),
    LISTED_NAME_SQL,
    options.search ? ilike(storedObjects.name, likePattern(options.search)) : undefined,
  );
}

export async function selectUploadsPage(
  db: Database,
  options: { ownerId: string; search?: string; offset: number; limit: number },
) {
  return db
    .select({
      id: storedObjects.id,
      name: storedObjects.name,
      key: storedObjects.key,
      createdAt: storedObjects.createdAt,
    })
    .from(storedObjects)
    .where(listedUploadsOf(options))
    .orderBy(desc(storedObjects.createdAt), desc(storedObjects.id))
    .offset(options.offset)
    .limit(options.limit);
}

/** How many uploads the same filter lists in all, for "Load More (n)". */
export async function countUploads(db: Database, options: { ownerId: string; search?: string }) {
  const [row] = await db
    .select({ total: count() })
    .from(storedObjects)
    .where(listedUploadsOf(options));
  return row?.total ?? 0;
}

/** The caller's upload by id; someone else's id reads nothing. */
export async function selectOwnUpload(db: Database, options: { ownerId: string; id: string }) {
  const rows = await db
    .select()
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.id, options.id),
        eq(storedObjects.ownerId, options.ownerId),
        eq(storedObjects.bucket, 'temp-images'),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The caller's upload with exactly these bytes (by SHA-256), if they uploaded them before. */
export async function selectOwnUploadByHash(
  db: Database,
  options: { ownerId: string; contentHash: string },
) {
  const rows = await db
    .select()
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.ownerId, options.ownerId),
        eq(storedObjects.bucket, 'temp-images'),
        eq(storedObjects.contentHash, options.contentHash),
      ),
    )
    .orderBy(storedObjects.createdAt)
    .limit(1);
  return rows[0] ?? null;
}

/** Bytes a person's uploaded images take, for the upload quota. */
export async function sumUploadedBytes(db: Database, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${storedObjects.size})` })
    .from(storedObjects)
    .where(and(eq(storedObjects.ownerId, ownerId), eq(storedObjects.bucket, 'temp-images')));
  return Number(row?.total ?? 0);
}

export async function insertStoredObject(db: Database, row: typeof storedObjects.$inferInsert) {
  const [inserted] = await db.insert(storedObjects).values(row).returning();
  return inserted!;
}

/** Renames; the partial unique index answers a duplicate name with a constraint error. */
export async function updateUploadName(
  db: Database,
  options: { ownerId: string; id: string; name: string },
) {
  const rows = await db
    .update(storedObjects)
    .set({ name: options.name, updatedAt: new Date() })
    .where(
      and(
        eq(storedObjects.id, options.id),
        eq(storedObjects.ownerId, options.ownerId),
        eq(storedObjects.bucket, 'temp-images'),
      ),
    )
    .returning({ id: storedObjects.id, name: storedObjects.name });
  return rows[0] ?? null;
}

export async function uploadNameTaken(
  db: Database,
  options: { ownerId: string; name: string; exceptId?: string },
) {
  const rows = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.ownerId, options.ownerId),
        eq(storedObjects.bucket, 'temp-images'),
        eq(storedObjects.name, options.name),
      ),
    )
    .limit(2);
  return rows.some((row) => row.id !== options.exceptId);
}

export async function deleteOwnUpload(db: Database, options: { ownerId: string; id: string }) {
  const rows = await db
    .delete(storedObjects)
    .where(
      and(
        eq(storedObjects.id, options.id),
        eq(storedObjects.ownerId, options.ownerId),
        eq(storedObjects.bucket, 'temp-images'),
      ),
    )
    .returning({ key: storedObjects.key });
  return rows[0] ?? null;
}
