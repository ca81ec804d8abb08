import http from 'node:http';

/**
 * A load balancer in a few lines: each request to the next API process in turn, streamed both
 * ways (server-sent events pass through as they are written), with the client's address in
 * X-Forwarded-For as a real proxy sends it.
 */
export function startRoundRobinProxy(ports: number[], listenPort: number) {
  let next = 0;
  const server = http.createServer((request, response) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  return new Promise<http.Server>((resolve) =>
    server.listen(listenPort, '127.0.0.1', () => resolve(server)),
  );
}
