import { and, desc, eq, ilike, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userTemplates } from '../../db/schema.js';
import { likePattern } from '../templates/templates.queries.js';

const columns = {
  id: userTemplates.id,
  name: userTemplates.name,
  imageKey: userTemplates.imageKey,
  isPublic: userTemplates.isPublic,
  usageCount: userTemplates.usageCount,
  userId: userTemplates.userId,
  createdAt: userTemplates.createdAt,
};

/** select ... where user_id = me order by created_at desc, as a range (spec 7). */
export async function selectOwnTemplates(
  db: Database,
  options: { userId: string; offset: number; limit: number },
) {
  return db
    .select(columns)
    .from(userTemplates)
    .where(eq(userTemplates.userId, options.userId))
    .orderBy(desc(userTemplates.createdAt), desc(userTemplates.id))
    .offset(options.offset)
    .limit(options.limit);
}

/** Other people's public templates, newest first. */
export async function selectCommunityTemplates(
  db: Database,
  options: { exceptUserId: string; search: string; offset: number; limit: number },
) {
  return db
    .select(columns)
    .from(userTemplates)
    .where(
      and(
        eq(userTemplates.isPublic, true),
        ne(userTemplates.userId, options.exceptUserId),
        options.search ? ilike(userTemplates.name, likePattern(options.search)) : undefined,
      ),
    )
    .orderBy(desc(userTemplates.createdAt), desc(userTemplates.id))
    .offset(options.offset)
    .limit(options.limit);
}

export async function selectUserTemplate(db: Database, id: string) {
  const rows = await db
    .select(columns)
    .from(userTemplates)
    .where(eq(userTemplates.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertUserTemplate(db: Database, row: typeof userTemplates.$inferInsert) {
  const [inserted] = await db.insert(userTemplates).values(row).returning(columns);
  return inserted!;
}

/** The update is limited to record id and user id, as the spec says: others' rows never change. */
export async function updateVisibility(
  db: Database,
  options: { id: string; userId: string; isPublic: boolean },
) {
  const rows = await db
    .update(userTemplates)
    .set({ isPublic: options.isPublic })
    .where(and(eq(userTemplates.id, options.id), eq(userTemplates.userId, options.userId)))
    .returning(columns);
  return rows[0] ?? null;
}

/** Renames one of the owner's templates; another person's id changes nothing. */
export async function updateTemplateName(
  db: Database,
  options: { id: string; userId: string; name: string },
) {
  const rows = await db
    .update(userTemplates)
    .set({ name: options.name })
    .where(and(eq(userTemplates.id, options.id), eq(userTemplates.userId, options.userId)))
    .returning(columns);
  return rows[0] ?? null;
}
