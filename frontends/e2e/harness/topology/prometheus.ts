import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../ports';
import { findTool } from './chart';
import type { ScrapeTarget } from './monitors';

/** One series of an instant query: its labels and value. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface RunningPrometheus {
  url: string;
  query(expr: string): Promise<Sample[]>;
  /** `expr` again every half second until `done` holds of its answer or 30 s passed: the last answer. */
  queryUntil(expr: string, done: (samples: Sample[]) => boolean): Promise<Sample[]>;
  /** The values of `label` over the series `match` selects. */
  labelValues(label: string, match: string): Promise<string[]>;
  /** Every label name of every series. */
  labelNames(): Promise<string[]>;
  stop(): Promise<void>;
}

async function api<T>(url: string): Promise<T> {
  const body = (await (await fetch(url)).json()) as { status: string; data: T };
  if (body.status !== 'success') throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * A real Prometheus (scripts/servers/go-tools.sh builds it) on a loopback port, scraping `targets` every 2 s with
 * their labels as the operator's scrape configuration sets them (`honor_labels: false`), and evaluating `ruleFiles`
 * (the chart's recording and alerting rules) as often. Resolves once every target has been scraped up; otherwise
 * fails naming the targets' last errors.
 */
export async function startPrometheus(
  targets: ScrapeTarget[],
  dir: string,
  ruleFiles: string[] = [],
): Promise<RunningPrometheus> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'prometheus.yml');
  // JSON is YAML.
  writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: '2s', scrape_timeout: '2s', evaluation_interval: '2s' },
      rule_files: ruleFiles,
      scrape_configs: [
        {
          job_name: 'monitors',
          honor_labels: false,
          static_configs: targets.map((t) => ({
            targets: [t.address],
            labels: { ...t.labels, __metrics_path__: t.path },
          })),
        },
      ],
    }),
  );
  let log = '';
  const child = spawn(
    findTool('prometheus'),
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const query = async (expr: string) => {
    const { result } = await api<{
      result: Array<{ metric: Record<string, string>; value: [number, string] }>;
    }>(`${url}/api/v1/query?${new URLSearchParams({ query: expr })}`);
    return result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited ${child.exitCode}:\n${log}`);
    // Each target scraped once (a later scrape may time out on a busy machine).
    const up = await query('max_over_time(up[1m]) == 1').catch(() => []);
    if (up.length === targets.length) break;
    if (Date.now() > deadline) {
      const health = await api<{ activeTargets: Array<{ labels: { pod?: string }; lastError: string }> }>(
        `${url}/api/v1/targets`,
      ).catch((error: Error) => error.message);
      await stop();
      throw new Error(
        `${up.length} of ${targets.length} targets up after 60 s: ${JSON.stringify(health).slice(0, 2000)}\n${log}`,
      );
    }
    await sleep(500);
  }
  return {
    url,
    query,
    async queryUntil(expr, done) {
      const until = Date.now() + 30_000;
      for (;;) {
        const samples = await query(expr);
        if (done(samples) || Date.now() > until) return samples;
        await sleep(500);
      }
    },
    labelValues: (label, match) =>
      api<string[]>(`${url}/api/v1/label/${label}/values?${new URLSearchParams({ 'match[]': match })}`),
    labelNames: () => api<string[]>(`${url}/api/v1/labels`),
    stop,
  };
}
