import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  const releaseLock = inMemory ? () => {} : lockEmbeddedDatabase(dir);
  try {
    // pg_trgm backs template search's indexes (migration 0007); PostgreSQL has it built in.
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const pgliteDb = drizzlePglite(client, { schema });
    if (options.migrate !== false) await migratePglite(pgliteDb, { migrationsFolder });
    const db = pgliteDb as unknown as Database;
    return {
      db,
      kind: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same folder (the admin command
 * beside a running server) would write into a copy that the first one overwrites. A lock file
 * with the holder's process id keeps the second out; one left by a process that died is taken.
 */
function lockEmbeddedDatabase(dir: string): () => void {
  const lockFile = path.join(dir, 'adtwin.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dir} is open in another process (pid ${holder}), such as a running server. Stop it first, or use DATABASE_URL.`,
      );
    }
    fs.rmSync(lockFile, { force: true });
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dir}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
