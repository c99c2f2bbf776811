import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeWithServer, startServiceProcess } from '@vellum/platform/test-support';

/** With OTEL_EXPORTER_OTLP_ENDPOINT set, a process exports its request spans over OTLP/HTTP. */
describeWithServer('REDIS_URL', 'OpenTelemetry export', (redisUrl) => {
  let collector: Server;
  const received: Array<{ path: string; body: Buffer }> = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => collector.close(resolve)));

  it('sends the gateway request spans to the collector', async () => {
    const gateway = await startServiceProcess('gateway', {
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:8080',
      IDENTITY_URL: 'http://127.0.0.1:1',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    });
    expect((await fetch(`${gateway.url}/api/sc`)).status).toBe(503);
    expect(await gateway.stop()).toBe(0); // shutdown flushes the spans
    const traces = received.filter((r) => r.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    const payload = Buffer.concat(traces.map((t) => t.body)).toString('latin1');
    expect(payload).toContain('gateway');
    expect(payload).toMatch(/GET/);
  });
});
