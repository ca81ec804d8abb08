import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty database on the PostgreSQL server of TEST_DATABASE_URL, so each test server sees
 * only its own rows (as with PGlite in memory); undefined when the suite runs on PGlite.
 */
export async function createTestDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `adtwin_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
