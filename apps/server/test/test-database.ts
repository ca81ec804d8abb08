import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the scaled-shape tests need whatever the suite runs on. */
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { url: string; drop: () => Promise<void> };

async function onServer(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database on a PostgreSQL server (TEST_DATABASE_URL's, else the local one), for
 * tests of several processes sharing one database; `drop` removes it.
 */
export async function createPostgresDatabase(
  serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
): Promise<TestDatabase> {
  const name = `adtwin_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh, empty database on the PostgreSQL server of TEST_DATABASE_URL, so each test server sees
 * only its own rows (as with PGlite in memory); undefined when the suite runs on PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  return base ? createPostgresDatabase(base) : undefined;
}
