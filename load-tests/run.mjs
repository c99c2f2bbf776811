// `npm run load -- --mode embedded|distributed`: starts the product (built first when stale, as `npm start` does),
// seeds it through its API, runs every k6 journey (load-tests/main.js) against it, prints the summary and exits
// with k6's code: non-zero when a threshold failed.
//
//   npm run load -- --mode embedded                      # the product in one process on PGlite, in a temp folder
//   npm run load -- --mode distributed                   # gateway + services on DATABASE_URL, REDIS_URL, KAFKA_BROKERS
//   npm run load -- --url http://127.0.0.1:8080          # a product already running (loopback, no SMTP_URL)
//   options: --profile smoke|load (load), --duration 10s, --scenarios visitor,owner, --vus-scale 2, --users N,
//            --vellums N (500), --no-build, --keep (leave the data folder and logs), --summary-out file.json,
//            --rate N (the whole mix at N requests/s, fixed arrival rate, p99 < 50 ms; lib/schedule.js)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  ensureBuilt,
  removeSeededVellums,
  repoRoot,
  serverEnv,
  startDistributed,
  startEmbedded,
} from './runner/product.mjs';
import { findK6, runK6, thresholdsOf } from './runner/k6.mjs';
import { seed } from './seed/seed.mjs';

const SCRIPT = path.join(repoRoot, 'load-tests/main.js');
const ORDER = ['visitor', 'owner', 'editing', 'actions', 'follow', 'links', 'chat'];

/** Per-journey figures from k6's summary: iterations, requests, failed share, p50 and p99 of request time. */
export function journeyTable(summary) {
  const metrics = summary?.metrics ?? {};
  const names = Object.keys(metrics)
    .map((key) => /^iterations\{scenario:([^}]+)\}$/.exec(key)?.[1])
    .filter(Boolean)
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return names.map((name) => {
    const duration = metrics[`http_req_duration{scenario:${name}}`] ?? {};
    const failed = metrics[`http_req_failed{scenario:${name}}`] ?? {};
    return {
      journey: name,
      iterations: metrics[`iterations{scenario:${name}}`]?.count ?? 0,
      'failed requests': `${((failed.value ?? 0) * 100).toFixed(2)}%`,
      'p50 ms': Number((duration.med ?? NaN).toFixed(1)),
      'p99 ms': Number((duration['p(99)'] ?? NaN).toFixed(1)),
      checks: `${((metrics[`checks{scenario:${name}}`]?.value ?? 0) * 100).toFixed(0)}%`,
    };
  });
}

/** The whole run in one line: requests per second achieved, p50 and p99, failed and dropped iterations. */
export function mixLine(summary) {
  const m = summary?.metrics ?? {};
  const d = m.http_req_duration ?? {};
  return (
    `all journeys: ${(m.http_reqs?.rate ?? 0).toFixed(0)} req/s, p50 ${(d.med ?? NaN).toFixed(1)} ms, ` +
    `p99 ${(d['p(99)'] ?? NaN).toFixed(1)} ms, failed ${((m.http_req_failed?.value ?? 0) * 100).toFixed(2)}%, ` +
    `dropped iterations ${m.dropped_iterations?.count ?? 0}`
  );
}

/**
 * Starts (or takes) the product, seeds it and runs the journeys; resolves with k6's exit code and summary.
 * Used by the command line below and by test/smoke.test.ts.
 */
export async function runLoad(options) {
  const {
    mode = 'embedded',
    url,
    profile = 'load',
    duration,
    scenarios,
    vusScale = 1,
    rate = 0,
    // At a fixed rate every VU k6 may start needs its own person: about 0.15 VUs per request/s of the mix.
    users = rate > 0 ? Math.ceil(rate * 0.15) + 10 : profile === 'smoke' ? 10 : Math.ceil(48 * vusScale),
    vellums = profile === 'smoke' ? 60 : 500,
    build = true,
    keep = false,
    quiet = false,
    log = console.log,
  } = options;
  const k6 = findK6();
  if (!k6) throw new Error('k6 not found: bash scripts/servers/tools.sh installs it (or set K6_BIN)');
  const work = mkdtempSync(path.join(tmpdir(), 'vellum-load-'));
  let product;
  let seededIds = [];
  let keepWork = keep;
  try {
    if (url) {
      product = { url: url.replace(/\/$/, ''), stop: async () => {} };
    } else {
      ensureBuilt({ build });
      const started = Date.now();
      product =
        mode === 'distributed'
          ? await startDistributed({ ...serverEnv(), logDir: work })
          : await startEmbedded({
              dataDir: path.join(work, 'data'),
              logFile: path.join(work, 'embedded.log'),
            });
      log(
        `load: the product (${mode}) is ready at ${product.url} in ${Date.now() - started} ms; logs in ${work}`,
      );
    }
    const seedFile = path.join(work, 'seed.json');
    await seed({
      url: product.url,
      users,
      vellums,
      out: seedFile,
      log,
      onPeople: (people) => (seededIds = people.map((p) => p.id)),
    });
    const env = { BASE_URL: product.url, SEED_FILE: seedFile, PROFILE: profile, VUS_SCALE: String(vusScale) };
    if (duration) env.DURATION = duration;
    if (scenarios) env.SCENARIOS = scenarios;
    if (rate > 0) env.RATE = String(rate);
    const result = await runK6(k6, SCRIPT, { env, summaryFile: path.join(work, 'summary.json'), quiet });
    return { ...result, work };
  } catch (error) {
    keepWork = true;
    error.message += ` (logs kept in ${work})`;
    throw error;
  } finally {
    await product?.stop();
    if (mode === 'distributed' && !url && seededIds.length && !keep) {
      const removed = await removeSeededVellums(serverEnv().databaseUrl, seededIds);
      log(`load: removed the run's ${removed} vellums from DATABASE_URL`);
    }
    if (!keepWork) rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: 'embedded' },
      url: { type: 'string' },
      profile: { type: 'string', default: 'load' },
      duration: { type: 'string' },
      scenarios: { type: 'string' },
      'vus-scale': { type: 'string', default: '1' },
      users: { type: 'string' },
      vellums: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'summary-out': { type: 'string' },
      rate: { type: 'string', default: '0' },
    },
  });
  if (!['embedded', 'distributed'].includes(values.mode)) {
    console.error(`--mode is embedded or distributed, not ${values.mode}`);
    process.exit(2);
  }
  if (!['smoke', 'load'].includes(values.profile)) {
    console.error(`--profile is smoke or load, not ${values.profile}`);
    process.exit(2);
  }
  runLoad({
    mode: values.mode,
    url: values.url,
    profile: values.profile,
    duration: values.duration,
    scenarios: values.scenarios,
    vusScale: Number(values['vus-scale']),
    rate: Number(values.rate),
    ...(values.users && { users: Number(values.users) }),
    ...(values.vellums && { vellums: Number(values.vellums) }),
    build: !values['no-build'],
    keep: values.keep,
  }).then(
    ({ code, summary, work }) => {
      if (values['summary-out']) writeFileSync(values['summary-out'], JSON.stringify(summary ?? null));
      console.log(`\n== journeys (${values.url ?? values.mode}, profile ${values.profile}) ==`);
      console.table(journeyTable(summary));
      console.log(mixLine(summary));
      const failed = thresholdsOf(summary).filter((t) => !t.ok);
      for (const t of failed) console.log(`threshold failed: ${t.metric} ${t.expression}`);
      console.log(code === 0 ? 'load: every threshold passed' : `load: k6 exited with ${code}`);
      if (values.keep) console.log(`load: data, logs and summary kept in ${work}`);
      process.exit(code);
    },
    (error) => {
      console.error(`load failed: ${error.stack ?? error}`);
      process.exit(1);
    },
  );
}
