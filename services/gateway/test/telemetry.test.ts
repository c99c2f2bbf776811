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

  it("carries the trace to the service it proxies to, under the gateway's span of that call", async () => {
    const seen: Array<string | undefined> = [];
    const service = createServer((req, res) => {
      seen.push(req.headers.traceparent as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      received.length = 0;
      const gateway = await startServiceProcess('gateway', {
        REDIS_URL: redisUrl,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: 'http://localhost:8080',
        IDENTITY_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_TRACES_SAMPLER: 'always_on',
      });
      expect((await fetch(`${gateway.url}/api/sc`)).status).toBe(200);
      expect(await gateway.stop()).toBe(0);
      const [, traceId, spanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(seen[0] ?? '') ?? [];
      expect(traceId).toBeDefined();
      // The exported spans name that trace and the span the service is told is its parent (the gateway's client span).
      const payload = Buffer.concat(received.filter((r) => r.path === '/v1/traces').map((t) => t.body));
      const text = payload.toString('latin1');
      const inPayload = (hex: string) => text.includes(hex) || payload.includes(Buffer.from(hex, 'hex'));
      expect([inPayload(traceId!), inPayload(spanId!)]).toEqual([true, true]);
    } finally {
      service.close();
    }
  });
});
