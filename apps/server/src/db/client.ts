import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One type for both drivers: services never know whether PGlite or a server answers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; used by /api/health. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/** Migrations sit beside the source in development and are copied beside the bundle in builds. */
export function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

// Any fixed number: serialises migrations when several API processes start at once.
const MIGRATION_LOCK_ID = 720_431_118;

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps everything in memory (tests). */
  pgliteDir?: string;
  migrate?: boolean;
  /** Told when an idle pooled connection dies (server restart, terminated backend). */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener an idle connection's error would end the process; the pool replaces it.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    if (options.migrate !== false) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }

  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const pgliteDb = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
