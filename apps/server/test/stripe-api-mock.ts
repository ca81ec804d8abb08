import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedStripeRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
};

/**
 * A local HTTP server answering the few Stripe API calls the app makes (Checkout Sessions, created
 * and retrieved, and Billing Portal Sessions) with Stripe-shaped JSON, so the real `stripe` SDK can be driven in
 * tests. Every request is recorded for assertions; `failNext` makes the next call fail like Stripe.
 */
export async function startStripeApiMock() {
  const requests: RecordedStripeRequest[] = [];
  /** Checkout Sessions created so far, as Stripe would answer them on a retrieve. */
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  let failures = 0;
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        form: new URLSearchParams(body),
      });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${++counter}`,
        });
        res.end(JSON.stringify(json));
      };
      if (failures > 0) {
        failures -= 1;
        return reply(400, {
          error: { type: 'invalid_request_error', message: 'No such price: price_missing' },
        });
      }
      counter += 1;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${counter}`;
        const form = new URLSearchParams(body);
        const session = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          metadata: Object.fromEntries(
            [...form]
              .filter(([key]) => key.startsWith('metadata['))
              .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
          ),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        checkoutSessions.set(id, session);
        return reply(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve) {
        const session = checkoutSessions.get(decodeURIComponent(retrieve[1]!));
        if (session) return reply(200, session);
        return reply(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
          },
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = `bps_test_${counter}`;
        return reply(200, {
          id,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      reply(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The person paid on Stripe's page: the session reads complete and paid from now on. */
    completeCheckout(id: string) {
      const session = checkoutSessions.get(id);
      if (!session) throw new Error(`no checkout session ${id}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
    },
    failNext(count = 1) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
