import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminUsageError, runAdminCommand } from './admin.js';
import { openDatabase } from './db/client.js';
import { authUsers, creditLedger, users } from './db/schema.js';

// The command opens the database itself: a PGlite folder on disk (a stopped embedded server),
// or the PostgreSQL server of TEST_DATABASE_URL.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-admin-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' };
const email = `admin.${Date.now().toString(36)}.${process.pid}@example.test`;
let userId = '';

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'db'),
  });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  userId = `admin-test-${Date.now().toString(36)}-${process.pid}`;
  await withDb(async (db) => {
    await db.insert(authUsers).values({ id: userId, name: 'Admin Test', email });
    // Like a real sign-up: the free allowance and its ledger grant, so the ledger sums right.
    await db.insert(users).values({ userId, credits: 3 });
    await db
      .insert(creditLedger)
      .values({ userId, kind: 'grant', amount: 3, key: `signup:${userId}` });
  });
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('admin command', () => {
  it.skipIf(Boolean(env.DATABASE_URL))(
    'refuses to open an embedded database that a running process holds',
    async () => {
      // A live process other than this one holds the lock: the test runner's parent.
      const lockFile = path.join(dataDir, 'db', 'adtwin.lock');
      fs.writeFileSync(lockFile, String(process.ppid));
      try {
        await expect(runAdminCommand(['grant-credits', email, '5'], env)).rejects.toThrow(
          `The embedded database in ${path.join(dataDir, 'db')} is open in another process (pid ${process.ppid}), such as a running server. Stop it first, or use DATABASE_URL.`,
        );
      } finally {
        fs.rmSync(lockFile, { force: true });
      }
    },
  );

  it('grants credits by e-mail (any case), through the ledger', async () => {
    const out = await runAdminCommand(['grant-credits', email.toUpperCase(), '5'], env);
    expect(out).toContain('0 of 8 credits used');
    const rows = await withDb((db) =>
      db.select().from(creditLedger).where(eq(creditLedger.userId, userId)),
    );
    expect(rows.map((r) => r.amount)).toEqual([3, 5]);
  });

  it('sets a plan with its allowance for a period, and back to free', async () => {
    const out = await runAdminCommand(['set-plan', email, 'enterprise_weekly'], env);
    expect(out).toMatch(/Enterprise Weekly, 0 of 25 credits used, period ends/);
    const [row] = await withDb((db) => db.select().from(users).where(eq(users.userId, userId)));
    expect(row).toMatchObject({
      subscriptionTier: 'enterprise_weekly',
      credits: 25,
      cancelAtPeriodEnd: true,
    });
    const free = await runAdminCommand(['set-plan', email, 'free'], env);
    expect(free).toContain('Free');
  });

  it('refuses unknown commands, plans, amounts and people', async () => {
    await expect(runAdminCommand(['grant-credits', email], env)).rejects.toBeInstanceOf(
      AdminUsageError,
    );
    await expect(runAdminCommand(['set-plan', email, 'gold'], env)).rejects.toBeInstanceOf(
      AdminUsageError,
    );
    await expect(runAdminCommand(['grant-credits', email, '-4'], env)).rejects.toBeInstanceOf(
      AdminUsageError,
    );
    await expect(
      runAdminCommand(['grant-credits', 'nobody@example.test', '4'], env),
    ).rejects.toThrow(/No account/);
  });
});
