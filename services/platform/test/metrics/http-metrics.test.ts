import express, { Router } from 'express';
import request from 'supertest';
import { metricSamples, metricValue } from '../../test-support';
import {
  createMetricsRegistry,
  httpMetrics,
  serveMetrics,
  UNMATCHED_ROUTE,
  type MetricsServer,
  type Registry,
} from '../../src';

/** The `http_server_request_duration_seconds_count` samples: method, route and status, one string each, sorted. */
async function requestSeries(registry: Registry): Promise<string[]> {
  return metricSamples(await registry.metrics())
    .filter((s) => s.name === 'http_server_request_duration_seconds_count')
    .map(
      ({ labels: l }) =>
        `${l.http_request_method} ${l.http_route} ${l.http_response_status_code} ${l.service}`,
    )
    .sort();
}

function appWith(registry: Registry) {
  const app = express();
  app.use(httpMetrics(registry));
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  const router = Router();
  router.get('/api/vellum/:id', (_req, res) => res.json({}));
  router.post('/api/cirrus/:username/follow', (_req, res) => res.status(201).json({}));
  app.use(router);
  app.use(
    '/api/link',
    Router().get('/:id/clicks', (_req, res) => res.status(403).json({})),
  );
  app.use((_req, res) => res.status(404).json({ error: 'Not found' }));
  return app;
}

describe('HTTP server metrics', () => {
  it('labels each answer by method, route template and status, never by the id or name in the path', async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const app = appWith(registry);
    for (const id of ['0b5c6a1e-1', 'another-id', 'a third']) await request(app).get(`/api/vellum/${id}`);
    for (const name of ['ann', 'bob']) await request(app).post(`/api/cirrus/${name}/follow`);
    await request(app).get('/api/link/x9/clicks');
    // Made-up paths and methods cannot mint series either.
    for (const path of ['/nothing/here', '/api/vellum', '/wp-admin.php?x=1']) await request(app).get(path);
    await request(app).patch('/api/vellum/7');
    await request(app).options('/api/vellum/8');
    await request(app).get('/healthz');
    const series = await requestSeries(registry);
    expect(series).toEqual(
      [
        'GET /api/link/:id/clicks 403 test',
        'GET /api/vellum/:id 200 test',
        `GET ${UNMATCHED_ROUTE} 404 test`,
        // express answers OPTIONS itself (its Allow header) where a route has the path.
        `OPTIONS ${UNMATCHED_ROUTE} 200 test`,
        `PATCH ${UNMATCHED_ROUTE} 404 test`,
        'POST /api/cirrus/:username/follow 201 test',
      ].sort(),
    );
    const text = await registry.metrics();
    const vellumReads = metricSamples(text).find(
      (s) =>
        s.name === 'http_server_request_duration_seconds_count' && s.labels.http_route === '/api/vellum/:id',
    );
    expect(vellumReads?.value).toBe(3);
    for (const raw of ['0b5c6a1e', 'another-id', 'ann', 'bob', 'x9', 'wp-admin', 'healthz'])
      expect(text).not.toContain(raw);
  });

  it("names a method outside HTTP's own _OTHER, and counts requests in flight", async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const app = express();
    app.use(httpMetrics(registry));
    let release = () => {};
    app.get('/slow', (_req, res) => {
      release = () => res.json({});
    });
    const inFlight = request(app)
      .get('/slow')
      .then((r) => r.status);
    const activeGets = async () =>
      metricValue(await registry.metrics(), 'http_server_active_requests', {
        http_request_method: 'GET',
        service: 'test',
      });
    for (let i = 0; i < 100 && (await activeGets()) !== 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await activeGets()).toBe(1);
    release();
    expect(await inFlight).toBe(200);
    expect(await activeGets()).toBe(0);
    const custom = await new Promise<number>((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        fetch(`http://127.0.0.1:${port}/x`, { method: 'PURGE' })
          .then((r) => resolve(r.status), reject)
          .finally(() => server.close());
      });
    });
    expect(custom).toBe(404);
    expect(await requestSeries(registry)).toContainEqual(`_OTHER ${UNMATCHED_ROUTE} 404 test`);
  });
});

describe('the metrics port', () => {
  let server: MetricsServer;
  const registry = createMetricsRegistry('test');
  beforeAll(async () => {
    server = await serveMetrics(registry, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it("serves Prometheus' text at /metrics, with Node's runtime series", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of [
      'nodejs_eventloop_lag_p50_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'nodejs_active_handles_total',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('service="test"');
  });

  it('answers 404 to any other path or method', async () => {
    for (const [path, method] of [
      ['/', 'GET'],
      ['/metrics/x', 'GET'],
      ['/healthz', 'GET'],
      ['/metrics', 'POST'],
    ] as const) {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method });
      expect({ path, method, status: res.status }).toEqual({ path, method, status: 404 });
    }
  });
});
