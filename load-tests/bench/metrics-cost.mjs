// `npm run bench:metrics`: the CPU the metrics add to one read through the gateway, measured in isolation and side by
// side with a baseline in the same run, so a busy machine moves both alike. A visitor's read through the distributed
// product runs, with metrics on: the gateway's `httpMetrics` and upstream histogram, vellum's `httpMetrics`, and a
// Redis command's wrapper for each command the gateway sends (none for a visitor; one session read when signed in).
// Each is driven N times with express's own req/res shapes (an EventEmitter answering `finish`), against the same
// loop with a middleware that only listens for `finish` (what Node does anyway). Then one scrape of a registry
// holding the series of a busy process, amortised over Prometheus' 30 s interval at the read rate `--rate`.
// The added microseconds are set against the CPU a read costs (`--read-cpu-ms`, the gateway + vellum CPU per
// request that `npm run bench:api` prints; 2.6 ms on 2026-11-28): the goal is at most 5 %.
//
//   npm run build && npm run bench:metrics
//   options: --requests 200000, --rounds 5, --read-cpu-ms 2.6, --rate 270 (reads per second)
import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import { createMetricsRegistry, httpMetrics, storeOperations } from '../../services/platform/dist/index.js';
import { gatewayMetrics } from '../../services/gateway/dist/http/gateway-metrics.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
    'read-cpu-ms': { type: 'string', default: '2.6' },
    rate: { type: 'string', default: '270' },
  },
});
const N = Number(values.requests);
const ROUNDS = Number(values.rounds);
const READ_CPU_US = Number(values['read-cpu-ms']) * 1000;
const RATE = Number(values.rate);

/** CPU microseconds (user + system) of `run`. */
function cpuOf(run) {
  const before = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(before);
  return user + system;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** A request and its response as express hands them to a middleware, for a route of `routes` distinct templates. */
function exchange(i, routes) {
  const res = new EventEmitter();
  Object.assign(res, { statusCode: i % 50 === 0 ? 404 : 200, headersSent: true, locals: {} });
  const req = {
    path: `/api/vellum/${i}`,
    method: 'GET',
    baseUrl: '',
    route: { path: `/api/r${i % routes}/:id` },
  };
  return { req, res };
}

/** `middleware` over N exchanges, each answered (`finish`, then `close` as Node emits both). */
function drive(middleware, extra = () => {}) {
  const next = () => {};
  return cpuOf(() => {
    for (let i = 0; i < N; i++) {
      const { req, res } = exchange(i, 40);
      middleware(req, res, next);
      extra(res, i);
      res.emit('finish');
      res.emit('close');
    }
  });
}

const listenOnly = (_req, res, next) => {
  res.once('finish', () => {});
  res.once('close', () => {});
  next();
};

const rules = Array.from({ length: 40 }, (_, i) => ({
  pattern: new RegExp(`^/api/r${i}/[^/]+$`),
  service: 'vellum',
}));

const figures = { baseline: [], http: [], gateway: [], redis: [], scrape: [] };
for (let round = 0; round < ROUNDS; round++) {
  const registry = createMetricsRegistry('bench', { runtime: false });
  const measureHttp = httpMetrics(registry);
  const upstream = gatewayMetrics(registry);
  const record = storeOperations(registry, 'redis');
  figures.baseline.push(drive(listenOnly));
  figures.http.push(drive(measureHttp));
  figures.gateway.push(drive(listenOnly, (res, i) => upstream.proxied(rules[i % rules.length], res)));
  // measureRedis's work per command: two hrtime reads, a WeakSet entry and the histogram's observe.
  const seen = new WeakSet();
  figures.redis.push(
    cpuOf(() => {
      for (let i = 0; i < N; i++) {
        const command = { name: 'get' };
        seen.add(command);
        const started = process.hrtime.bigint();
        record(command.name, Number(process.hrtime.bigint() - started) / 1e9);
      }
    }),
  );
  // One scrape of everything the loops above recorded (40 routes × 2 statuses, 40 upstream series, runtime off).
  const text = await registry.metrics();
  const before = process.cpuUsage();
  for (let i = 0; i < 20; i++) await registry.metrics();
  const { user, system } = process.cpuUsage(before);
  figures.scrape.push({ us: (user + system) / 20, bytes: text.length });
}

const perRequest = (list) => median(list) / N;
const base = perRequest(figures.baseline);
const httpUs = perRequest(figures.http) - base;
const gatewayUs = perRequest(figures.gateway) - base;
const redisUs = perRequest(figures.redis);
const scrape = figures.scrape.sort((a, b) => a.us - b.us)[Math.floor(ROUNDS / 2)];
// Two processes on the read path each serve a scrape every 30 s, shared by the reads of those 30 s.
const scrapeUs = (2 * scrape.us) / (30 * RATE);
// The gateway and vellum each measure the request (httpMetrics), the gateway its upstream call too.
const addedUs = 2 * httpUs + gatewayUs + scrapeUs;
const line = (name, us) => `  ${name.padEnd(58)} ${us.toFixed(2).padStart(8)} µs`;
console.log(
  [
    `metrics' CPU per read (medians of ${ROUNDS} rounds of ${N} requests; baseline loop ${base.toFixed(2)} µs per request):`,
    line('httpMetrics (per process)', httpUs),
    line("gateway's upstream histogram", gatewayUs),
    line('a Redis command measured (signed-in reads: 1)', redisUs),
    line(`scrape ${Math.round(scrape.bytes / 1024)} KB, 2 processes every 30 s at ${RATE} reads/s`, scrapeUs),
    line("a visitor's read (2 × httpMetrics + upstream + scrape)", addedUs),
    line('a signed-in read (+ one Redis command)', addedUs + redisUs),
    `read path CPU ${READ_CPU_US} µs per request (--read-cpu-ms): visitor +${((100 * addedUs) / READ_CPU_US).toFixed(2)} %, ` +
      `signed in +${((100 * (addedUs + redisUs)) / READ_CPU_US).toFixed(2)} % (goal: at most 5 %)`,
  ].join('\n'),
);
