// The alerting and recording rules (charts/vellum/rules/, docs/operations.md) as the umbrella chart renders them
// with global.metrics.prometheusRule on: the PrometheusRule is valid (kubeconform, prometheus-operator's schema),
// `promtool check rules` accepts its groups, and promtool's unit tests (charts/vellum/rules/tests/) prove each alert
// fires, and stays quiet, when it should. Every alert has its runbook in docs/runbooks/, and every runbook an alert.
// Needs helm, kubeconform and promtool, on PATH or in ~/.cache/vellum/bin (scripts/servers/go-tools.sh installs them).
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');
const { findTool, run: runTool, ok: okTool, packedCharts, templateArgs } = require('./chart-kit');

const ROOT = path.resolve(__dirname, '..');
const RULES_DIR = path.join(__dirname, 'vellum', 'rules');
const RUNBOOKS_DIR = path.join(ROOT, 'docs', 'runbooks');
const SCHEMA_LOCATION = path.join(__dirname, 'schemas', 'crds', '{{ .ResourceKind }}{{ .KindSuffix }}.json');
// The unit tests' series are in this namespace (charts/vellum/rules/tests/*.test.yaml).
const NAMESPACE = 'vellum';

const tools = {
  helm: findTool('helm'),
  kubeconform: findTool('kubeconform'),
  promtool: findTool('promtool'),
};
const missing = Object.keys(tools).filter((name) => !tools[name]);
const skip = missing.length > 0 && process.env.CI !== 'true' && process.env.VELLUM_SKIP_CHARTS === '1';

let work;
let env;

const run = (cmd, args, options = {}) => runTool(cmd, args, { env, ...options });
const ok = (cmd, args, options = {}) => okTool(cmd, args, { env, ...options });

/** `helm template` of the umbrella in a namespace, with extra `--set`s: the PrometheusRules and the text. */
function renderIn(namespace, ...sets) {
  const text = ok(
    tools.helm,
    templateArgs(
      work,
      sets.flatMap((set) => ['--set', set]),
      namespace,
    ),
  );
  const rules = YAML.parseAllDocuments(text)
    .map((doc) => doc.toJS())
    .filter((o) => o?.kind === 'PrometheusRule');
  return { text, rules };
}
const render = (...sets) => renderIn(NAMESPACE, ...sets);

/** The metric selectors of an expression (`up{namespace="vellum"}`), which must each name the namespace. */
const selectorsOf = (expr) => expr.match(/[a-zA-Z_:][a-zA-Z0-9_:]*\{[^}]*\}/g) ?? [];

const alertsOf = (rule) => rule.spec.groups.flatMap((g) => g.rules).filter((r) => r.alert);

(skip ? describe.skip : describe)('prometheus rules', () => {
  let rule;
  let text;

  beforeAll(() => {
    if (missing.length > 0) {
      throw new Error(
        `${missing.join(', ')} not found on PATH nor in ~/.cache/vellum/bin. scripts/servers/go-tools.sh installs ` +
          'them (promtool: GOBIN=$HOME/.cache/vellum/bin go install ' +
          'github.com/prometheus/prometheus/cmd/promtool@v0.316.0; outside CI, VELLUM_SKIP_CHARTS=1 skips these tests)',
      );
    }
    ({ work, env } = packedCharts('vellum-rules-', tools.helm));
    const rendered = render(
      'global.metrics.prometheusRule.enabled=true',
      'global.metrics.prometheusRule.labels.release=kube-prometheus-stack',
    );
    expect(rendered.rules).toHaveLength(1);
    [rule] = rendered.rules;
    ({ text } = rendered);
  }, 120_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('off by default, like the monitors (the CRDs may not be installed)', () => {
    expect(render().rules).toEqual([]);
  });

  test("the PrometheusRule is valid, carries the ruleSelector's labels, and reads this release's series only", () => {
    const result = run(tools.kubeconform, ['-strict', '-summary', '-schema-location', SCHEMA_LOCATION, '-'], {
      input: YAML.stringify(rule),
    });
    expect(`${result.stdout}${result.stderr}`).toMatch(/Valid: 1, Invalid: 0, Errors: 0, Skipped: 0/);
    expect(result.status).toBe(0);
    expect(rule.metadata).toMatchObject({ name: 'vellum', labels: { release: 'kube-prometheus-stack' } });

    // Every selector of every expression names the release's namespace (another release's, or another product's
    // series of the same names, are not this one's); no placeholder is left.
    expect(text).not.toContain('__NAMESPACE__');
    const selectors = rule.spec.groups.flatMap((g) => g.rules).flatMap((r) => selectorsOf(r.expr));
    expect(selectors.length).toBeGreaterThan(0);
    for (const selector of selectors) expect(selector).toContain(`namespace="${NAMESPACE}"`);
    const [staging] = renderIn('staging', 'global.metrics.prometheusRule.enabled=true').rules;
    for (const selector of staging.spec.groups.flatMap((g) => g.rules).flatMap((r) => selectorsOf(r.expr))) {
      expect(selector).toContain('namespace="staging"');
    }
  });

  test('promtool checks the rendered rules and passes every unit test of charts/vellum/rules/tests', () => {
    const dir = fs.mkdtempSync(path.join(work, 'promtool-'));
    // The groups exactly as rendered, under the name the unit tests' rule_files give.
    fs.writeFileSync(path.join(dir, 'rules.yaml'), YAML.stringify({ groups: rule.spec.groups }));
    const tests = fs
      .readdirSync(path.join(RULES_DIR, 'tests'))
      .filter((f) => f.endsWith('.test.yaml'))
      .sort();
    expect(tests.length).toBeGreaterThan(0);
    for (const file of tests) fs.copyFileSync(path.join(RULES_DIR, 'tests', file), path.join(dir, file));

    const check = ok(tools.promtool, ['check', 'rules', '--lint=all', '--lint-fatal', 'rules.yaml'], {
      cwd: dir,
    });
    expect(check).toMatch(/SUCCESS: \d+ rules found/);

    const result = run(tools.promtool, ['test', 'rules', ...tests], { cwd: dir });
    if (result.status !== 0)
      throw new Error(`promtool test rules failed\n${result.stdout}\n${result.stderr}`);
    for (const file of tests) expect(result.stdout).toContain(`Processing test file: ${file}\n  SUCCESS`);
  }, 300_000);

  test('every alert is unit-tested firing and quiet', () => {
    const tested = fs
      .readdirSync(path.join(RULES_DIR, 'tests'))
      .filter((f) => f.endsWith('.test.yaml'))
      .flatMap((f) => YAML.parse(fs.readFileSync(path.join(RULES_DIR, 'tests', f), 'utf8')).tests)
      .flatMap((t) => t.alert_rule_test ?? []);
    for (const name of new Set(alertsOf(rule).map((a) => a.alert))) {
      const cases = tested.filter((t) => t.alertname === name);
      expect({ name, fires: cases.some((t) => t.exp_alerts?.length > 0) }).toEqual({ name, fires: true });
      expect({ name, quiet: cases.some((t) => !t.exp_alerts?.length) }).toEqual({ name, quiet: true });
    }
  });

  test('every alert has a severity, a summary, a description and a runbook that exists; every runbook an alert', () => {
    const alerts = alertsOf(rule);
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      expect({ alert: alert.alert, severity: alert.labels?.severity }).toEqual({
        alert: alert.alert,
        severity: expect.stringMatching(/^(page|ticket)$/),
      });
      expect(alert.annotations).toEqual({
        summary: expect.any(String),
        description: expect.any(String),
        runbook_url: `docs/runbooks/${alert.alert}.md`,
      });
    }
    const names = [...new Set(alerts.map((a) => a.alert))].sort();
    const runbooks = fs
      .readdirSync(RUNBOOKS_DIR)
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => f.replace(/\.md$/, ''))
      .sort();
    expect(runbooks).toEqual(names);
    for (const name of names) {
      const page = fs.readFileSync(path.join(RUNBOOKS_DIR, `${name}.md`), 'utf8');
      expect(page.startsWith(`# ${name}\n`)).toBe(true);
    }
  });

  test('runbookBaseUrl points every runbook_url where the on-call reads the repository', () => {
    const { rules } = render(
      'global.metrics.prometheusRule.enabled=true',
      'global.metrics.prometheusRule.runbookBaseUrl=https://git.example.com/vellum/-/blob/main/docs/runbooks/',
    );
    for (const alert of alertsOf(rules[0])) {
      expect(alert.annotations.runbook_url).toBe(
        `https://git.example.com/vellum/-/blob/main/docs/runbooks/${alert.alert}.md`,
      );
    }
  });
});
