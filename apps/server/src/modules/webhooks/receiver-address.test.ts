import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './receiver-address.js';
import { sendWebhook } from './webhook-sender.js';

describe('webhook receivers in production (SSRF)', () => {
  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses to connect to a loopback receiver unless private addresses are allowed', async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits += 1;
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // By name (checked where the socket resolves it) and by literal address.
      const url = `http://localhost:${port}/hook`;
      for (const refusedUrl of [
        url,
        `http://127.0.0.1:${port}/hook`,
        `http://[::ffff:127.0.0.1]:${port}/hook`,
      ]) {
        const refused = await sendWebhook({
          url: refusedUrl,
          body: '{}',
          headers: {},
          allowPrivateAddresses: false,
        });
        expect(refused, refusedUrl).toMatchObject({ ok: false, statusCode: null });
      }
      expect(hits).toBe(0);
      const allowed = await sendWebhook({
        url,
        body: '{}',
        headers: {},
        allowPrivateAddresses: true,
      });
      expect(allowed).toEqual({ ok: true, statusCode: 204 });
      expect(hits).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
