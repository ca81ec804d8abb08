import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
};

export type FakeHandler = (
  request: RecordedRequest,
  response: ServerResponse,
) => void | Promise<void>;

/**
 * A local HTTP server standing in for OpenAI or Gemini: each test sets how it answers, and every
 * request is recorded so the test can check its shape.
 */
export async function startFakeAiServer(): Promise<{
  url: string;
  requests: RecordedRequest[];
  handle: (handler: FakeHandler) => void;
  close: () => Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  let handler: FakeHandler = (_request, response) => {
    response.writeHead(500).end();
  };
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded, response)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a recorded multipart body the way a server would. */
export async function readForm(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
