import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { generations, storedObjects } from '../../db/schema.js';

/** Finished generations of a user with their result file, newest first. */
export async function selectDesignsPage(
  db: Database,
  options: { userId: string; offset: number; limit: number },
) {
  return db
    .select({
      id: storedObjects.id,
      name: storedObjects.name,
      key: storedObjects.key,
      createdAt: storedObjects.createdAt,
      number: generations.number,
    })
    .from(generations)
    .innerJoin(storedObjects, eq(storedObjects.id, generations.resultObjectId))
    .where(
      and(
        eq(generations.userId, options.userId),
        eq(generations.status, 'done'),
        eq(storedObjects.ownerId, options.userId),
        eq(storedObjects.bucket, 'user-creations'),
        sql`${storedObjects.name} ~* '\\.(jpe?g|png|gif|webp)$'`,
      ),
    )
    .orderBy(desc(storedObjects.createdAt), desc(generations.number))
    .offset(options.offset)
    .limit(options.limit);
}

/**
 * Records a finished design: a generation row (its number names the file `design_<number>.png`)
 * and the stored result, in one transaction. The generation flow of a later issue writes the same.
 */
export async function insertDesign(
  db: Database,
  options: {
    userId: string;
    templateId: number | null;
    userTemplateId: string | null;
    contentType: string;
    extension: string;
    size: number;
    width: number;
    height: number;
    createdAt: Date;
    storeFile: (key: string) => Promise<void>;
  },
) {
  return db.transaction(async (tx) => {
    const [generation] = await tx
      .insert(generations)
      .values({
        userId: options.userId,
        kind: 'swap',
        status: 'done',
        templateId: options.templateId,
        userTemplateId: options.userTemplateId,
        input: {},
        provider: 'import',
        creditState: 'charged',
        queuedAt: options.createdAt,
        finishedAt: options.createdAt,
      })
      .returning({ id: generations.id, number: generations.number });
    const name = `design_${generation!.number}.${options.extension}`;
    const key = `${options.userId}/${name}`;
    await options.storeFile(key);
    const [object] = await tx
      .insert(storedObjects)
      .values({
        bucket: 'user-creations',
        key,
        ownerId: options.userId,
        name,
        contentType: options.contentType,
        size: options.size,
        width: options.width,
        height: options.height,
        createdAt: options.createdAt,
      })
      .returning({ id: storedObjects.id });
    await tx
      .update(generations)
      .set({ resultObjectId: object!.id })
      .where(eq(generations.id, generation!.id));
    return { generationId: generation!.id, number: generation!.number, objectId: object!.id, name };
  });
}
