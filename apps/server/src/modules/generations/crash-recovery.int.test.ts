import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.js';
import { creditLedger, generations, users } from '../../db/schema.js';
import {
  createClient,
  STRONG_PASSWORD,
  uniqueEmail,
  type Client,
} from '../../../test/test-server.js';
import { makeProductImage } from '../../../test/generation-fixtures.js';
import { createTestDatabase } from '../../../test/test-database.js';

const serverDir = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-crash-'));
let child: ChildProcess | null = null;
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server as its own process, on the same data folder (or database) every time. */
async function startServer(port: number): Promise<string> {
  const baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: testDatabase?.url ?? '',
      AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123',
      DISABLE_RATE_LIMITS: 'true',
      GENERATION_CONCURRENCY: '1',
      FREE_CREDITS: '3',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return baseUrl;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

/** Kills the server and waits until it is gone (its lock on the embedded database with it). */
async function killServer() {
  const killed = child;
  child = null;
  if (!killed || killed.exitCode !== null || killed.signalCode !== null) return;
  const exited = new Promise((resolve) => killed.once('exit', resolve));
  killed.kill('SIGKILL');
  await exited;
}

afterAll(async () => {
  await killServer();
  await testDatabase?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(client: Client, baseUrl: string) {
  const email = uniqueEmail('crash');
  await client.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: STRONG_PASSWORD, name: 'Crash Test' },
  });
  const outbox = await (await fetch(`${baseUrl}/dev/outbox`)).text();
  const article = outbox.split('<article>').find((part) => part.includes(`To ${email}`))!;
  const link = article.match(/href="([^"]+)"/)![1]!.replaceAll('&#38;', '&');
  expect((await client.request(link)).status).toBe(302);
}

describe('a server killed during a job', () => {
  it('loses nothing and charges once when started again', { timeout: 240_000 }, async () => {
    const port = await freePort();
    let baseUrl = await startServer(port);
    const client = createClient(baseUrl);
    await signUp(client, baseUrl);

    const form = new FormData();
    form.set(
      'file',
      new Blob([new Uint8Array(await makeProductImage())], { type: 'image/png' }),
      'bottle.png',
    );
    const upload = (await (
      await client.request('/api/uploads', { method: 'POST', body: form })
    ).json()) as { id: string };
    const list = (await (await client.request('/api/templates?limit=1')).json()) as {
      items: { id: number }[];
    };
    const templateId = list.items[0]!.id;

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.request('/api/generations/swap', {
        method: 'POST',
        json: { templateId, productUploadId: upload.id },
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Kill as soon as the first job runs: it is mid-way, the others wait in the queue.
    for (let i = 0; i < 200; i++) {
      const state = (await (await client.request(`/api/generations/${ids[0]}`)).json()) as {
        status: string;
      };
      if (state.status === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await killServer();

    baseUrl = await startServer(port);
    const statuses: string[] = [];
    for (const id of ids) {
      let status = '';
      for (let i = 0; i < 400 && status !== 'done' && status !== 'failed'; i++) {
        status = (
          (await (await client.request(`/api/generations/${id}`)).json()) as { status: string }
        ).status;
        if (status !== 'done') await new Promise((resolve) => setTimeout(resolve, 250));
      }
      statuses.push(status);
    }
    expect(statuses).toEqual(['done', 'done', 'done']);
    const credits = (await (await client.request('/api/me/credits')).json()) as {
      credits: number;
      creditsUsed: number;
    };
    expect(credits).toMatchObject({ credits: 3, creditsUsed: 3 });
    await killServer();

    // Looked at directly: one debit per job, no refund, and the ledger equals the counters.
    const database = await openDatabase({
      databaseUrl: testDatabase?.url,
      pgliteDir: path.join(dataDir, 'db'),
      migrate: false,
    });
    try {
      const rows = await database.db
        .select()
        .from(generations)
        .where(sql`${generations.id} in ${ids}`);
      expect(rows.every((row) => row.creditState === 'charged')).toBe(true);
      // The first job was claimed before the kill and again after the restart.
      expect(rows.find((row) => row.id === ids[0])?.attempts).toBe(2);
      const userId = rows[0]!.userId;
      const ledger = await database.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      expect(ledger.filter((row) => row.kind === 'debit')).toHaveLength(3);
      expect(ledger.filter((row) => row.kind === 'refund')).toHaveLength(0);
      const [profile] = await database.db.select().from(users).where(eq(users.userId, userId));
      expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(
        profile!.credits - profile!.creditsUsed,
      );
    } finally {
      await database.close();
    }
  });
});
