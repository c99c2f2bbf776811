// `npm run bench:api`: the product's two hottest reads beside bare servers doing the same work on the same data.
//
//   source ~/.cache/vellum/run/env.sh && npm run bench:api                  # 10 s per path, 3 rounds
//   npm run bench:api -- --duration 3s --rounds 1 --vellums 1000            # a quick try
//   options: --duration 10s, --rounds 3, --warmup 3s (each target and path, untimed, before the rounds), --vus 32,
//            --vellums 5000, --users 50, --no-build, --keep, --cpu-prof DIR (the products' processes write V8 CPU
//            profiles there when they stop: open them in Chrome DevTools or speedscope),
//            --only distributed (the distributed product and its two baselines, express + pg and node:http + pg:
//            no embedded product, no METRICS_PORT=off run), --tracing (every process of the distributed product
//            exports its spans as in production: OTEL_EXPORTER_OTLP_ENDPOINT, parentbased_traceidratio at 0.1, here
//            to a local sink that answers OTLP/HTTP and keeps nothing)
//
// Targets, each seeded with the same documents (5,000 public vellums of about 2 KB, created and published through
// the product's API; the baselines read the tables the product made):
//   (a) the product embedded (services/all-in-one/dist/main.js, PGlite under a temp DATA_DIR);
//   (b) the product distributed (gateway, identity, vellum, social and action processes on DATABASE_URL, REDIS_URL,
//       KAFKA_BROKERS; the gateway is the address measured), and (b') the same with METRICS_PORT=off on the same
//       data, so that (b) ÷ (b') is what the metrics cost;
//   (c) express + pg and (d) node:http + pg on the distributed product's Postgres tables (baselines/);
//   (e) express + PGlite on a copy of the embedded product's database (the embedded baseline).
// Each target and path is driven by k6 (bench/api.js: 32 VUs on keep-alive connections) for the duration, in
// `rounds` rounds whose target order rotates; the table shows the median of the rounds, and each product's req/s
// over its baselines'. The embedded product's resident memory (RSS) is read idle and, every 250 ms, under load.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import {
  ensureBuilt,
  removeSeededVellums,
  cpuMsOf,
  repoRoot,
  rssOf,
  serverEnv,
  startDistributed,
  startEmbedded,
  startNodeProcess,
} from '../runner/product.mjs';
import { median, requireK6, runK6 } from '../runner/k6.mjs';
import { seed } from '../seed/seed.mjs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tracingEnv } from '../runner/tracing-sink.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    warmup: { type: 'string', default: '3s' },
    rounds: { type: 'string', default: '3' },
    vus: { type: 'string', default: '32' },
    vellums: { type: 'string', default: '5000' },
    users: { type: 'string', default: '50' },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
    tracing: { type: 'boolean', default: false },
  },
});
if (values.only !== undefined && values.only !== 'distributed')
  throw new Error(`--only takes 'distributed', not ${values.only}`);
const everything = values.only === undefined;
const rounds = Number(values.rounds);
const SCRIPT = path.join(repoRoot, 'load-tests/bench/api.js');
const PATHS = [
  { kind: 'read', label: 'GET /api/vellum/{id} (visitor)' },
  { kind: 'list', label: 'GET /api/vellums?limit=20' },
];
const MB = (bytes) => (bytes === undefined ? '—' : `${Math.round(bytes / 1024 / 1024)} MB`);
const log = (line) => console.log(line);

const k6 = requireK6();
const servers = serverEnv();
ensureBuilt({ build: !values['no-build'] });
const work = mkdtempSync(path.join(tmpdir(), 'vellum-bench-api-'));
const running = [];
let distributedSeed;
let distributedPeople = [];

async function main() {
  const seedOptions = {
    users: Number(values.users),
    vellums: Number(values.vellums),
    waitForDirectory: false,
    log,
  };

  const nodeArgs = values['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`]
    : [];
  // (a) embedded: seeded, stopped to copy its database for (e), started again (a restart, as a deployment does).
  const dataDir = path.join(work, 'embedded');
  const embeddedLog = path.join(work, 'embedded.log');
  const pgliteCopy = path.join(work, 'pglite-baseline');
  let embedded;
  let embeddedSeed;
  if (everything) {
    embedded = await startEmbedded({ dataDir, logFile: embeddedLog });
    log(`bench: embedded product at ${embedded.url}; seeding ${values.vellums} public vellums`);
    embeddedSeed = await seed({ url: embedded.url, ...seedOptions });
    await embedded.stop();
    cpSync(path.join(dataDir, 'pg'), pgliteCopy, { recursive: true });
    embedded = await startEmbedded({ dataDir, logFile: embeddedLog, nodeArgs });
    running.push(embedded);
  }

  // (b) distributed, on DATABASE_URL as the distributed tests run it; its vellums are removed at the end.
  const tracing = values.tracing ? await tracingEnv(log) : {};
  const distributed = await startDistributed({ ...servers, logDir: work, nodeArgs, env: tracing });
  running.push(distributed);
  log(`bench: distributed product at ${distributed.url}; seeding ${values.vellums} public vellums`);
  distributedSeed = await seed({
    url: distributed.url,
    ...seedOptions,
    onPeople: (people) => (distributedPeople = people.map((p) => p.id)),
  });

  // (b') the same distributed product on the same data with METRICS_PORT=off: nothing measured, nothing served (the
  // metrics' cost is (b) beside it).
  let metricsOff;
  if (everything) {
    const metricsOffLogs = path.join(work, 'metrics-off');
    mkdirSync(metricsOffLogs);
    metricsOff = await startDistributed({
      ...servers,
      logDir: metricsOffLogs,
      nodeArgs,
      env: { ...tracing, METRICS_PORT: 'off' },
    });
    running.push(metricsOff);
  }

  // (c), (d), (e): the baselines.
  const baseline = async (name, file, env) => {
    const proc = await startNodeProcess(
      name,
      path.join(repoRoot, 'load-tests/baselines', file),
      env,
      path.join(work, `${name}.log`),
    );
    running.push(proc);
    return proc;
  };
  const expressPg = await baseline('express-pg', 'express-pg.mjs', { DATABASE_URL: servers.databaseUrl });
  const nodePg = await baseline('node-http-pg', 'node-http-pg.mjs', { DATABASE_URL: servers.databaseUrl });
  const expressPglite = everything
    ? await baseline('express-pglite', 'express-pglite.mjs', { PGLITE_DIR: pgliteCopy })
    : undefined;

  const idsFile = (name, seeded) => {
    const file = path.join(work, `${name}-ids.json`);
    writeFileSync(file, JSON.stringify(seeded.vellums.map((v) => v.id)));
    return file;
  };
  const embeddedIds = everything ? idsFile('embedded', embeddedSeed) : undefined;
  const distributedIds = idsFile('distributed', distributedSeed);
  const all = [
    everything && {
      key: 'embedded',
      label: 'product, embedded (PGlite)',
      url: embedded.url,
      ids: embeddedIds,
      pids: embedded.pids,
      readPath: embedded.pids,
    },
    everything && {
      key: 'express-pglite',
      label: 'express + PGlite',
      url: expressPglite.url,
      ids: embeddedIds,
    },
    {
      key: 'distributed',
      label: 'product, distributed',
      url: distributed.url,
      ids: distributedIds,
      pids: distributed.pids,
      readPath: readPathOf(distributed),
    },
    everything && {
      key: 'metrics-off',
      label: 'product, distributed, METRICS_PORT=off',
      url: metricsOff.url,
      ids: distributedIds,
      pids: metricsOff.pids,
      readPath: readPathOf(metricsOff),
    },
    { key: 'express-pg', label: 'express + pg', url: expressPg.url, ids: distributedIds },
    { key: 'node-pg', label: 'node:http + pg', url: nodePg.url, ids: distributedIds },
  ];
  const targets = all.filter(Boolean);
  const byKey = (key) => targets.filter((t) => t.key === key);

  // The same answers: a vellum and the first page, from each product and its baselines.
  const answer = async (url, p) => (await fetch(url + p)).json();
  const products = [
    everything && [byKey('embedded')[0], byKey('express-pglite'), embeddedSeed],
    [
      byKey('distributed')[0],
      [...byKey('metrics-off'), ...byKey('express-pg'), ...byKey('node-pg')],
      distributedSeed,
    ],
  ];
  for (const [product, others, seeded] of products.filter(Boolean)) {
    const id = seeded.vellums[0].id;
    const mine = await answer(product.url, `/api/vellum/${id}`);
    if (!mine.viewAuthorized) throw new Error(`${product.label} does not show the seeded vellum ${id}`);
    for (const other of others) {
      const same = isDeepStrictEqual(mine, await answer(other.url, `/api/vellum/${id}`));
      const samePage = isDeepStrictEqual(
        await answer(product.url, '/api/vellums?limit=20'),
        await answer(other.url, '/api/vellums?limit=20'),
      );
      log(
        `bench: ${other.label} answers like ${product.label}: read ${same ? 'same' : 'DIFFERENT'}, page ${samePage ? 'same' : 'DIFFERENT (Postgres is shared: another writer may have changed the first page)'}`,
      );
      if (!same)
        throw new Error(`${other.label} and ${product.label} answer GET /api/vellum/${id} differently`);
    }
  }

  await sleep(3000);
  const idle = {
    embedded: embedded && rssOf(embedded.pids[0]),
    distributed: sum(distributed.pids.map(rssOf)),
  };
  const peak = { embedded: embedded ? 0 : undefined, distributed: 0 };

  // Caches, JIT and connection pools warmed on every target before anything is timed.
  for (const target of targets) {
    for (const { kind } of PATHS) {
      await runK6(k6, SCRIPT, {
        env: {
          BASE_URL: target.url,
          KIND: kind,
          IDS_FILE: target.ids,
          VUS: values.vus,
          DURATION: values.warmup,
        },
        summaryFile: path.join(work, `warmup-${target.key}-${kind}.json`),
        quiet: true,
      });
    }
  }

  const results = {};
  for (let round = 0; round < rounds; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    log(`bench: round ${round + 1} of ${rounds}: ${order.map((t) => t.key).join(', ')}`);
    for (const target of order) {
      for (const { kind } of PATHS) {
        // The product's CPU per request: the CPU time of the processes a read crosses over the run, less sensitive
        // than req/s to what else the machine is doing.
        const cpuBefore = target.readPath && sum(target.readPath.map(cpuMsOf));
        const sampler = target.pids
          ? setInterval(() => {
              const rss = sum(target.pids.map(rssOf));
              peak[target.key] = Math.max(peak[target.key] ?? 0, rss);
            }, 250)
          : undefined;
        const { code, summary, output } = await runK6(k6, SCRIPT, {
          env: {
            BASE_URL: target.url,
            KIND: kind,
            IDS_FILE: target.ids,
            VUS: values.vus,
            DURATION: values.duration,
          },
          summaryFile: path.join(work, `summary-${target.key}-${kind}-${round}.json`),
          quiet: true,
        });
        clearInterval(sampler);
        if (!summary)
          throw new Error(`k6 failed (${code}) on ${target.key} ${kind}:\n${output.slice(-2000)}`);
        const m = summary.metrics;
        const cpuAfter = target.readPath && sum(target.readPath.map(cpuMsOf));
        const row = {
          cpuPerRequest:
            cpuBefore === undefined || cpuAfter === undefined
              ? undefined
              : (cpuAfter - cpuBefore) / m.http_reqs.count,
          rps: m.http_reqs.rate,
          p50: m.http_req_duration.med,
          p99: m.http_req_duration['p(99)'],
          failed: m.http_req_failed.value,
        };
        ((results[target.key] ??= {})[kind] ??= []).push(row);
        log(
          `  ${target.key.padEnd(15)} ${kind}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms` +
            (row.cpuPerRequest === undefined ? '' : `, ${row.cpuPerRequest.toFixed(2)} CPU ms/request`) +
            (row.failed ? `, ${(row.failed * 100).toFixed(2)}% failed` : ''),
        );
      }
    }
  }
  printTable(targets, results, idle, peak, distributedSeed);
  console.log(
    `writes while seeding (create + publish through the API, 8 writers): ` +
      (embeddedSeed ? `embedded ${embeddedSeed.writesPerSecond.toFixed(0)} vellums/s, ` : '') +
      `distributed ${distributedSeed.writesPerSecond.toFixed(0)} vellums/s`,
  );
}

/** The processes a read crosses in the distributed product: the gateway and the vellum service. */
function readPathOf(product) {
  return product.processes.filter((p) => p.name === 'gateway' || p.name === 'vellum').map((p) => p.pid);
}

function sum(xs) {
  return xs.every((x) => x !== undefined) ? xs.reduce((a, b) => a + b, 0) : undefined;
}

function printTable(targets, results, idle, peak, seeded) {
  const med = (key, kind, field) => median(results[key][kind].map((r) => r[field]));
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  const ratio = (key, kind, base) => `${(med(key, kind, 'rps') / med(base, kind, 'rps')).toFixed(2)}×`;
  const ratios = {
    embedded: (kind) => `${ratio('embedded', kind, 'express-pglite')} express + PGlite`,
    distributed: (kind) =>
      `${ratio('distributed', kind, 'express-pg')} express + pg, ${ratio('distributed', kind, 'node-pg')} node:http + pg` +
      (results['metrics-off'] ? `, ${ratio('distributed', kind, 'metrics-off')} METRICS_PORT=off` : ''),
    'metrics-off': (kind) => `${ratio('metrics-off', kind, 'express-pg')} express + pg`,
  };
  const k6Version = execFileSync(k6, ['version']).toString().split(' ')[1];
  console.log(
    `\n== the product beside bare baselines: ${seeded.vellums.length.toLocaleString('en-US')} public vellums of about ` +
      `2 KB, ${values.vus} keep-alive VUs, ${values.duration} per path, median of ${rounds} round(s) in rotating order` +
      `${values.tracing ? ', tracing on (1 in 10)' : ''} ==`,
  );
  console.log(
    `${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, Node ${process.version}, k6 ${k6Version}; ` +
      `load generator on the same machine\n`,
  );
  const cpu = (key, kind) => {
    const rows = results[key][kind].filter((r) => r.cpuPerRequest !== undefined);
    return rows.length ? median(rows.map((r) => r.cpuPerRequest)) : undefined;
  };
  console.log(
    '| path | target | req/s | p50 | p99 | failed | CPU ms per request (the read path’s processes) | product ÷ baseline (req/s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { kind, label } of PATHS) {
    for (const t of targets) {
      const failed = Math.max(...results[t.key][kind].map((r) => r.failed));
      console.log(
        `| ${label} | ${t.label} | ${fmt(med(t.key, kind, 'rps'))} | ${med(t.key, kind, 'p50').toFixed(1)} ms | ` +
          `${med(t.key, kind, 'p99').toFixed(1)} ms | ${(failed * 100).toFixed(2)}% | ` +
          `${cpu(t.key, kind)?.toFixed(2) ?? '—'} | ${ratios[t.key]?.(kind) ?? '—'} |`,
      );
    }
  }
  // What the metrics cost: the product with them beside the same product without (METRICS_PORT=off), same data.
  for (const { kind, label } of results['metrics-off'] ? PATHS : []) {
    const [on, off] = [cpu('distributed', kind), cpu('metrics-off', kind)];
    const throughput = med('distributed', kind, 'rps') / med('metrics-off', kind, 'rps');
    console.log(
      `metrics on ÷ off, ${label}: throughput ${throughput.toFixed(2)}×` +
        (on && off ? `, CPU per request ${((on / off - 1) * 100).toFixed(1)} % more` : ''),
    );
  }
  console.log(
    `\nresident memory: embedded product ${MB(idle.embedded)} idle (after a restart), ${MB(peak.embedded)} at most under ` +
      `load; distributed product (5 processes together) ${MB(idle.distributed)} idle, ${MB(peak.distributed)} at most under load`,
  );
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`bench:api failed: ${error.stack ?? error}\nlogs: ${work}`);
  exitCode = 1;
} finally {
  await Promise.all(running.map((p) => p.stop().catch(() => undefined)));
  if (distributedPeople.length) {
    const removed = await removeSeededVellums(servers.databaseUrl, distributedPeople);
    log(`bench: removed the ${removed} seeded vellums from DATABASE_URL`);
  }
  if (!values.keep && exitCode === 0) rmSync(work, { recursive: true, force: true });
  else log(`bench: data and logs kept in ${work}`);
}
process.exit(exitCode);
