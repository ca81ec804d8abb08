import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { BUG_REPORT_MESSAGES } from '@adtwin/shared';
import { bugReports } from '../../db/schema.js';
import {
  createClient,
  signUpVerified,
  startTestServer,
  type TestServer,
} from '../../../test/test-server.js';

let t: TestServer;
let png: Buffer;
beforeAll(async () => {
  t = await startTestServer({ DISABLE_RATE_LIMITS: 'true', SUPPORT_EMAIL: 'support@adtwin.test' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
});
afterAll(() => t.stop());

function form(description: string, files: { name: string; bytes: Buffer; type?: string }[]) {
  const body = new FormData();
  body.set('description', description);
  for (const file of files)
    body.append(
      'attachments',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  return body;
}

async function reportsOf(userId: string) {
  return t.server.database.db
    .select()
    .from(bugReports)
    .where(eq(bugReports.userId, userId))
    .orderBy(desc(bugReports.createdAt));
}

describe('problem reports', () => {
  it('stores the report and its images under the user id, and forwards it to support', async () => {
    const { client, userId, email } = await signUpVerified(t);
    const res = await client.request('/api/bug-reports', {
      method: 'POST',
      body: form('  The button does nothing  ', [
        { name: 'one.png', bytes: png },
        { name: 'two.png', bytes: png },
      ]),
    });
    expect(res.status).toBe(201);
    const [report] = await reportsOf(userId);
    expect(report).toMatchObject({ email, description: 'The button does nothing' });
    const keys = report!.attachments as string[];
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.startsWith(`${userId}/`)).toBe(true);
      expect(await t.server.storage.exists('bug-reports', key)).toBe(true);
    }
    const mail = await t.latestMailTo('support@adtwin.test');
    expect(mail?.subject).toBe(`Problem report from ${email}`);
    expect(mail?.text).toContain('The button does nothing');
    expect(mail?.text).toContain('/api/files/bug-reports/');
    expect(report?.forwardedAt).not.toBeNull();
  });

  it.each([
    ['an empty description', '', []],
    ['a whitespace description', '   \n ', []],
    ['an over-long description', 'x'.repeat(5001), []],
  ])('refuses %s', async (_label, description, files) => {
    const { client, userId } = await signUpVerified(t);
    const res = await client.request('/api/bug-reports', {
      method: 'POST',
      body: form(description, files),
    });
    expect(res.status).toBe(400);
    expect(await reportsOf(userId)).toEqual([]);
  });

  it('refuses an eleventh attachment with the spec text, storing nothing', async () => {
    const { client, userId } = await signUpVerified(t);
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: png }));
    const res = await client.request('/api/bug-reports', {
      method: 'POST',
      body: form('Many screenshots', files),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: BUG_REPORT_MESSAGES.tooManyAttachments });
    expect(await reportsOf(userId)).toEqual([]);
    expect(await t.server.storage.list('bug-reports', `${userId}/`)).toEqual([]);
  });

  it('refuses a non-image renamed .png, whatever type the browser claimed', async () => {
    const { client, userId } = await signUpVerified(t);
    const res = await client.request('/api/bug-reports', {
      method: 'POST',
      body: form('Here is my file', [
        { name: 'good.png', bytes: png },
        { name: 'evil.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
      ]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain('evil.png');
    expect(await t.server.storage.list('bug-reports', `${userId}/`)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await createClient(t.baseUrl).request('/api/bug-reports', {
      method: 'POST',
      body: form('Hello', []),
    });
    expect(res.status).toBe(401);
  });
});
