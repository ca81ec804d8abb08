import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '@adtwin/engine';
import { createScriptedProvider } from '../../../test/scripted-provider.js';
import { seedOfficialTemplate, seedUpload } from '../../../test/generation-fixtures.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';

type Received = { headers: IncomingMessage['headers']; body: string };

/** A webhook receiver on loopback; `failFirst` answers 500 to that many requests first. */
async function startReceiver(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(500).end('not now');
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/adtwin`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does: recompute the HMAC of "t.body" with its secret, compare in constant time. */
function verifySignature(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const scripted = createScriptedProvider();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { DISABLE_RATE_LIMITS: 'true', FREE_CREDITS: '5', WEBHOOK_RETRY_BASE_MS: '100' },
    { imageProvider: scripted.provider },
  );
});
afterAll(() => t.stop());

async function keyWithWebhook(url: string) {
  const { client, userId } = await signUpVerified(t);
  const created = (await (
    await client.request('/api/api-keys', { method: 'POST', json: { name: 'Hooks' } })
  ).json()) as { id: string; key: string };
  const hook = (await (
    await client.request(`/api/api-keys/${created.id}/webhook`, { method: 'PUT', json: { url } })
  ).json()) as { secret: string };
  const startSwap = async () => {
    const template = await seedOfficialTemplate(t);
    const upload = await seedUpload(t, { userId });
    const res = await fetch(`${t.baseUrl}/api/v1/generations/swap`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: template.id, productUploadId: upload.id }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };
  return { client, keyId: created.id, secret: hook.secret, startSwap };
}

type Delivery = { event: string; status: string; attempts: number; lastStatusCode: number | null };

describe('webhooks', () => {
  it('a loopback receiver gets each finished and each failed generation once, signed', async () => {
    const receiver = await startReceiver();
    try {
      const { client, keyId, secret, startSwap } = await keyWithWebhook(receiver.url);
      const doneId = await startSwap();
      await waitFor(() => (receiver.received.length >= 1 ? true : undefined));
      scripted.failWith(new EngineError('provider_error', 'The engine could not place it.'));
      const failedId = await startSwap();
      await waitFor(() => (receiver.received.length >= 2 ? true : undefined));
      // Time for any duplicate to arrive (retries here come after 100 ms).
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(receiver.received).toHaveLength(2);

      const [done, failed] = receiver.received.map((r) => ({
        ...r,
        json: JSON.parse(r.body) as { event: string; data: { id: string; status: string } },
      }));
      expect(done!.json).toMatchObject({
        event: 'generation.done',
        data: { id: doneId, status: 'done' },
      });
      expect(failed!.json).toMatchObject({
        event: 'generation.failed',
        data: { id: failedId, status: 'failed' },
      });
      for (const r of receiver.received) {
        const signature = String(r.headers['adtwin-signature']);
        expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifySignature(signature, r.body, secret)).toBe(true);
        expect(verifySignature(signature, r.body, 'whsec_wrong')).toBe(false);
        expect(Math.abs(Number(/t=(\d+)/.exec(signature)![1]) - Date.now() / 1000)).toBeLessThan(
          60,
        );
      }

      const log = (await (await client.request(`/api/api-keys/${keyId}/deliveries`)).json()) as {
        items: Delivery[];
      };
      expect(log.items).toHaveLength(2);
      expect(log.items.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
      expect(log.items.map((d) => d.lastStatusCode)).toEqual([204, 204]);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that fails twice gets the event on the third try, each attempt logged', async () => {
    const receiver = await startReceiver({ failFirst: 2 });
    try {
      const { client, keyId, secret, startSwap } = await keyWithWebhook(receiver.url);
      const id = await startSwap();
      await waitFor(() => (receiver.received.length >= 3 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(receiver.received).toHaveLength(3);
      // The same event each time, signed each time.
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ data: { id } });
      for (const r of receiver.received)
        expect(verifySignature(String(r.headers['adtwin-signature']), r.body, secret)).toBe(true);
      const items = (
        (await (await client.request(`/api/api-keys/${keyId}/deliveries`)).json()) as {
          items: Delivery[];
        }
      ).items;
      expect(items).toEqual([
        expect.objectContaining({
          event: 'generation.done',
          status: 'delivered',
          attempts: 3,
          lastStatusCode: 204,
        }),
      ]);
    } finally {
      await receiver.close();
    }
  });
});
