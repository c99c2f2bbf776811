// What the Grafana dashboards (charts/vellum/dashboards/*.json) ask Prometheus, read from the files themselves: every
// panel's and variable's query, with Grafana's variables substituted, and what each query reads. Shared by
// charts/dashboards.test.js (the embedded product) and the topology test (the distributed processes), which both run
// every query against a real Prometheus.
const fs = require('node:fs');
const path = require('node:path');

const DASHBOARDS_DIR = path.join(__dirname, 'vellum', 'dashboards');
// The chart's Prometheus rule files: the SLO dashboard reads their recording rules (global.metrics.prometheusRule).
const RULES_DIR = path.join(__dirname, 'vellum', 'rules');
const RULE_FILES = fs
  .readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => path.join(RULES_DIR, f));
const DASHBOARD_FILES = fs
  .readdirSync(DASHBOARDS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

// Grafana's variables, as sample values for promtool (the panels' own are All: `.*`).
const SAMPLE_VARIABLES = {
  __rate_interval: '1m',
  __interval: '1m',
  __range: '1h',
  namespace: '.*',
  service: '.*',
};

// Series that count failures only: quiet in a healthy run (their panels are then empty, as they should be).
const FAILURES_ONLY = new Set([
  'outbox_publish_errors_total',
  'events_parked_total',
  'events_parked',
  'gateway_upstream_errors_total',
]);

const dashboards = DASHBOARD_FILES.map((file) => ({
  file,
  json: JSON.parse(fs.readFileSync(path.join(DASHBOARDS_DIR, file), 'utf8')),
}));

/** Every panel of a dashboard, those inside collapsed rows too. */
const panelsOf = (dashboard) => dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);

/** Every query of every dashboard: its panel's queries, and its variables' (label_values(<selector>, <label>)). */
const queries = dashboards.flatMap(({ json }) => [
  ...panelsOf(json)
    .filter((panel) => panel.type !== 'row')
    .flatMap((panel) =>
      panel.targets.map((target) => ({
        where: `${json.uid} panel ${panel.id} "${panel.title}" ${target.refId}`,
        id: `${json.uid}_${panel.id}_${target.refId}`,
        expr: target.expr,
        legend: target.legendFormat,
      })),
    ),
  ...json.templating.list
    .filter((v) => v.type === 'query')
    .map((v) => {
      const [, selector, label] = /^label_values\((.*),\s*(\w+)\)$/.exec(v.query.query) ?? [];
      return {
        where: `${json.uid} variable ${v.name}`,
        id: `${json.uid}_var_${v.name}`,
        expr: selector,
        label,
      };
    }),
]);

/** The expression with Grafana's variables replaced by `values` (every one it uses must be known). */
function substitute(expr, values) {
  return expr.replace(/\$\{?(\w+)\}?/g, (whole, name) => {
    if (!(name in values)) throw new Error(`unknown variable ${whole} in ${expr}`);
    return values[name];
  });
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
]);
KEYWORDS.add('bool').add('offset');

/** What an expression reads: its selectors (metric name and label matchers) and the labels it groups by. */
function analyse(expr) {
  const selectors = [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}/g)].map(([, name, body]) => ({
    name,
    matchers: [...body.matchAll(/([a-zA-Z_]\w*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g)].map(
      ([, label, op, value]) => ({ label, op, value }),
    ),
  }));
  const groupings = [
    ...expr.matchAll(/\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g),
  ].map(([, keyword, labels]) => ({
    keyword,
    labels: labels
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  }));
  // What is left once strings, selectors' bodies, ranges and grouping clauses are gone: functions (an identifier
  // before `(`), metric names (before `{`), keywords and numbers. Anything else is a bare metric name.
  const rest = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const bare = [...rest.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*([({]?)/g)]
    .filter(([, word, next]) => !next && !KEYWORDS.has(word) && !/^(Inf|NaN)$/i.test(word))
    .map(([, word]) => word);
  return { selectors, groupings, bare };
}

/** A series' metric family: a histogram's buckets, count and sum are its. */
const familyOf = (name) => name.replace(/_(bucket|count|sum)$/, '');

/**
 * Whether a query that answered nothing may: it reads only series that count failures, or 5xx answers, which a
 * healthy run has none of (`alsoQuiet`: what else the caller's product cannot show).
 */
function quietByHealth(expr, alsoQuiet = () => false) {
  return analyse(expr).selectors.every(
    (s) =>
      FAILURES_ONLY.has(familyOf(s.name)) ||
      alsoQuiet(s.name) ||
      s.matchers.some((m) => m.label === 'http_response_status_code' && m.value === '5..'),
  );
}

/** Copies of the chart's rule files as its PrometheusRule holds them in `namespace`, under `dir`: their paths. */
function ruleFilesIn(dir, namespace) {
  fs.mkdirSync(dir, { recursive: true });
  return RULE_FILES.map((file) => {
    const copy = path.join(dir, path.basename(file));
    fs.writeFileSync(copy, fs.readFileSync(file, 'utf8').replaceAll('__NAMESPACE__', namespace));
    return copy;
  });
}

module.exports = {
  DASHBOARDS_DIR,
  DASHBOARD_FILES,
  RULE_FILES,
  SAMPLE_VARIABLES,
  FAILURES_ONLY,
  dashboards,
  panelsOf,
  queries,
  substitute,
  analyse,
  familyOf,
  quietByHealth,
  ruleFilesIn,
};
