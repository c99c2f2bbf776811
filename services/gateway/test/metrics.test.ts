import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  createMetricsRegistry,
  memoryLimiters,
  MemorySessionStore,
  serve,
  type Registry,
  type RunningServer,
} from '@vellum/platform';
import { metricValue } from '@vellum/platform/test-support';
import { createGateway } from '../src/gateway';
import { routeLabelOf } from '../src/http/gateway-metrics';
import { routeTable } from '../src/routes';

const logger = pino({ level: 'silent' });

/** The value of one of the gateway's series. */
async function valueOf(registry: Registry, name: string, labels: Record<string, string>) {
  return metricValue(await registry.metrics(), name, { ...labels, service: 'gateway' });
}

describe("the gateway's metrics", () => {
  let upstream: Server;
  let running: RunningServer;
  let registry: Registry;
  let url: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      res.writeHead(req.url?.startsWith('/api/cirrus/') ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const shellDir = mkdtempSync(path.join(tmpdir(), 'shell-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Vellum</title>');
    registry = createMetricsRegistry('gateway', { runtime: false });
    const gateway = createGateway({
      logger,
      metrics: registry,
      upstreams: {
        identity: { url: upstreamUrl },
        social: { url: upstreamUrl },
        vellum: { url: 'http://127.0.0.1:1' },
      },
      sessions: new MemorySessionStore(),
      limiters: memoryLimiters,
      publicUrl: 'http://127.0.0.1',
      sessionSecret: 's'.repeat(32),
      internalAuthSecret: 'i'.repeat(32),
      authRatePerMinute: 2,
      frontends: { shellDir, remoteUrls: {}, version: '1.0.0' },
    });
    running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
    url = running.url;
  });
  afterAll(async () => {
    await running.stop();
    upstream.close();
  });

  it('answers /metrics on the public port with 404, to a browser and to a scraper alike', async () => {
    for (const accept of ['text/html', 'text/plain;version=0.0.4;q=0.5,*/*;q=0.1', 'application/json']) {
      const res = await fetch(`${url}/metrics`, { headers: { accept } });
      expect({ accept, status: res.status, body: (await res.text()).includes('# TYPE') }).toEqual({
        accept,
        status: 404,
        body: false,
      });
    }
  });

  it("labels a proxied call by the gateway's rule and its upstream, never by the name in its path", async () => {
    for (const name of ['ann', 'bob', 'carmen']) await fetch(`${url}/api/cirrus/${name}/followers`);
    const rule = routeTable.find((r) => r.pattern.test('/api/cirrus/ann/followers'))!;
    expect(routeLabelOf(rule)).toBe('/api/cirrus/:param/(follow|followers|following)');
    expect(
      await valueOf(registry, 'http_server_request_duration_seconds_count', {
        http_request_method: 'GET',
        http_route: routeLabelOf(rule),
        http_response_status_code: '200',
      }),
    ).toBe(3);
    expect(
      await valueOf(registry, 'gateway_upstream_request_duration_seconds_count', {
        upstream: 'social',
        http_response_status_code: '200',
      }),
    ).toBe(3);
    const text = await registry.metrics();
    for (const name of ['ann', 'bob', 'carmen']) expect(text).not.toContain(name);
  });

  it('counts an upstream it could not reach, and the refusals of each rate limit', async () => {
    const down = await fetch(`${url}/api/vellums`);
    expect(down.status).toBe(503);
    expect(
      await valueOf(registry, 'gateway_upstream_errors_total', {
        upstream: 'vellum',
        error_type: 'unreachable',
      }),
    ).toBe(1);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${url}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
        body: '{}',
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(await valueOf(registry, 'gateway_rate_limit_refusals_total', { rule: 'signin' })).toBe(2);
  });

  it('gives every rule of the route table a label of its own', () => {
    const labels = routeTable.map(routeLabelOf);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^\//);
  });
});
