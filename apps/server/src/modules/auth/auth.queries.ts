import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';

export async function isEmailRegistered(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, sql`lower(${email})`))
    .limit(1);
  return rows.length > 0;
}
