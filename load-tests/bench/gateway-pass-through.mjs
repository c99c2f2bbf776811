// `npm run bench:gateway`: what the gateway's proxying costs. A trivial upstream (trivial-upstream.mjs: the same
// 2 KB JSON for every path) is measured alone and behind the gateway (services/gateway/dist/main.js, its own
// process, routing GET /api/vellum/{id} to it as VELLUM_URL), side by side in one run, rounds in alternating order.
//
//   npm run build && source ~/.cache/vellum/run/env.sh && npm run bench:gateway
//   options: --duration 10s, --warmup 3s, --rounds 3, --vus 32, --tracing (the gateway exports its spans as the
//            chart turns tracing on: load-tests/runner/tracing-sink.mjs), --cpu-prof DIR (the gateway writes a V8
//            CPU profile there when it stops), --no-build
//
// k6 (bench/api.js, KIND=read: 32 VUs on keep-alive connections) drives each target; the table shows medians of the
// rounds, and the gateway's req/s over the upstream's alone. The gateway needs REDIS_URL (its sessions and limits),
// though an anonymous read asks Redis nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMsOf, ensureBuilt, freePort, repoRoot, startNodeProcess } from '../runner/product.mjs';
import { median, requireK6, runK6 } from '../runner/k6.mjs';
import { tracingEnv } from '../runner/tracing-sink.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    warmup: { type: 'string', default: '3s' },
    rounds: { type: 'string', default: '3' },
    vus: { type: 'string', default: '32' },
    tracing: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const log = (line) => console.log(line);

const k6 = requireK6();
if (!process.env.REDIS_URL) throw new Error('REDIS_URL not set: run source ~/.cache/vellum/run/env.sh');
ensureBuilt({ build: !values['no-build'] });
const work = mkdtempSync(path.join(tmpdir(), 'vellum-bench-gateway-'));
const running = [];

async function main() {
  const upstream = await startNodeProcess(
    'upstream',
    path.join(repoRoot, 'load-tests/bench/trivial-upstream.mjs'),
    {},
    path.join(work, 'upstream.log'),
  );
  running.push(upstream);
  const port = await freePort();
  const gateway = await startNodeProcess(
    'gateway',
    path.join(repoRoot, 'services/gateway/dist/main.js'),
    {
      PORT: String(port),
      REDIS_URL: process.env.REDIS_URL,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      IDENTITY_URL: upstream.url,
      VELLUM_URL: upstream.url,
      ...(values.tracing ? await tracingEnv(log) : {}),
    },
    path.join(work, 'gateway.log'),
    {
      args: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [],
    },
  );
  running.push(gateway);
  const ids = path.join(work, 'ids.json');
  writeFileSync(ids, JSON.stringify(Array.from({ length: 1000 }, () => randomUUID())));
  const targets = [
    { key: 'upstream', label: 'the upstream alone (node:http)', url: upstream.url, pids: [upstream.pid] },
    {
      key: 'gateway',
      label: 'the gateway in front of it',
      url: gateway.url,
      pids: [gateway.pid, upstream.pid],
    },
  ];
  const drive = (target, duration, summaryFile) =>
    runK6(k6, path.join(repoRoot, 'load-tests/bench/api.js'), {
      env: { BASE_URL: target.url, KIND: 'read', IDS_FILE: ids, VUS: values.vus, DURATION: duration },
      summaryFile,
      quiet: true,
    });
  for (const target of targets)
    await drive(target, values.warmup, path.join(work, `warmup-${target.key}.json`));

  const results = { upstream: [], gateway: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 ? [...targets].reverse() : targets;
    for (const target of order) {
      const cpuBefore = target.pids.map(cpuMsOf);
      const { code, summary, output } = await drive(
        target,
        values.duration,
        path.join(work, `${target.key}-${round}.json`),
      );
      if (!summary) throw new Error(`k6 failed (${code}) on ${target.key}:\n${output.slice(-2000)}`);
      const m = summary.metrics;
      const cpu = target.pids.map(cpuMsOf).reduce((sum, after, i) => sum + after - cpuBefore[i], 0);
      const row = {
        rps: m.http_reqs.rate,
        p50: m.http_req_duration.med,
        p99: m.http_req_duration['p(99)'],
        failed: m.http_req_failed.value,
        cpuPerRequest: Number.isFinite(cpu) ? cpu / m.http_reqs.count : undefined,
      };
      results[target.key].push(row);
      log(
        `  round ${round + 1} ${target.key.padEnd(8)}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(2)} ms, ` +
          `p99 ${row.p99.toFixed(2)} ms, ${row.cpuPerRequest?.toFixed(3) ?? '—'} CPU ms/request` +
          (row.failed ? `, ${(row.failed * 100).toFixed(2)}% failed` : ''),
      );
    }
  }

  const med = (key, field) => median(results[key].map((r) => r[field]));
  console.log(
    `\n== the gateway's pass-through: GET /api/vellum/{id}, a 2 KB answer, ${values.vus} keep-alive VUs, ` +
      `${values.duration} per target, median of ${values.rounds} round(s)${values.tracing ? ', tracing on (1 in 10)' : ''} ==`,
  );
  console.log(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores, Node ${process.version}; ` +
      'load generator on the same machine\n',
  );
  console.log('| target | req/s | p50 | p99 | failed | CPU ms per request (its processes) |');
  console.log('|---|---|---|---|---|---|');
  for (const t of targets) {
    const failed = Math.max(...results[t.key].map((r) => r.failed));
    const cpu = results[t.key].every((r) => r.cpuPerRequest !== undefined)
      ? med(t.key, 'cpuPerRequest').toFixed(3)
      : '—';
    console.log(
      `| ${t.label} | ${Math.round(med(t.key, 'rps')).toLocaleString('en-US')} | ${med(t.key, 'p50').toFixed(2)} ms | ` +
        `${med(t.key, 'p99').toFixed(2)} ms | ${(failed * 100).toFixed(2)}% | ${cpu} |`,
    );
  }
  console.log(
    `\ngateway ÷ upstream alone: ${(med('gateway', 'rps') / med('upstream', 'rps')).toFixed(2)}× the requests/s, ` +
      `p50 ${(med('gateway', 'p50') / med('upstream', 'p50')).toFixed(2)}×`,
  );
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`bench:gateway failed: ${error.stack ?? error}\nlogs: ${work}`);
  exitCode = 1;
} finally {
  await Promise.all(running.map((p) => p.stop().catch(() => undefined)));
  if (exitCode === 0) rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
