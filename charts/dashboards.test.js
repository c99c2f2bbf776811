// The Grafana dashboards the umbrella ships (charts/vellum/dashboards/*.json, docs/dashboards.md): rendered as
// ConfigMaps for Grafana's sidecar only when global.metrics.dashboards.enabled, valid (kubeconform, strict), each a
// dashboard Grafana loads (unique uid and panel ids, the datasource variable everywhere); every panel's PromQL parses
// (promtool) and reads only series the code defines, by labels they carry; and, against the running embedded product
// scraped by a real Prometheus, every query answers. Needs helm, kubeconform, promtool and prometheus, on PATH or in
// ~/.cache/vellum/bin (scripts/servers/go-tools.sh installs them).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');
const {
  KUBE_VERSION,
  findTool,
  run: runTool,
  ok: okTool,
  packedCharts,
  templateArgs,
} = require('./chart-kit');
const { io } = require('socket.io-client');
const {
  createMetricsRegistry,
  eventMetrics,
  httpMetrics,
  storeMetrics,
  storeOperations,
} = require('../services/platform/src/index.ts');
const { gatewayMetrics } = require('../services/gateway/src/http/gateway-metrics.ts');
const { realtimeMetrics } = require('../services/messaging/src/realtime/realtime-metrics.ts');
const { eventually, freePort, signedIn, TestClient } = require('../services/platform/test-support/index.ts');
const { messengerPaths, REALTIME_EVENTS } = require('../proto/src/index.ts');
const { startTestProduct } = require('../services/all-in-one/test/embedded.harness.ts');
const {
  DASHBOARD_FILES,
  DASHBOARDS_DIR,
  FAILURES_ONLY,
  RULE_FILES,
  SAMPLE_VARIABLES,
  analyse,
  dashboards,
  panelsOf,
  queries,
  quietByHealth,
  ruleFilesIn,
  substitute,
} = require('./dashboard-queries');

const SCHEMA_LOCATIONS = [
  path.join(__dirname, 'schemas', `v${KUBE_VERSION}`, '{{ .ResourceKind }}{{ .KindSuffix }}.json'),
  path.join(__dirname, 'schemas', 'crds', '{{ .ResourceKind }}{{ .KindSuffix }}.json'),
];
const DATASOURCE = '${datasource}';
// Labels a scrape adds to every series in a cluster (prometheus-operator's monitors), beside the process's `service`.
const TARGET_LABELS = ['service', 'namespace', 'pod', 'job', 'instance', 'container', 'endpoint'];
const tools = {
  helm: findTool('helm'),
  kubeconform: findTool('kubeconform'),
  promtool: findTool('promtool'),
  prometheus: findTool('prometheus'),
};
const missing = Object.keys(tools).filter((name) => !tools[name]);
// As charts/chart.test.js: a missing tool fails, unless someone outside CI asks to skip (VELLUM_SKIP_CHARTS=1).
const skip = missing.length > 0 && process.env.CI !== 'true' && process.env.VELLUM_SKIP_CHARTS === '1';

function requireTools() {
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} not found on PATH nor in ~/.cache/vellum/bin. scripts/servers/go-tools.sh installs them ` +
        '(helm, kubeconform, promtool and prometheus with `go install` into ~/.cache/vellum/bin); outside CI, ' +
        'VELLUM_SKIP_CHARTS=1 skips these tests',
    );
  }
}

let work;
let env;

const run = (cmd, args, options = {}) => runTool(cmd, args, { env, ...options });
const ok = (cmd, args, options = {}) => okTool(cmd, args, { env, ...options });

const renderText = (...args) => ok(tools.helm, templateArgs(work, args));
const render = (...args) =>
  YAML.parseAllDocuments(renderText(...args))
    .map((doc) => doc.toJS())
    .filter(Boolean);
const ON = ['--set', 'global.metrics.dashboards.enabled=true'];
const dashboardMaps = (objects) =>
  objects.filter(
    (o) => o.kind === 'ConfigMap' && o.metadata.labels?.['app.kubernetes.io/component'] === 'dashboards',
  );

function expectValid(text) {
  const args = ['-strict', '-summary', ...SCHEMA_LOCATIONS.flatMap((l) => ['-schema-location', l]), '-'];
  const result = run(tools.kubeconform, args, { input: text });
  expect(`${result.stdout}${result.stderr}`).toMatch(/Invalid: 0, Errors: 0, Skipped: 0/);
  expect(result.status).toBe(0);
  return Number(/(\d+) resources? found/.exec(result.stdout)?.[1] ?? 0);
}

/**
 * Every series the code defines, from the code itself: a registry of each kind the processes make (Node's runtime,
 * HTTP, events, stores, the gateway's, the realtime sockets'), with each metric's type and label names; and the
 * chart's recording rules (charts/vellum/rules/*.yaml), labelled by what they aggregate by.
 */
async function definedMetrics() {
  const registry = createMetricsRegistry('definitions');
  httpMetrics(registry);
  eventMetrics(registry);
  storeMetrics(registry);
  storeOperations(registry, 'redis');
  gatewayMetrics(registry);
  realtimeMetrics(registry, () => 0);
  const defined = new Map();
  for (const metric of registry.getMetricsAsArray()) {
    const { type } = await metric.get();
    const labels = [...metric.labelNames];
    if (type === 'histogram') {
      defined.set(`${metric.name}_bucket`, { type, labels: [...labels, 'le'], family: metric.name });
      defined.set(`${metric.name}_count`, { type, labels, family: metric.name });
      defined.set(`${metric.name}_sum`, { type, labels, family: metric.name });
    } else {
      defined.set(metric.name, { type, labels, family: metric.name });
    }
  }
  for (const file of RULE_FILES) {
    for (const group of YAML.parse(fs.readFileSync(file, 'utf8')).groups) {
      for (const rule of group.rules.filter((r) => r.record)) {
        const labels = analyse(rule.expr)
          .groupings.filter((g) => g.keyword === 'by')
          .flatMap((g) => g.labels);
        defined.set(rule.record, {
          type: 'recording rule',
          labels: [...new Set(labels)],
          family: rule.record,
        });
      }
    }
  }
  return defined;
}

// What the embedded process, which the live test scrapes, cannot show: it runs on PGlite and in memory (no pool,
// no Redis or MongoDB client: it does not define their series) and calls its services in process (it defines the
// upstreams' series, never observed). The topology test reads those from the distributed processes.
const NOT_EMBEDDED = /^db_client_(connection|operation)_/;
const DISTRIBUTED_ONLY = /^(db_client_connection_|db_client_operation_|gateway_upstream_)/;

(skip ? describe.skip : describe)('Grafana dashboards', () => {
  let objects;
  let defined;

  beforeAll(async () => {
    requireTools();
    // Dependencies are packed into a copy, so the test leaves no .tgz or Chart.lock in the work tree.
    ({ work, env } = packedCharts('vellum-dashboards-', tools.helm));
    objects = render(...ON);
    defined = await definedMetrics();
  }, 120_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('off by default: no dashboard ConfigMap', () => {
    const text = renderText();
    expect(dashboardMaps(YAML.parseAllDocuments(text).map((d) => d.toJS()))).toEqual([]);
    expect(text).not.toMatch(/grafana_dashboard/);
  });

  test("on: one ConfigMap per dashboard, valid, labelled for Grafana's sidecar, holding the file as it is", () => {
    expect(expectValid(renderText(...ON))).toBe(objects.length);
    ok(tools.helm, ['lint', '--strict', '--kube-version', KUBE_VERSION, path.join(work, 'vellum'), ...ON]);
    const maps = dashboardMaps(objects);
    expect(maps.map((m) => Object.keys(m.data)).flat()).toEqual(DASHBOARD_FILES);
    for (const map of maps) {
      expect(map.metadata.labels.grafana_dashboard).toBe('1');
      expect(map.metadata.namespace).toBe('vellum');
      const [[file, text]] = Object.entries(map.data);
      expect(map.metadata.name).toBe(`vellum-dashboard-${file.replace(/\.json$/, '')}`);
      expect(JSON.parse(text)).toEqual(JSON.parse(fs.readFileSync(path.join(DASHBOARDS_DIR, file), 'utf8')));
    }
  });

  test("the sidecar's label, extra labels and annotations, and the namespace are settings", () => {
    const text = renderText(
      ...ON,
      '--set',
      'global.metrics.dashboards.label=dashboards.example.com/grafana',
      '--set',
      'global.metrics.dashboards.labelValue=vellum',
      '--set',
      'global.metrics.dashboards.labels.team=sre',
      '--set',
      'global.metrics.dashboards.annotations.grafana_folder=Vellum',
      '--set',
      'global.metrics.dashboards.namespace=monitoring',
    );
    expectValid(text);
    const maps = dashboardMaps(YAML.parseAllDocuments(text).map((d) => d.toJS()));
    expect(maps).toHaveLength(DASHBOARD_FILES.length);
    for (const map of maps) {
      expect(map.metadata.labels).toMatchObject({ 'dashboards.example.com/grafana': 'vellum', team: 'sre' });
      expect(map.metadata.labels.grafana_dashboard).toBeUndefined();
      expect(map.metadata.annotations).toEqual({ grafana_folder: 'Vellum' });
      expect(map.metadata.namespace).toBe('monitoring');
    }
    // A number given on the command line is still the string the sidecar compares.
    const numbered = dashboardMaps(render(...ON, '--set', 'global.metrics.dashboards.labelValue=1'));
    expect(numbered[0].metadata.labels.grafana_dashboard).toBe('1');
  });

  test('each dashboard has a unique uid, unique panel ids, a prometheus datasource variable every query uses, and namespace and service variables', () => {
    expect(dashboards.map((d) => d.file)).toEqual([
      'events.json',
      'overview.json',
      'realtime.json',
      'runtime.json',
      'slo.json',
    ]);
    const uids = dashboards.map(({ json }) => json.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const { file, json } of dashboards) {
      expect([file, json.uid]).toEqual([file, expect.stringMatching(/^vellum-[a-z-]+$/)]);
      expect(json.uid.length).toBeLessThanOrEqual(40);
      expect(json.schemaVersion).toBeGreaterThanOrEqual(36);
      expect(json.tags).toContain('vellum');
      const ids = panelsOf(json).map((p) => p.id);
      expect(ids.every(Number.isInteger)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      const variables = Object.fromEntries(json.templating.list.map((v) => [v.name, v]));
      expect(variables.datasource).toMatchObject({ type: 'datasource', query: 'prometheus' });
      for (const name of ['namespace', 'service']) {
        expect(variables[name]).toMatchObject({
          type: 'query',
          datasource: { type: 'prometheus', uid: DATASOURCE },
          includeAll: true,
          allValue: '.*',
        });
      }
      const panels = panelsOf(json).filter((p) => p.type !== 'row');
      expect(panels.length).toBeGreaterThan(0);
      for (const panel of panels) {
        const where = `${file} "${panel.title}"`;
        expect([where, panel.datasource]).toEqual([where, { type: 'prometheus', uid: DATASOURCE }]);
        expect([where, panel.description]).toEqual([where, expect.stringMatching(/\S/)]);
        expect(panel.targets.length).toBeGreaterThan(0);
        for (const target of panel.targets) {
          expect([where, target.datasource]).toEqual([where, { type: 'prometheus', uid: DATASOURCE }]);
          expect([where, target.expr]).toEqual([where, expect.stringMatching(/\S/)]);
        }
        // Inside the 24 columns, no two panels on the same cells.
        expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      }
      const cells = new Set();
      for (const panel of panelsOf(json)) {
        const { x, y, w, h } = panel.gridPos;
        for (let i = x; i < x + w; i++)
          for (let j = y; j < y + h; j++) {
            expect([file, panel.title, `${i},${j}`, cells.has(`${i},${j}`)]).toEqual([
              file,
              panel.title,
              `${i},${j}`,
              false,
            ]);
            cells.add(`${i},${j}`);
          }
      }
    }
  });

  test("every panel's and variable's PromQL parses (promtool check rules), and promtool really refuses a broken one", () => {
    const rulesFile = path.join(work, 'dashboard-queries.yaml');
    const asRules = (list) =>
      YAML.stringify({
        groups: [
          {
            name: 'dashboard-queries',
            rules: list.map((q) => ({
              record: `vellum_dashboard:${q.id.replace(/[^a-zA-Z0-9_]/g, '_')}`,
              expr: substitute(q.expr, SAMPLE_VARIABLES),
            })),
          },
        ],
      });
    fs.writeFileSync(rulesFile, asRules(queries));
    const out = ok(tools.promtool, ['check', 'rules', rulesFile]);
    expect(out).toMatch(new RegExp(`SUCCESS: ${queries.length} rules found`));

    fs.writeFileSync(rulesFile, asRules([{ id: 'broken', expr: 'sum by (service (rate(x[5m]))' }]));
    const broken = run(tools.promtool, ['check', 'rules', rulesFile]);
    expect(broken.status).not.toBe(0);
    expect(`${broken.stdout}${broken.stderr}`).toMatch(/parse error/);
  });

  test('every series a query reads is one the code defines, by labels it carries (bounded: no raw ids)', () => {
    expect(queries.length).toBeGreaterThan(30);
    const used = new Set();
    for (const query of queries) {
      // A variable is label_values(<selector>, <label>); a panel's query, PromQL.
      expect([query.where, typeof query.expr]).toEqual([query.where, 'string']);
      const { selectors, groupings, bare } = analyse(query.expr);
      // A metric is always written with its braces, so that every one is checked here.
      expect([query.where, bare]).toEqual([query.where, []]);
      expect(selectors.length).toBeGreaterThan(0);
      const allowed = new Set();
      for (const { name, matchers } of selectors) {
        const metric = defined.get(name);
        expect([query.where, name, Boolean(metric)]).toEqual([query.where, name, true]);
        used.add(metric.family);
        // A recording rule has the labels it keeps; a process's series, its own and the scrape's.
        const labels = new Set(
          metric.type === 'recording rule' ? metric.labels : [...metric.labels, ...TARGET_LABELS],
        );
        labels.forEach((l) => allowed.add(l));
        for (const { label } of matchers)
          expect([query.where, name, label, labels.has(label)]).toEqual([query.where, name, label, true]);
        // A histogram is read through its buckets' rate, a counter through rate or increase, never raw.
        if (metric.type === 'counter' || metric.type === 'histogram') {
          expect([query.where, name, query.expr]).toEqual([
            query.where,
            name,
            expect.stringMatching(new RegExp(`(rate|increase)\\(${name}\\{[^}]*\\}\\[`)),
          ]);
        }
      }
      for (const { keyword, labels } of groupings)
        for (const label of labels)
          expect([query.where, keyword, label, allowed.has(label)]).toEqual([
            query.where,
            keyword,
            label,
            true,
          ]);
      // What the legend names is a label the result has: the grouping's when it groups, else the series'.
      const by = groupings.filter((g) => g.keyword === 'by');
      const resultLabels = by.length > 0 ? new Set(by.at(-1).labels) : allowed;
      if (query.label) expect([query.where, allowed.has(query.label)]).toEqual([query.where, true]);
      for (const [, label] of (query.legend ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g))
        expect([query.where, label, resultLabels.has(label)]).toEqual([query.where, label, true]);
    }
    // The dashboards show every family of the product's own series (prom-client's runtime extras aside).
    const own = [...defined.values()]
      .filter((m) => m.type !== 'recording rule' && !/^(nodejs_|process_)/.test(m.family))
      .map((m) => m.family);
    expect([...new Set(own)].filter((f) => !used.has(f))).toEqual([]);
  });

  test('the checks above really catch an unknown name, a bare name and a label the series lacks', () => {
    expect(defined.has('outbox_pending_rows')).toBe(false);
    expect(analyse('sum(rate(http_server_request_duration_seconds_count[5m]))').bare).toEqual([
      'http_server_request_duration_seconds_count',
    ]);
    expect(analyse('sum by (service) (rate(x{a="b"}[5m])) / on (service) y{}').groupings).toEqual([
      { keyword: 'by', labels: ['service'] },
      { keyword: 'on', labels: ['service'] },
    ]);
    expect(defined.get('events_consumer_lag').labels).not.toContain('http_route');
    expect(defined.get('http_server_request_duration_seconds_bucket').labels).toEqual(
      expect.arrayContaining(['http_route', 'le']),
    );
  });

  describe('on the running embedded product, scraped by a real Prometheus', () => {
    let product;
    let prometheus;
    let prometheusUrl;
    let prometheusLog = '';
    let scrape;
    const sockets = [];

    const query = async (expr) => {
      const res = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: expr })}`);
      const body = await res.json();
      if (body.status !== 'success') throw new Error(`${expr}: ${JSON.stringify(body)}`);
      return body.data.result;
    };

    // Some 20 s on a quiet machine; a loaded runner (the other lane beside it) takes several times that.
    beforeAll(async () => {
      requireTools();
      // Three calls a minute per rule and address: the sign-ups below fit, the fourth reset is refused.
      product = await startTestProduct({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
      const port = await freePort();
      prometheusUrl = `http://127.0.0.1:${port}`;
      const dir = path.join(work, 'prometheus');
      fs.mkdirSync(dir, { recursive: true });
      // The target labelled as a cluster's scrape labels it (namespace, pod), so the variables find their values.
      fs.writeFileSync(
        path.join(dir, 'prometheus.yml'),
        YAML.stringify({
          global: { scrape_interval: '1s', scrape_timeout: '900ms', evaluation_interval: '1s' },
          // The chart's rules as its PrometheusRule holds them (the release's namespace), for the SLO dashboard.
          rule_files: ruleFilesIn(dir, 'vellum'),
          scrape_configs: [
            {
              job_name: 'vellum',
              static_configs: [
                {
                  targets: [new URL(product.metricsUrl).host],
                  labels: { namespace: 'vellum', pod: 'vellum-0' },
                },
              ],
            },
          ],
        }),
      );
      prometheus = spawn(
        tools.prometheus,
        [
          `--config.file=${path.join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${path.join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
          '--log.level=warn',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      prometheus.stdout.on('data', (d) => (prometheusLog += d));
      prometheus.stderr.on('data', (d) => (prometheusLog += d));
      await eventually(async () => {
        if (prometheus.exitCode !== null) throw new Error(`prometheus exited:\n${prometheusLog}`);
        const up = await query('up{job="vellum"} == 1').catch(() => []);
        return up.length === 1 || undefined;
      }, 30_000);

      // A little of everything, once the target is scraped, so that each new series has samples before and after.
      const [dee, eli] = await Promise.all([signedIn(product.url, 'Dee'), signedIn(product.url, 'Eli')]);
      const conversation = await eventually(async () => {
        const res = await dee.client.post(messengerPaths.conversations, { username: eli.username });
        return res.status === 201 ? res.body.conversation.conversation : undefined;
      }, 30_000);
      const connect = (cookie) => {
        const socket = io(product.url, {
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: cookie ? { cookie } : {},
        });
        sockets.push(socket);
        return new Promise((resolve, reject) => {
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        });
      };
      const socket = await connect(eli.client.cookieHeader);
      await expect(connect()).rejects.toThrow();
      const received = new Promise((resolve) => socket.once(REALTIME_EVENTS.newMessage, resolve));
      await dee.client.post(messengerPaths.messages(conversation), { text: 'Hello Eli' });
      await received;
      const anonymous = new TestClient(product.url);
      expect((await anonymous.get('/api/cirrus/nobody-here')).status).toBe(404);
      const resets = [];
      for (let i = 0; i < 4; i++)
        resets.push(
          (await anonymous.post('/api/password-reset/send', { email: 'nobody@example.com' })).status,
        );
      expect(resets.at(-1)).toBe(429);
      // Two scrapes more, so every series born above has a rate.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      scrape = await (await fetch(product.metricsUrl)).text();
    }, 240_000);

    afterAll(async () => {
      sockets.forEach((s) => s.disconnect());
      if (prometheus && prometheus.exitCode === null) {
        const exited = new Promise((resolve) => prometheus.once('exit', resolve));
        prometheus.kill('SIGTERM');
        await exited;
      }
      await product?.stop();
      product?.remove();
    }, 30_000);

    test("its /metrics defines every series the dashboards read but the stores' clients'", () => {
      const served = new Set([...scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name]) => name));
      const families = new Set(
        queries
          .flatMap((q) => analyse(q.expr).selectors.map((s) => defined.get(s.name)))
          .filter((m) => m.type !== 'recording rule')
          .map((m) => m.family),
      );
      const absent = [...families].filter((f) => !served.has(f));
      // The stores' clients' series are all it lacks, and it lacks them all (the distributed processes' only).
      expect(absent.sort()).toEqual([...families].filter((f) => NOT_EMBEDDED.test(f)).sort());
      expect(absent.length).toBeGreaterThan(0);
    });

    test("the variables find the scrape's namespace and service, and every panel's query answers with data", async () => {
      const values = {};
      for (const q of queries.filter((candidate) => candidate.label)) {
        const res = await fetch(
          `${prometheusUrl}/api/v1/label/${q.label}/values?${new URLSearchParams({ 'match[]': substitute(q.expr, { namespace: '.*' }) })}`,
        );
        const found = (await res.json()).data;
        expect([q.where, found]).toEqual([q.where, ['vellum']]);
        // As Grafana writes a multi-value variable into a regular expression.
        values[q.label] = `(${found.join('|')})`;
      }
      const live = { ...SAMPLE_VARIABLES, ...values, __rate_interval: '1m', __range: '5m' };
      const empty = [];
      for (const q of queries.filter((candidate) => !candidate.label)) {
        const result = await query(substitute(q.expr, live));
        if (result.length > 0) continue;
        // Empty only where nothing went wrong (failures, 5xx) or where the embedded process serves nothing.
        const quiet = quietByHealth(q.expr, (name) => DISTRIBUTED_ONLY.test(name));
        expect([q.where, quiet]).toEqual([q.where, true]);
        empty.push(q.where);
      }
      // Most of them answer; the quiet ones are few.
      expect(empty.length).toBeLessThan(queries.length / 4);
      // The quiet series are still known to Prometheus (their TYPE and HELP were scraped).
      for (const family of [...FAILURES_ONLY]) {
        const res = await fetch(
          `${prometheusUrl}/api/v1/metadata?${new URLSearchParams({ metric: family })}`,
        );
        expect([family, Object.keys((await res.json()).data)]).toEqual([family, [family]]);
      }
    }, 60_000);
  });
});
