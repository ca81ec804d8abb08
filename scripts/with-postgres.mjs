#!/usr/bin/env node
// Runs a command against a fresh database on the PostgreSQL server, then drops it.
// Usage: node scripts/with-postgres.mjs <command...>
// Server: PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = require('pg');

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `adtwin_test_${Date.now().toString(36)}_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch (error) {
  console.error(`PostgreSQL is not reachable at ${adminUrl}: ${error.message}`);
  process.exit(1);
}
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;
console.log(`Running on PostgreSQL database ${name}`);

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl.toString() },
});
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
process.exit(result.status ?? 1);
