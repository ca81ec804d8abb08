import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { PrivateAddressError, isPublicAddress, publicOnlyLookup } from './receiver-address.js';

export type SendOutcome =
  { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/** A receiver has this long to answer; its answer's body is never read beyond 4 KB. */
const TIMEOUT_MS = 10_000;

/**
 * POSTs a webhook body. In production the connection may only reach public addresses (checked on
 * the address really connected to, see publicOnlyLookup); redirects are not followed.
 */
export function sendWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivateAddresses: boolean;
}): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return resolve({ ok: false, statusCode: null, error: 'invalid address' });
    }
    // A literal address never goes through `lookup`, so it is judged here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!options.allowPrivateAddresses && isIP(literal) && !isPublicAddress(literal)) {
      return resolve({
        ok: false,
        statusCode: null,
        error: new PrivateAddressError(literal).message,
      });
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          'user-agent': 'Adtwin-Webhooks/1',
          ...options.headers,
        },
        timeout: TIMEOUT_MS,
        ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 4096) response.destroy();
        });
        response.on('close', () =>
          resolve(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode }
              : { ok: false, statusCode, error: `the receiver answered ${statusCode}` },
          ),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('the receiver did not answer in time')));
    request.on('error', (error) =>
      resolve({ ok: false, statusCode: null, error: error.message.slice(0, 300) }),
    );
    request.end(options.body);
  });
}
