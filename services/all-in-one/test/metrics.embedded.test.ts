import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '@vellum/platform';
import { metricSamples, metricValue } from '@vellum/platform/test-support';
import { embeddedEnv } from '../src/config';
import { startEmbedded } from '../src/embedded';
import { describeEmbedded } from './embedded.harness';

// Issue 26: the embedded process serves its metrics on METRICS_PORT, never on the public port, each call labelled by
// the route template of the service that answered it.
describeEmbedded('metrics of the embedded product', (_url, product) => {
  const scrape = async () => {
    const res = await fetch(product().metricsUrl);
    expect(res.status).toBe(200);
    return res.text();
  };

  it("labels each call by its service's route template, with no name or id of the path in any series", async () => {
    const names = ['zelda-metrics', 'yorick-metrics'];
    for (const name of names) expect((await fetch(`${product().url}/api/cirrus/${name}`)).status).toBe(404);
    const id = '3f9c2f4e-7a1b-4c3d-9e8f-0a1b2c3d4e5f';
    await fetch(`${product().url}/api/vellum/${id}`);
    const text = await scrape();
    expect(
      metricValue(text, 'http_server_request_duration_seconds_count', {
        service: 'vellum',
        http_request_method: 'GET',
        http_route: '/api/cirrus/:username',
        http_response_status_code: '404',
      }),
    ).toBe(2);
    expect(metricSamples(text).some((s) => s.labels.http_route === '/api/vellum/:id')).toBe(true);
    for (const raw of [...names, id]) expect(text).not.toContain(raw);
  });

  it("shows every service's outbox, the consumer groups' lag and Node's runtime", async () => {
    const samples = metricSamples(await scrape());
    const outboxes = samples.filter((s) => s.name === 'outbox_pending_events').map((s) => s.labels.outbox);
    expect(outboxes).toEqual(
      expect.arrayContaining(['identity', 'vellum', 'social', 'action', 'link', 'messaging']),
    );
    const lags = samples.filter((s) => s.name === 'events_consumer_lag');
    expect(lags.length).toBeGreaterThan(0);
    for (const lag of lags)
      expect(lag.labels).toEqual({
        service: 'vellum',
        consumer_group: expect.any(String),
        topic: expect.any(String),
      });
    expect(
      samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds' && s.labels.service === 'vellum'),
    ).toBe(true);
  });

  it('answers /metrics on the public port with 404', async () => {
    for (const accept of ['text/html', 'text/plain', 'application/json']) {
      const res = await fetch(`${product().url}/metrics`, { headers: { accept } });
      expect({ accept, status: res.status }).toEqual({ accept, status: 404 });
    }
  });
});

describe('METRICS_PORT=off', () => {
  it('serves no metrics and still answers every call', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vellum-metrics-off-'));
    const product = await startEmbedded(
      parseConfig(embeddedEnv, { PORT: '0', METRICS_PORT: 'off', DATA_DIR: dir, LOG_LEVEL: 'silent' }),
    );
    try {
      expect(product.metricsPort).toBeUndefined();
      expect((await fetch(`${product.url}/api/vellums?limit=1`)).status).toBe(200);
      expect((await fetch(`${product.url}/metrics`)).status).toBe(404);
    } finally {
      await product.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
