import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TemplateSort, UserVote, VoteType } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { generations, templateVotes, templates, userTemplates } from '../../db/schema.js';

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type TemplatePageOptions = {
  /** Whose vote to read beside each template. */
  userId: string;
  categoryKeywords: readonly string[] | null;
  category: string | null;
  search: string;
  sort: TemplateSort;
  offset: number;
  limit: number;
};

export async function selectTemplatePage(db: Database, options: TemplatePageOptions) {
  return await templatePageQuery(db, options);
}

/**
 * The page's query, not yet run, so a test can EXPLAIN exactly what the page runs. The ILIKE
 * filters on name and category are answered by their trigram indexes (migration 0007).
 */
export function templatePageQuery(db: Database, options: TemplatePageOptions) {
  const filters: SQL[] = [];
  if (options.category && options.categoryKeywords) {
    // The spec matches categories by keywords in the name; the recorded category counts too.
    filters.push(
      or(
        eq(templates.category, options.category),
        ...options.categoryKeywords.map((keyword) => ilike(templates.name, likePattern(keyword))),
      )!,
    );
  }
  if (options.search) {
    // A person searching "fashion" means the category as much as a word of the name.
    const pattern = likePattern(options.search);
    filters.push(or(ilike(templates.name, pattern), ilike(templates.category, pattern))!);
  }
  const order =
    options.sort === 'most_used'
      ? [desc(templates.usageCount), desc(templates.createdAt), asc(templates.id)]
      : [desc(templates.createdAt), desc(templates.id)];
  return db
    .select({
      id: templates.id,
      name: templates.name,
      category: templates.category,
      imageKey: templates.imageKey,
      width: templates.width,
      height: templates.height,
      attribution: templates.attribution,
      usageCount: templates.usageCount,
      likeCount: templates.likeCount,
      dislikeCount: templates.dislikeCount,
      createdAt: templates.createdAt,
      userVote: templateVotes.voteType,
    })
    .from(templates)
    .leftJoin(
      templateVotes,
      and(eq(templateVotes.templateId, templates.id), eq(templateVotes.userId, options.userId)),
    )
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(...order)
    .offset(options.offset)
    .limit(options.limit);
}

export async function selectTemplate(db: Database, id: number) {
  const rows = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function selectUserVote(
  db: Database,
  userId: string,
  templateId: number,
): Promise<UserVote> {
  const rows = await db
    .select({ voteType: templateVotes.voteType })
    .from(templateVotes)
    .where(and(eq(templateVotes.userId, userId), eq(templateVotes.templateId, templateId)))
    .limit(1);
  return (rows[0]?.voteType as VoteType | undefined) ?? 'none';
}

/**
 * Sets one person's vote and recounts the template in one transaction. The template row is locked
 * first, so concurrent votes on it queue up and each recount (a new statement, a new snapshot in
 * READ COMMITTED) sees every vote committed before it: the counts always equal the vote rows.
 */
export async function writeVote(
  db: Database,
  options: { userId: string; templateId: number; vote: UserVote },
) {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(eq(templates.id, options.templateId))
      .for('update');
    if (!locked.length) return null;
    const before = await tx
      .select({ voteType: templateVotes.voteType })
      .from(templateVotes)
      .where(
        and(
          eq(templateVotes.userId, options.userId),
          eq(templateVotes.templateId, options.templateId),
        ),
      );
    const previous = (before[0]?.voteType as VoteType | undefined) ?? 'none';
    if (options.vote === 'none') {
      await tx
        .delete(templateVotes)
        .where(
          and(
            eq(templateVotes.userId, options.userId),
            eq(templateVotes.templateId, options.templateId),
          ),
        );
    } else {
      await tx
        .insert(templateVotes)
        .values({ userId: options.userId, templateId: options.templateId, voteType: options.vote })
        .onConflictDoUpdate({
          target: [templateVotes.userId, templateVotes.templateId],
          set: { voteType: options.vote, updatedAt: new Date() },
        });
    }
    const [counts] = await tx
      .update(templates)
      .set({
        likeCount: sql`(select count(*)::int from ${templateVotes} where ${templateVotes.templateId} = ${options.templateId} and ${templateVotes.voteType} = 'like')`,
        dislikeCount: sql`(select count(*)::int from ${templateVotes} where ${templateVotes.templateId} = ${options.templateId} and ${templateVotes.voteType} = 'dislike')`,
      })
      .where(eq(templates.id, options.templateId))
      .returning({
        likes: templates.likeCount,
        dislikes: templates.dislikeCount,
        usageCount: templates.usageCount,
      });
    return { previous, counts: counts! };
  });
}

/**
 * Adds a finished generation to its template's usage count exactly once: the generation is marked
 * counted by a conditional update, and only the caller that made that change increments.
 */
export async function countGenerationUsage(db: Database, generationId: string) {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(generations)
      .set({ usageCountedAt: new Date() })
      .where(and(eq(generations.id, generationId), sql`${generations.usageCountedAt} is null`))
      .returning({
        templateId: generations.templateId,
        userTemplateId: generations.userTemplateId,
      });
    if (!marked) return false;
    if (marked.templateId) {
      await tx
        .update(templates)
        .set({ usageCount: sql`${templates.usageCount} + 1` })
        .where(eq(templates.id, marked.templateId));
    }
    if (marked.userTemplateId) {
      await tx
        .update(userTemplates)
        .set({ usageCount: sql`${userTemplates.usageCount} + 1` })
        .where(eq(userTemplates.id, marked.userTemplateId));
    }
    return true;
  });
}

/** Every template's category and image, oldest first: the first of each category is its cover. */
export async function selectCategoryImages(db: Database) {
  return db
    .select({ category: templates.category, imageKey: templates.imageKey })
    .from(templates)
    .orderBy(asc(templates.id));
}
