import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bugReports } from '../../db/schema.js';

export async function insertBugReport(
  db: Database,
  values: { userId: string; email: string; description: string; attachments: string[] },
) {
  const [row] = await db.insert(bugReports).values(values).returning({ id: bugReports.id });
  return row!;
}

export async function countRecentReports(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bugReports)
    .where(
      and(eq(bugReports.userId, userId), gt(bugReports.createdAt, sql`now() - interval '1 hour'`)),
    );
  return row?.n ?? 0;
}

export async function markForwarded(db: Database, id: string) {
  await db.update(bugReports).set({ forwardedAt: new Date() }).where(eq(bugReports.id, id));
}
