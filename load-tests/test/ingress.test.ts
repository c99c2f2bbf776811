// The topology's Ingress (frontends/e2e/harness/topology/ingress.ts) answers as a real ingress controller does: the
// upstream's answer without its connection's own headers, and its own keep-alive. It once passed the gateway's
// `Keep-Alive: timeout=65` on while closing idle connections itself after 5 s, and the drills' clients that waited
// out a `Retry-After: 5` got ECONNRESET on their next request (load-tests/README's "Found by the drills").
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INGRESS_KEEP_ALIVE_MS, IngressProxy } from '@vellum/e2e/topology';

describe("the topology's Ingress", () => {
  let upstream: http.Server;
  let ingress: IngressProxy;
  let base: string;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(503, [
        'Connection',
        'keep-alive, X-Hop',
        'Keep-Alive',
        'timeout=65',
        'X-Hop',
        'for this connection only',
        'Retry-After',
        '5',
        'Content-Type',
        'application/json',
      ]);
      res.end(JSON.stringify({ error: 'Try again soon.' }));
    });
    upstream.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    ingress = new IngressProxy(
      [{ path: '/api', pathType: 'Prefix', service: 'gateway' }],
      () => `http://127.0.0.1:${port}`,
    );
    base = await ingress.start(0);
  });
  afterAll(async () => {
    await ingress.stop();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("answers with its own keep-alive, never the upstream's, and keeps every end-to-end header and the body", async () => {
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.get(
          `${base}/api/anything`,
          { headers: { connection: 'keep-alive, x-mine', 'x-mine': 'hop' } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
      },
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['keep-alive']).toBe(`timeout=${INGRESS_KEEP_ALIVE_MS / 1000}`);
    expect(answer.headers['x-hop']).toBeUndefined();
    expect(answer.headers['retry-after']).toBe('5');
    expect(JSON.parse(answer.body)).toEqual({ error: 'Try again soon.' });
    // Nor are the client's connection headers passed on to the upstream.
    expect(seen.at(-1)!['x-mine']).toBeUndefined();
  });
});
