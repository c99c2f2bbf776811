// Lints and renders the umbrella chart, validates the manifests offline with kubeconform (strict, schemas in
// charts/schemas/), and checks what matters in them: hardened pods, probes, who may talk to whom, secrets only from
// the Secret. Needs helm (v3) and kubeconform, on PATH or in ~/.cache/vellum/bin (see charts/README.md).
const fs = require('node:fs');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const YAML = require('yaml');
const {
  KUBE_VERSION,
  findTool,
  run: runTool,
  ok: okTool,
  packedCharts,
  templateArgs: helmTemplate,
} = require('./chart-kit');
// The remotes' names (what the gateway reads) and the frontends' registry built on them (plain TypeScript data).
const { REMOTE_NAMES, remoteUrlEnvName } = require('../proto/src/remotes.ts');
const { VIDEO_FRAME_ORIGINS } = require('../proto/src/editor/video.ts');
const { REMOTES: UI_REMOTES } = require('../frontends/ui/src/remotes.ts');

const ROOT = path.resolve(__dirname, '..');
const SCHEMA_LOCATIONS = [
  path.join(__dirname, 'schemas', `v${KUBE_VERSION}`, '{{ .ResourceKind }}{{ .KindSuffix }}.json'),
  path.join(__dirname, 'schemas', 'crds', '{{ .ResourceKind }}{{ .KindSuffix }}.json'),
];
const SECRET_KEYS = ['SESSION_SECRET', 'INTERNAL_AUTH_SECRET', 'DATABASE_URL', 'REDIS_URL'];
const SERVICES = ['action', 'analytics', 'gateway', 'identity', 'link', 'messaging', 'social', 'vellum'];
// Micro-frontend remote (frontends/<name>, /mf/<name>/) -> the component serving its files (charts/vellum remotes).
const REMOTES = {
  editor: 'editor',
  actions: 'actions-remote',
  links: 'links-remote',
  messenger: 'messenger-remote',
};
// The micro-frontends' images (frontends/Dockerfile --build-arg APP=<app>): component -> app.
const FRONTENDS = {
  shell: 'shell',
  ...Object.fromEntries(Object.entries(REMOTES).map(([app, name]) => [name, app])),
};
const COMPONENTS = [...SERVICES, ...Object.keys(FRONTENDS)].sort();
// Paths the gateway answers itself or routes to the services (services/gateway/src/routes.ts, http/frontends.ts).
// The gateway's pods, as a NetworkPolicy peer.
const GATEWAY_PEER = {
  podSelector: {
    matchLabels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/instance': 'vellum' },
  },
};
const GATEWAY_PATHS = {
  '/api': 'Prefix',
  '/socket.io': 'Prefix',
  '/check_session': 'Exact',
  '/config.json': 'Exact',
  '/healthz': 'Exact',
  '/readyz': 'Exact',
  // The spec's conversation vellum calls share it with the messenger's pages (the gateway asks the shell for those).
  '/messenger': 'Prefix',
};
// A component's chart folder, where it is not named after the component (the umbrella is charts/vellum).
const chartDir = (name) => ({ vellum: 'vellum-svc' })[name] ?? name;

const tools = { helm: findTool('helm'), kubeconform: findTool('kubeconform') };
const missing = Object.keys(tools).filter((name) => !tools[name]);
const skip = missing.length > 0 && process.env.CI !== 'true' && process.env.VELLUM_SKIP_CHARTS === '1';

let work;
let env;

const run = (cmd, args, options = {}) => runTool(cmd, args, { env, ...options });
const ok = (cmd, args, options = {}) => okTool(cmd, args, { env, ...options });

const templateArgs = (args) => helmTemplate(work, args);

/** `helm template` of the umbrella with extra flags: the manifest text. */
const renderText = (...args) => ok(tools.helm, templateArgs(args));

/** The rendered objects. */
const render = (...args) =>
  YAML.parseAllDocuments(renderText(...args))
    .map((doc) => doc.toJS())
    .filter(Boolean);

function renderError(...args) {
  const result = run(tools.helm, templateArgs(args));
  expect(result.status).not.toBe(0);
  return result.stderr;
}

function validate(manifests) {
  const args = ['-strict', '-summary', ...SCHEMA_LOCATIONS.flatMap((l) => ['-schema-location', l])];
  return run(
    tools.kubeconform,
    typeof manifests === 'string' ? [...args, '-'] : [...args, ...manifests.files],
    {
      input: typeof manifests === 'string' ? manifests : undefined,
    },
  );
}

function expectValid(manifests) {
  const result = validate(manifests);
  expect(`${result.stdout}${result.stderr}`).toMatch(/Invalid: 0, Errors: 0, Skipped: 0/);
  expect(result.status).toBe(0);
  const found = Number(/(\d+) resources? found/.exec(result.stdout)?.[1] ?? 0);
  expect(found).toBeGreaterThan(0);
  return found;
}

const ofKind = (objects, kind) => objects.filter((o) => o.kind === kind);
/** The Service an Ingress sends a request path to, as Kubernetes matches: Exact, else the longest Prefix by path element. */
function backendOf(ingress, url) {
  const paths = ingress.spec.rules.flatMap((r) => r.http.paths);
  const exact = paths.find((p) => p.pathType === 'Exact' && p.path === url);
  if (exact) return exact.backend.service.name;
  const prefix = paths
    .filter((p) => p.pathType === 'Prefix')
    .filter((p) => p.path === '/' || url === p.path || url.startsWith(`${p.path.replace(/\/$/, '')}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return prefix?.backend.service.name;
}
const named = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const podSpec = (deployment) => deployment.spec.template.spec;

(skip ? describe.skip : describe)('charts', () => {
  let objects;

  beforeAll(() => {
    if (missing.length > 0) {
      throw new Error(
        `${missing.join(' and ')} not found on PATH nor in ~/.cache/vellum/bin. Install with\n` +
          '  GOBIN=$HOME/.cache/vellum/bin go install helm.sh/helm/v3/cmd/helm@latest\n' +
          '  GOBIN=$HOME/.cache/vellum/bin go install github.com/yannh/kubeconform/cmd/kubeconform@latest\n' +
          '(outside CI, VELLUM_SKIP_CHARTS=1 skips these tests)',
      );
    }
    // Dependencies are packed into a copy, so the test leaves no .tgz or Chart.lock in the work tree.
    ({ work, env } = packedCharts('vellum-charts-', tools.helm));
    objects = render();
  }, 120_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('the umbrella and every component chart pass helm lint --strict', () => {
    ok(tools.helm, ['lint', '--strict', '--kube-version', KUBE_VERSION, path.join(work, 'vellum')]);
    for (const name of [...COMPONENTS, 'vellum-lib']) {
      ok(tools.helm, [
        'lint',
        '--strict',
        '--kube-version',
        KUBE_VERSION,
        path.join(work, chartDir(name)),
        '--set',
        'global.publicUrl=https://vellum.example.com',
      ]);
    }
  });

  test('rendered manifests validate strictly against the offline Kubernetes schemas', () => {
    expect(expectValid(renderText())).toBe(objects.length);
    expectValid(
      renderText(
        '--set',
        'identity.autoscaling.enabled=true',
        '--set',
        'global.otel.endpoint=http://otel:4318',
      ),
    );
    expectValid(
      renderText(
        '--set',
        'global.publicUrl=http://vellum.localtest.me',
        '--set',
        'global.nodeEnv=development',
      ),
    );
  });

  test('kubeconform really validates (offline schemas, unknown fields refused)', () => {
    const deployment = named(objects, 'Deployment', 'identity');
    const broken = structuredClone(deployment);
    podSpec(broken).containers[0].readOnlyRootFilesytem = true;
    const result = validate(YAML.stringify(broken));
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/readOnlyRootFilesytem/);
  });

  test('k8s/ validates too: namespace, default deny, the identity.cirrus.v1 topic', () => {
    const files = ['namespace.yaml', 'default-deny.yaml', 'kafka-topics.yaml'].map((f) =>
      path.join(ROOT, 'k8s', f),
    );
    const docs = files.flatMap((f) =>
      YAML.parseAllDocuments(fs.readFileSync(f, 'utf8')).map((d) => d.toJS()),
    );
    expect(expectValid({ files })).toBe(docs.length);
    const deny = named(docs, 'NetworkPolicy', 'default-deny-all');
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const topic = named(docs, 'KafkaTopic', 'identity.cirrus.v1');
    expect(topic.spec).toMatchObject({ topicName: 'identity.cirrus.v1', partitions: 3 });
    expect(named(docs, 'KafkaTopic', 'social.follow.v1').spec).toMatchObject({
      topicName: 'social.follow.v1',
    });
    expect(named(docs, 'KafkaTopic', 'vellum.vellum.v1').spec).toMatchObject({
      topicName: 'vellum.vellum.v1',
    });
    expect(named(docs, 'KafkaTopic', 'action.action.v1').spec).toMatchObject({
      topicName: 'action.action.v1',
    });
    expect(named(docs, 'KafkaTopic', 'link.page.v1').spec).toMatchObject({ topicName: 'link.page.v1' });
    expect(named(docs, 'Namespace', 'vellum').metadata.labels['pod-security.kubernetes.io/enforce']).toBe(
      'restricted',
    );
  });

  test('every Deployment runs non-root, read-only, without capabilities, seccomp or API token', () => {
    const deployments = ofKind(objects, 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(COMPONENTS);
    for (const deployment of deployments) {
      const spec = podSpec(deployment);
      expect(spec.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(spec.securityContext.runAsUser).toBeGreaterThan(0);
      expect(spec.automountServiceAccountToken).toBe(false);
      const account = named(objects, 'ServiceAccount', spec.serviceAccountName);
      expect(account.automountServiceAccountToken).toBe(false);
      for (const container of spec.containers) {
        expect(container.securityContext).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          privileged: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.resources.requests).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        expect(container.resources.limits).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      }
    }
  });

  test('probes hit /healthz and /readyz on 8080, and SIGTERM comes after a preStop pause with time to drain', () => {
    for (const deployment of ofKind(objects, 'Deployment')) {
      const spec = podSpec(deployment);
      const [container] = spec.containers;
      expect(container.ports).toContainEqual({ name: 'http', containerPort: 8080, protocol: 'TCP' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      const pause = container.lifecycle.preStop.sleep.seconds;
      expect(pause).toBeGreaterThan(0);
      // The process drains for up to 10 s after SIGTERM (services/platform http/serve.ts).
      expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(pause + 10);
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
      expect(deployment.spec.strategy.rollingUpdate.maxSurge).toBe(1);
    }
    expect(
      ofKind(objects, 'PodDisruptionBudget')
        .map((p) => p.metadata.name)
        .sort(),
    ).toEqual(COMPONENTS);
  });

  test("the Ingress sends the gateway's paths to the gateway, /mf/<remote> to each remote and every other path to the shell; only they admit the controller", () => {
    const [ingress, ...others] = ofKind(objects, 'Ingress');
    expect(others).toEqual([]);
    const routes = Object.fromEntries(
      ingress.spec.rules.flatMap((r) =>
        r.http.paths.map((p) => [
          p.path,
          `${p.pathType} ${p.backend.service.name}:${p.backend.service.port.name}`,
        ]),
      ),
    );
    expect(routes).toEqual({
      ...Object.fromEntries(Object.entries(GATEWAY_PATHS).map(([p, type]) => [p, `${type} gateway:http`])),
      '/': 'Prefix shell:http',
      '/mf/editor': 'Prefix editor:http',
      '/mf/actions': 'Prefix actions-remote:http',
      '/mf/links': 'Prefix links-remote:http',
      '/mf/messenger': 'Prefix messenger-remote:http',
    });
    const gatewayRequests = [
      '/api/signin',
      '/api/cirrus/ada/vellums',
      '/api',
      '/check_session',
      '/config.json',
      '/socket.io/?EIO=4&transport=websocket'.split('?')[0],
      '/healthz',
      '/readyz',
      '/messenger',
      '/messenger/0be7e0c4-0000-4000-8000-000000000000/vellum/ada',
      '/messenger/vellum/0be7e0c4-0000-4000-8000-000000000000',
      '/messenger/c-42',
    ];
    for (const url of gatewayRequests) expect([url, backendOf(ingress, url)]).toEqual([url, 'gateway']);
    // Page paths (the shell's router), its files, and names that only look like the gateway's.
    const shellRequests = [
      '/',
      '/index.html',
      '/static/js/index.0123456789.js',
      '/cirrus/ada/vellums',
      '/vellum/abc',
      '/new-vellum',
      '/apis',
      '/config.json.bak',
      '/check_session/x',
      '/developers',
      // The dev mailbox is never routed from the network (it answers loopback peers only).
      '/dev/mailbox',
      '/healthz/x',
      '/mf/editorial',
      '/messengers',
    ];
    for (const url of shellRequests) expect([url, backendOf(ingress, url)]).toEqual([url, 'shell']);
    expect(ingress.spec.rules[0].host).toBe('vellum.example.com');
    expect(ingress.spec.tls[0].hosts).toEqual(['vellum.example.com']);

    const policies = ofKind(objects, 'NetworkPolicy');
    expect(policies.map((p) => p.metadata.name).sort()).toEqual(COMPONENTS);
    const controller = named(objects, 'NetworkPolicy', 'gateway').spec.ingress[0].from[0];
    expect(controller.namespaceSelector.matchLabels).toEqual({
      'kubernetes.io/metadata.name': 'ingress-nginx',
    });
    const admitsController = (policy) =>
      policy.spec.ingress.some((rule) => rule.from.some((peer) => isDeepStrictEqual(peer, controller)));
    expect(
      policies
        .filter(admitsController)
        .map((p) => p.metadata.name)
        .sort(),
    ).toEqual(['actions-remote', 'editor', 'gateway', 'links-remote', 'messenger-remote', 'shell']);
  });

  test('services take traffic only from the gateway, and every egress rule is port-limited', () => {
    for (const policy of ofKind(objects, 'NetworkPolicy')) {
      expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(policy.spec.podSelector.matchLabels['app.kubernetes.io/name']).toBe(policy.metadata.name);
      for (const rule of policy.spec.egress) expect(rule.ports.length).toBeGreaterThan(0);
    }
    const identity = named(objects, 'NetworkPolicy', 'identity');
    expect(identity.spec.ingress).toEqual([
      {
        from: [
          {
            podSelector: {
              matchLabels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/instance': 'vellum' },
            },
          },
        ],
        ports: [{ port: 'http', protocol: 'TCP' }],
      },
      // The scrapers (global.metrics.scrapers), on the metrics port alone.
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ port: 'metrics', protocol: 'TCP' }],
      },
    ]);
    const egressPorts = (name) =>
      named(objects, 'NetworkPolicy', name).spec.egress.flatMap((rule) => rule.ports.map((p) => p.port));
    expect(egressPorts('identity')).toEqual(expect.arrayContaining([53, 5432, 6379, 9092]));
    expect(egressPorts('gateway')).toEqual(expect.arrayContaining([53, 6379, 8080]));
    expect(egressPorts('gateway')).not.toContain(5432);
    const toIdentity = named(objects, 'NetworkPolicy', 'gateway').spec.egress.find(
      (rule) => rule.ports[0].port === 8080,
    );
    expect(toIdentity.to).toEqual([
      {
        podSelector: {
          matchLabels: { 'app.kubernetes.io/name': 'identity', 'app.kubernetes.io/instance': 'vellum' },
        },
      },
    ]);
  });

  test("the gateway asks the shell's Service for the messenger's pages (SHELL_URL), which admits it; default-deny otherwise", () => {
    expect(named(objects, 'ConfigMap', 'gateway-env').data).toMatchObject({
      SHELL_URL: 'http://shell:8080',
      MESSAGING_URL: 'http://messaging:8080',
    });
    expect(named(objects, 'ConfigMap', 'gateway-env').data).not.toHaveProperty('SHELL_DIR');
    const toShell = named(objects, 'NetworkPolicy', 'gateway').spec.egress.filter((rule) =>
      rule.to?.some((peer) => peer.podSelector?.matchLabels['app.kubernetes.io/name'] === 'shell'),
    );
    expect(toShell).toEqual([
      {
        to: [
          {
            podSelector: {
              matchLabels: { 'app.kubernetes.io/name': 'shell', 'app.kubernetes.io/instance': 'vellum' },
            },
          },
        ],
        ports: [{ port: 8080, protocol: 'TCP' }],
      },
    ]);
    // Only the shell, of the frontends, admits the gateway; the shell still opens no connection itself.
    const admitsGateway = ofKind(objects, 'NetworkPolicy')
      .filter((p) =>
        p.spec.ingress.some((rule) =>
          rule.from.some((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'gateway'),
        ),
      )
      .map((p) => p.metadata.name)
      .sort();
    expect(admitsGateway).toEqual(
      SERVICES.filter((s) => s !== 'gateway')
        .concat('shell')
        .sort(),
    );
    expect(named(objects, 'NetworkPolicy', 'shell').spec.egress).toEqual([]);
    // A shell served elsewhere: see 'the shell has its own pods' below.
    expect(renderError('--set', 'shell.networkPolicy.ingressFrom=everyone')).toMatch(
      /shell: networkPolicy.ingressFrom must be gateway, ingressController or a list of them, got everyone/,
    );
    expect(renderError('--set-json', 'shell.networkPolicy.ingressFrom=[]')).toMatch(
      /shell: networkPolicy.ingressFrom is empty/,
    );
  });

  test('secrets come from the Secret, never from values', () => {
    expect(ofKind(objects, 'Secret')).toEqual([]);
    for (const configMap of ofKind(objects, 'ConfigMap')) {
      for (const key of [...SECRET_KEYS, 'SMTP_URL']) expect(configMap.data).not.toHaveProperty(key);
    }
    const secretRefs = (list, name) =>
      Object.fromEntries(
        podSpec(named(list, 'Deployment', name)).containers[0].env.map((e) => {
          expect(e.value).toBeUndefined();
          return [e.name, e.valueFrom.secretKeyRef];
        }),
      );
    const gateway = secretRefs(objects, 'gateway');
    expect(Object.keys(gateway).sort()).toEqual(['INTERNAL_AUTH_SECRET', 'REDIS_URL', 'SESSION_SECRET']);
    const identity = secretRefs(objects, 'identity');
    for (const key of SECRET_KEYS) expect(identity[key]).toEqual({ name: 'vellum-secrets', key });
    expect(identity.SMTP_URL).toEqual({ name: 'vellum-secrets', key: 'SMTP_URL', optional: true });

    const renamed = render('--set', 'global.secretName=prod-vellum');
    expect(secretRefs(renamed, 'gateway').SESSION_SECRET.name).toBe('prod-vellum');

    expect(renderError('--set', 'identity.env.SESSION_SECRET=not-here')).toMatch(/SESSION_SECRET/);
    expect(renderError('--set', 'gateway.env.DATABASE_URL=postgres://u:p@db/x')).toMatch(
      /looks like a secret/,
    );
  });

  test('each service gets its environment; the gateway finds identity at its Service', () => {
    const data = (name) => named(objects, 'ConfigMap', `${name}-env`).data;
    expect(data('gateway')).toMatchObject({
      IDENTITY_URL: 'http://identity:8080',
      TRUSTED_PROXIES: '10.0.0.0/8',
      REQUEST_TIMEOUT_MS: '30000',
      HEADERS_TIMEOUT_MS: '10000',
      PUBLIC_URL: 'https://vellum.example.com',
      PORT: '8080',
      NODE_ENV: 'production',
      OTEL_SERVICE_NAME: 'gateway',
    });
    expect(data('identity')).toMatchObject({
      KAFKA_BROKERS: 'vellum-kafka-bootstrap.kafka.svc:9092',
      PUBLIC_URL: 'https://vellum.example.com',
      PORT: '8080',
      MAIL_FROM: expect.any(String),
      ADMIN_EMAILS: '',
      SESSION_IDLE_MINUTES: '720',
      SESSION_ABSOLUTE_HOURS: '336',
    });
    // The gateway applies the same session time-outs as identity.
    for (const name of ['SESSION_IDLE_MINUTES', 'SESSION_ABSOLUTE_HOURS'])
      expect(data('gateway')[name]).toBe(data('identity')[name]);
    expect(data('identity')).not.toHaveProperty('OTEL_EXPORTER_OTLP_ENDPOINT');
    const service = named(objects, 'Service', 'identity');
    expect(service.spec.ports).toContainEqual(
      expect.objectContaining({ name: 'http', port: 8080, targetPort: 'http' }),
    );
    for (const name of COMPONENTS) {
      const container = podSpec(named(objects, 'Deployment', name)).containers[0];
      expect(container.envFrom).toEqual([{ configMapRef: { name: `${name}-env` } }]);
      // The fault drills' handle is a test setting: production never serves it (and refuses it at start).
      expect(data(name)).not.toHaveProperty('FAULT_POINTS');
      expect(container.env ?? []).not.toContainEqual(expect.objectContaining({ name: 'FAULT_POINTS' }));
    }

    const traced = render(
      '--set',
      'global.otel.endpoint=http://otel:4318',
      '--set-json',
      'identity.env.ADMIN_EMAILS=["ada@example.com","bob@example.com"]',
    );
    expect(named(traced, 'ConfigMap', 'identity-env').data).toMatchObject({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
      ADMIN_EMAILS: 'ada@example.com,bob@example.com',
    });
    expect(data('identity')).not.toHaveProperty('OTEL_TRACES_SAMPLER');
    const everyTrace = render(
      '--set',
      'global.otel.endpoint=http://otel:4318',
      '--set',
      'global.otel.samplingRatio=1',
    );
    expect(named(everyTrace, 'ConfigMap', 'gateway-env').data.OTEL_TRACES_SAMPLER_ARG).toBe('1');
    expect(
      renderError('--set', 'global.otel.endpoint=http://otel:4318', '--set', 'global.otel.samplingRatio=1.5'),
    ).toMatch(/global.otel.samplingRatio must be between 0 and 1, got 1.5/);
    const checksum = (list) =>
      named(list, 'Deployment', 'identity').spec.template.metadata.annotations['checksum/env'];
    expect(checksum(traced)).not.toBe(checksum(objects));
  });

  test('the analytics service is ANALYTICS_URL to the gateway and is told the admins as identity is', () => {
    const data = (name) => named(objects, 'ConfigMap', `${name}-env`).data;
    expect(data('gateway')).toMatchObject({ ANALYTICS_URL: 'http://analytics:8080' });
    expect(data('analytics')).toMatchObject({
      KAFKA_BROKERS: 'vellum-kafka-bootstrap.kafka.svc:9092',
      OTEL_SERVICE_NAME: 'analytics',
      ADMIN_EMAILS: '',
    });
    expect(renderError('--set', 'analytics.enabled=false')).toMatch(/gateway.upstreams lists analytics/);
  });

  test('the action service is ACTION_URL to the gateway and reaches Postgres and Kafka', () => {
    const data = (name) => named(objects, 'ConfigMap', `${name}-env`).data;
    expect(data('gateway')).toMatchObject({ ACTION_URL: 'http://action:8080' });
    expect(data('action')).toMatchObject({
      KAFKA_BROKERS: 'vellum-kafka-bootstrap.kafka.svc:9092',
      OTEL_SERVICE_NAME: 'action',
    });
    expect(renderError('--set', 'action.enabled=false')).toMatch(/gateway.upstreams lists action/);
  });

  test('the link service is LINK_URL to the gateway, on MongoDB (MONGO_URL from the Secret), Redis and Kafka', () => {
    const data = (name) => named(objects, 'ConfigMap', `${name}-env`).data;
    expect(data('gateway')).toMatchObject({ LINK_URL: 'http://link:8080' });
    expect(data('link')).toMatchObject({
      KAFKA_BROKERS: 'vellum-kafka-bootstrap.kafka.svc:9092',
      OTEL_SERVICE_NAME: 'link',
    });
    expect(data('link')).not.toHaveProperty('MONGO_URL');
    const env = Object.fromEntries(
      podSpec(named(objects, 'Deployment', 'link'))
        .containers[0].env.filter((e) => e.valueFrom)
        .map((e) => [e.name, e.valueFrom.secretKeyRef]),
    );
    expect(env).toEqual({
      MONGO_URL: { name: 'vellum-secrets', key: 'MONGO_URL' },
      REDIS_URL: { name: 'vellum-secrets', key: 'REDIS_URL' },
      INTERNAL_AUTH_SECRET: { name: 'vellum-secrets', key: 'INTERNAL_AUTH_SECRET' },
    });
    const egress = named(objects, 'NetworkPolicy', 'link').spec.egress;
    expect(egress.some((rule) => rule.ports?.some((p) => p.port === 27017))).toBe(true);
    // Redis: the redirect's limits per client address, shared by the replicas.
    expect(egress.some((rule) => rule.ports?.some((p) => p.port === 6379))).toBe(true);
    expect(egress.some((rule) => rule.ports?.some((p) => p.port === 5432))).toBe(false);
    expect(renderError('--set', 'link.enabled=false')).toMatch(/gateway.upstreams lists link/);
  });

  test('the messaging service is MESSAGING_URL to the gateway, on MongoDB, Redis (socket.io adapter) and Kafka', () => {
    const data = (name) => named(objects, 'ConfigMap', `${name}-env`).data;
    expect(data('gateway')).toMatchObject({ MESSAGING_URL: 'http://messaging:8080' });
    expect(data('messaging')).toMatchObject({ OTEL_SERVICE_NAME: 'messaging' });
    const deployment = named(objects, 'Deployment', 'messaging');
    expect(deployment.spec.replicas).toBe(2);
    expect(named(objects, 'PodDisruptionBudget', 'messaging')).toBeTruthy();
    const env = Object.fromEntries(
      podSpec(deployment)
        .containers[0].env.filter((e) => e.valueFrom)
        .map((e) => [e.name, e.valueFrom.secretKeyRef]),
    );
    expect(env).toEqual({
      MONGO_URL: { name: 'vellum-secrets', key: 'MONGO_URL' },
      REDIS_URL: { name: 'vellum-secrets', key: 'REDIS_URL' },
      INTERNAL_AUTH_SECRET: { name: 'vellum-secrets', key: 'INTERNAL_AUTH_SECRET' },
    });
    const egress = named(objects, 'NetworkPolicy', 'messaging').spec.egress;
    for (const port of [27017, 6379]) {
      expect(egress.some((rule) => rule.ports?.some((p) => p.port === port))).toBe(true);
    }
    expect(egress.some((rule) => rule.ports?.some((p) => p.port === 5432))).toBe(false);
    expect(renderError('--set', 'messaging.enabled=false')).toMatch(/gateway.upstreams lists messaging/);
  });

  test('the vellum service (chart vellum-svc, alias vellum) is VELLUM_URL to the gateway', () => {
    const data = (name) => named(objects, 'ConfigMap', `${name}-env`).data;
    expect(data('gateway')).toMatchObject({ VELLUM_URL: 'http://vellum:8080' });
    expect(data('vellum')).toMatchObject({
      RATINGS_REQUIRED: '3',
      KAFKA_BROKERS: 'vellum-kafka-bootstrap.kafka.svc:9092',
      OTEL_SERVICE_NAME: 'vellum',
    });
    const without = render(
      '--set',
      'vellum.enabled=false',
      '--set-json',
      'gateway.upstreams=["identity","social"]',
    );
    expect(named(without, 'Deployment', 'vellum')).toBeUndefined();
    expect(renderError('--set', 'vellum.enabled=false')).toMatch(/gateway.upstreams lists vellum/);
  });

  test('the shell and each remote run nginx-unprivileged as uid 101, write only /tmp and /var/cache/nginx (the shell /etc/nginx/conf.d too), open no connection', () => {
    const controller = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
    };
    const traced = render('--set', 'global.otel.endpoint=http://otel:4318');
    // The shell's entrypoint writes nginx's configuration from its template (frontends/shell.nginx.conf).
    const writable = (name) =>
      name === 'shell' ? ['/tmp', '/var/cache/nginx', '/etc/nginx/conf.d'] : ['/tmp', '/var/cache/nginx'];
    const volumeOf = (dir) => dir.slice(1).replaceAll(/[/.]/g, '-');
    for (const name of Object.keys(FRONTENDS)) {
      const deployment = named(objects, 'Deployment', name);
      expect(deployment.metadata.labels['app.kubernetes.io/component']).toBe('frontend');
      const spec = podSpec(deployment);
      expect(spec.securityContext).toMatchObject({ runAsUser: 101, runAsGroup: 101, fsGroup: 101 });
      const [container] = spec.containers;
      expect(container.image).toBe(`registry.example.com/vellum/${name}:0.1.0`);
      expect(container.env).toBeUndefined();
      expect(container.volumeMounts).toEqual(
        writable(name).map((dir) => ({ name: volumeOf(dir), mountPath: dir })),
      );
      expect(spec.volumes).toEqual(
        writable(name).map((dir) => ({ name: volumeOf(dir), emptyDir: { sizeLimit: '16Mi' } })),
      );
      expect(container.resources).toEqual({
        requests: { cpu: '20m', memory: '32Mi' },
        limits: { cpu: '200m', memory: '128Mi' },
      });
      expect(named(objects, 'Service', name).spec.ports).toContainEqual(
        expect.objectContaining({ name: 'http', port: 8080, targetPort: 'http' }),
      );
      expect(named(objects, 'PodDisruptionBudget', name).spec.maxUnavailable).toBe(1);
      // The shell also takes the gateway's page requests (a navigation to /messenger/...).
      const from = name === 'shell' ? [controller, GATEWAY_PEER] : [controller];
      for (const list of [objects, traced]) {
        const policy = named(list, 'NetworkPolicy', name);
        expect(policy.spec.ingress).toEqual([{ from, ports: [{ port: 'http', protocol: 'TCP' }] }]);
        expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
        expect(policy.spec.egress).toEqual([]);
      }
    }
    // The services keep their defaults: distroless' uid, only /tmp writable, DNS out.
    const identity = podSpec(named(objects, 'Deployment', 'identity'));
    expect(identity.securityContext.runAsUser).toBe(65532);
    expect(identity.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }]);
    expect(named(objects, 'NetworkPolicy', 'identity').spec.egress.length).toBeGreaterThan(1);
    // A remote's own values win over the frontend defaults, within the rules.
    const bigger = render('--set', 'editor.resources.limits.memory=256Mi', '--set', 'editor.replicas=3');
    expect(podSpec(named(bigger, 'Deployment', 'editor')).containers[0].resources.limits.memory).toBe(
      '256Mi',
    );
    expect(named(bigger, 'Deployment', 'editor').spec.replicas).toBe(3);
    expect(renderError('--set-json', 'editor.uses=["postgres"]')).toMatch(
      /editor: networkPolicy.egress is false/,
    );
    expect(renderError('--set-json', 'editor.writableDirs=["/tmp"]')).toMatch(/writableDirs/);
  });

  test('the gateway lists each remote at /mf/<remote>/mf-manifest.json, the path the Ingress sends to its pods', () => {
    const gateway = named(objects, 'ConfigMap', 'gateway-env').data;
    expect(gateway).toMatchObject({
      REMOTE_EDITOR_URL: '/mf/editor/mf-manifest.json',
      REMOTE_ACTIONS_URL: '/mf/actions/mf-manifest.json',
      REMOTE_LINKS_URL: '/mf/links/mf-manifest.json',
      REMOTE_MESSENGER_URL: '/mf/messenger/mf-manifest.json',
    });
    const [ingress] = ofKind(objects, 'Ingress');
    for (const [remote, component] of Object.entries(REMOTES)) {
      const url = gateway[`REMOTE_${remote.toUpperCase()}_URL`];
      expect(backendOf(ingress, url)).toBe(component);
      expect(backendOf(ingress, `/mf/${remote}/static/js/main.0123abcd.js`)).toBe(component);
    }
    expect(backendOf(ingress, '/config.json')).toBe('gateway');
    expect(backendOf(ingress, '/mf/editorial')).toBe('shell');
  });

  test('a remote off or on a CDN: its objects, its route and its /mf URL go together; half of it is refused', () => {
    const off = ['--set', 'editor.enabled=false', '--set', 'gateway.env.REMOTE_EDITOR_URL=null'];
    const without = render(...off);
    expect(without.filter((o) => o.metadata.name.startsWith('editor'))).toEqual([]);
    const gateway = named(without, 'ConfigMap', 'gateway-env').data;
    expect(gateway).not.toHaveProperty('REMOTE_EDITOR_URL');
    expect(gateway.REMOTE_ACTIONS_URL).toBe('/mf/actions/mf-manifest.json');
    const paths = (list) =>
      ofKind(list, 'Ingress')[0]
        .spec.rules[0].http.paths.map((p) => p.path)
        .filter((p) => p.startsWith('/mf/'));
    expect(paths(without)).toEqual(['/mf/actions', '/mf/links', '/mf/messenger']);
    expectValid(renderText(...off));

    // On a CDN: the gateway lists its manifest there and the shell's CSP allows that origin.
    const cdnUrl = 'https://cdn.example.com/actions/mf-manifest.json';
    const toCdn = [
      '--set',
      'actions-remote.enabled=false',
      '--set',
      `gateway.env.REMOTE_ACTIONS_URL=${cdnUrl}`,
    ];
    const cdn = render(...toCdn, '--set', 'shell.env.CSP_REMOTE_ORIGINS=https://cdn.example.com');
    expect(cdn.filter((o) => o.metadata.name.startsWith('actions-remote'))).toEqual([]);
    expect(named(cdn, 'ConfigMap', 'gateway-env').data.REMOTE_ACTIONS_URL).toBe(cdnUrl);
    expect(named(cdn, 'ConfigMap', 'shell-env').data.CSP_REMOTE_ORIGINS).toBe('https://cdn.example.com');
    expect(paths(cdn)).toEqual(['/mf/editor', '/mf/links', '/mf/messenger']);
    expect(renderError(...toCdn)).toMatch(
      /gateway.env.REMOTE_ACTIONS_URL is on https:\/\/cdn.example.com, which the shell's Content-Security-Policy does not allow: add it to shell.env.CSP_REMOTE_ORIGINS/,
    );
    expect(renderError(...toCdn, '--set', 'shell.env.CSP_REMOTE_ORIGINS=https://other.example.com')).toMatch(
      /CSP_REMOTE_ORIGINS/,
    );
    expect(renderError('--set', 'shell.env.CSP_REMOTE_ORIGINS=https://cdn.example.com/actions/')).toMatch(
      /shell.env.CSP_REMOTE_ORIGINS: "https:\/\/cdn.example.com\/actions\/" is not an origin/,
    );

    expect(renderError('--set', 'editor.enabled=false')).toMatch(
      /gateway.env.REMOTE_EDITOR_URL is \/mf\/editor\/mf-manifest.json, but editor \(the editor remote\) is not enabled/,
    );
    expect(renderError('--set', 'remotes.messenger=null')).toMatch(/remotes has no "messenger" entry/);
  });

  test.each(['editor', 'shell'])(
    'a micro-frontend deploys alone: a new %s image changes its objects and nothing else',
    (name) => {
      const key = (o) => `${o.kind}/${o.metadata.name}`;
      const before = new Map(objects.map((o) => [key(o), o]));
      const digest = `sha256:${'b'.repeat(64)}`;
      const after = render('--set', `${name}.image.tag=2.0.0`, '--set', `${name}.image.digest=${digest}`);
      expect(after.map(key).sort()).toEqual([...before.keys()].sort());
      const changed = after.filter((o) => !isDeepStrictEqual(o, before.get(key(o))));
      // The version label moves on each of its objects; only its Deployment's pods change.
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.map((o) => o.metadata.labels['app.kubernetes.io/name'])).toEqual(
        changed.map(() => name),
      );
      const pods = (list) =>
        ofKind(list, 'Deployment').filter((d) => !isDeepStrictEqual(d, before.get(key(d))));
      expect(pods(after).map((d) => d.metadata.name)).toEqual([name]);
      expect(podSpec(named(after, 'Deployment', name)).containers[0].image).toBe(
        `registry.example.com/vellum/${name}:2.0.0@${digest}`,
      );
      expect(named(after, 'ConfigMap', 'gateway-env')).toEqual(named(objects, 'ConfigMap', 'gateway-env'));
      expect(named(after, 'Ingress', 'vellum')).toEqual(named(objects, 'Ingress', 'vellum'));
    },
  );

  test('the shell has its own pods; the gateway serves no shell in the cluster, only /config.json', () => {
    const shell = named(objects, 'Deployment', 'shell');
    expect(shell.metadata.labels['app.kubernetes.io/component']).toBe('frontend');
    expect(podSpec(shell).containers[0].image).toBe('registry.example.com/vellum/shell:0.1.0');
    expect(named(objects, 'ConfigMap', 'shell-env').data).toMatchObject({ CSP_REMOTE_ORIGINS: '' });
    const gateway = named(objects, 'ConfigMap', 'gateway-env').data;
    expect(gateway).not.toHaveProperty('SHELL_DIR');
    expect(gateway).not.toHaveProperty('FRONTENDS');
    expect(
      podSpec(named(objects, 'Deployment', 'gateway')).containers[0].env.map((e) => e.name),
    ).not.toContain('SHELL_DIR');
    // The shell served elsewhere (a CDN in front of this host): its catch-all route must go too, or the Ingress
    // would point at a Service that is not there.
    expect(renderError('--set', 'shell.enabled=false')).toMatch(
      /ingress.routes: \/ routes to shell, which is not enabled/,
    );
    const gatewayRoutes = Object.entries(GATEWAY_PATHS).map(([p, pathType]) => ({
      path: p,
      pathType,
      service: 'gateway',
    }));
    const elsewhereRoutes = [
      '--set',
      'shell.enabled=false',
      '--set-json',
      `ingress.routes=${JSON.stringify(gatewayRoutes)}`,
    ];
    // ...and the gateway's SHELL_URL (the messenger's pages) is pointed at where the shell is served.
    expect(renderError(...elsewhereRoutes)).toMatch(/gateway.upstreams lists shell, which is not enabled/);
    const elsewhere = render(
      ...elsewhereRoutes,
      '--set-json',
      'gateway.upstreams=["identity","social","vellum","action","link","messaging","analytics"]',
      '--set',
      'gateway.env.SHELL_URL=https://shell.example.net',
    );
    expect(elsewhere.filter((o) => o.metadata.name.startsWith('shell'))).toEqual([]);
    expect(named(elsewhere, 'ConfigMap', 'gateway-env').data.SHELL_URL).toBe('https://shell.example.net');
    const ingress = named(elsewhere, 'Ingress', 'vellum');
    expect(backendOf(ingress, '/api/user')).toBe('gateway');
    expect(backendOf(ingress, '/mf/editor/mf-manifest.json')).toBe('editor');
    expect(backendOf(ingress, '/cirrus/ada')).toBeUndefined();
  });

  test('frontends/Dockerfile builds any micro-frontend (APP, or REMOTE as before) on nginx-unprivileged', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'frontends', 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^(?=FROM )/m).slice(1);
    // An ARG declared before the first FROM is not seen inside a stage: the one stage naming APP declares it.
    const appStages = stages.filter((s) => /\$\{?(APP|REMOTE)/.test(s));
    expect(appStages).toHaveLength(1);
    expect(appStages[0]).toMatch(/^ARG APP\nARG REMOTE\nENV APP=\$\{APP:-\$REMOTE\}$/m);
    expect(appStages[0]).toMatch(/npm ci -w "@vellum\/\$\{APP:\?[^}]*\}"/);
    expect(appStages[0]).toContain('COPY frontends/${APP}/ frontends/${APP}/');
    expect(dockerfile).toMatch(/^ARG RUNTIME_IMAGE=nginxinc\/nginx-unprivileged:\S+-alpine$/m);
    // The image's own user (101, the chart's runAsUser) and port.
    expect(dockerfile).not.toMatch(/^USER /m);
    expect(dockerfile).toMatch(/^EXPOSE 8080$/m);
    // Each app's nginx configuration: the shell's is a template the entrypoint renders into conf.d.
    expect(dockerfile).toContain('cp frontends/remote.nginx.conf /out/nginx/conf.d/default.conf');
    expect(dockerfile).toContain('cp frontends/shell.nginx.conf /out/nginx/templates/default.conf.template');
    expect(dockerfile).toMatch(/if \[ "\$\{APP\}" = shell \]/);
    expect(dockerfile).toContain('COPY --from=build /out/nginx/ /etc/nginx/');
    expect(dockerfile).toContain('COPY --from=build /out/html/ /usr/share/nginx/html/');
    expect(dockerfile).toMatch(/^ENV NGINX_ENVSUBST_FILTER=\^CSP_ \\\n\s+CSP_REMOTE_ORIGINS=$/m);
    for (const app of Object.values(FRONTENDS)) {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'frontends', app, 'package.json'), 'utf8'));
      expect(pkg.name).toBe(`@vellum/${app}`);
    }
  });

  test('shell.nginx.conf: index.html for every page path, hashed files cached, probes, the gateway CSP', () => {
    const conf = fs.readFileSync(path.join(ROOT, 'frontends', 'shell.nginx.conf'), 'utf8');
    const code = conf.replace(/#.*$/gm, '');
    expect(code).toMatch(/^\s*listen 8080;$/m);
    expect(code).toMatch(/^\s*root \/usr\/share\/nginx\/html;$/m);
    expect(code).toMatch(/location = \/healthz \{[^}]*return 200/);
    expect(code).toMatch(/location = \/readyz \{[^}]*return 200/);
    // The SPA fallback: any path without a file answers /index.html. rsbuild writes the hashed files under
    // /static/, where a missing one is a 404, never the page.
    expect(code).toMatch(/location \/ \{\s*try_files \$uri \/index\.html;\s*\}/);
    expect(code).toMatch(/location \/static\/ \{\s*try_files \$uri =404;\s*\}/);
    // Only hashed files actually served are immutable; the page, whatever path answers it, and errors revalidate.
    const map = /map "\$status \$uri" \$shell_cache_control \{([^}]*)\}/.exec(code)[1];
    expect(map).toContain('"~^(200|206|304) /static/" "public, max-age=31536000, immutable";');
    expect(map).toMatch(/default "no-cache";/);
    expect(code).toMatch(/^\s*add_header Cache-Control \$shell_cache_control always;$/m);
    // Paths that are the gateway's or a remote's never get the page (a clear 404 if the Ingress sends them here).
    const notFound = new RegExp(/location ~ (\S+) \{\s*return 404;\s*\}/.exec(code)[1]);
    // The shell answers the pages the gateway asks it for on /messenger/... (the gateway keeps the API calls there).
    const gatewayOwn = Object.entries(GATEWAY_PATHS).filter(
      ([p]) => !['/healthz', '/readyz', '/messenger'].includes(p),
    );
    const refused = [
      ...gatewayOwn.flatMap(([p, type]) => (type === 'Prefix' ? [p, `${p}/x`] : [p])),
      '/mf/links/mf-manifest.json',
      '/mf/editor',
      // Nobody's metrics through the Ingress: each process serves them on its own port (METRICS_PORT).
      '/metrics',
      '/metrics/x',
    ];
    for (const url of refused) expect([url, notFound.test(url)]).toEqual([url, true]);
    for (const url of [
      '/',
      '/cirrus/ada/vellums',
      '/apis',
      '/developers',
      '/config.jsonp',
      '/mfa',
      '/messenger',
      '/messenger/c-42',
      '/messenger/0be7e0c4-0000-4000-8000-000000000000/vellum/ada',
    ]) {
      expect([url, notFound.test(url)]).toEqual([url, false]);
    }
    // Security headers on every response, and none inside a location (nginx would then drop the server's).
    expect(code.slice(code.search(/^\s*location /m))).not.toContain('add_header');
    const header = (name) => new RegExp(`^\\s*add_header ${name} "([^"]*)" always;$`, 'm').exec(code)?.[1];
    for (const name of [
      'X-Content-Type-Options',
      'X-Frame-Options',
      'Referrer-Policy',
      'Permissions-Policy',
    ]) {
      expect([name, header(name)]).toEqual([name, expect.any(String)]);
    }
    // HSTS only when the Ingress says the browser came over HTTPS (an empty value leaves the header out).
    expect(code).toMatch(/^\s*add_header Strict-Transport-Security \$shell_hsts always;$/m);
    expect(/map \$http_x_forwarded_proto \$shell_hsts \{([^}]*)\}/.exec(code)[1]).toMatch(
      /https "max-age=\d+; includeSubDomains";\s*default "";/,
    );
    const csp = Object.fromEntries(
      header('Content-Security-Policy')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    // Remotes at /mf/<name>/ are 'self'; one on a CDN is in CSP_REMOTE_ORIGINS (its manifest, scripts, styles).
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", '${CSP_REMOTE_ORIGINS}']);
    // Websockets only to this host (never `ws:`/`wss:` to any), images never over plain http.
    expect(csp['connect-src']).toEqual(["'self'", 'wss://$host', '${CSP_REMOTE_ORIGINS}']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", '${CSP_REMOTE_ORIGINS}']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    // The product's video policy, as the gateway's own CSP has it.
    expect(csp['frame-src']).toEqual([...VIDEO_FRAME_ORIGINS]);
    // The only variable the entrypoint substitutes (NGINX_ENVSUBST_FILTER=^CSP_ in frontends/Dockerfile).
    expect([...new Set(conf.match(/\$\{?[A-Z][A-Z0-9_]*\}?/g))]).toEqual(['${CSP_REMOTE_ORIGINS}']);
  });

  test('remote.nginx.conf serves what the chart probes and routes', () => {
    const conf = fs.readFileSync(path.join(ROOT, 'frontends', 'remote.nginx.conf'), 'utf8');
    expect(conf).toMatch(/^\s*listen 8080;$/m);
    expect(conf).toMatch(/location = \/healthz \{[^}]*return 200/);
    expect(conf).toMatch(/location = \/readyz \{[^}]*return 200/);
    // The Ingress passes /mf/<remote>/... on unchanged: the files answer under that prefix.
    const locations = [...conf.matchAll(/location ~ (\S+) \{/g)].map((m) => new RegExp(m[1]));
    const served = (url) => locations.some((l) => l.test(url));
    for (const remote of Object.keys(REMOTES)) {
      expect(served(`/mf/${remote}/mf-manifest.json`)).toBe(true);
      expect(served(`/mf/${remote}/static/js/async/123.0123abcd.js`)).toBe(true);
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'frontends', remote, 'package.json'), 'utf8'));
      expect(pkg.name).toBe(`@vellum/${remote}`);
      // The remote is one of REMOTE_NAMES (@vellum/proto): the gateway reads REMOTE_<NAME>_URL for each of them,
      // and the shell mounts the remote by this name through the registry of @vellum/ui/remotes built on them.
      expect(REMOTE_NAMES).toContain(remote);
      expect(remoteUrlEnvName(remote)).toBe(`REMOTE_${remote.toUpperCase()}_URL`);
      expect(Object.keys(UI_REMOTES)).toContain(remote);
    }
    expect(fs.readFileSync(path.join(ROOT, 'services/gateway/src/config.ts'), 'utf8')).toMatch(
      /REMOTE_NAMES\.map\(\(name\) => \[remoteUrlEnvName\(name\), remote\(\)\]\)/,
    );
  });

  test('every service process serves metrics on its own port, which only the scrapers reach; the frontends serve none', () => {
    for (const name of SERVICES) {
      const container = podSpec(named(objects, 'Deployment', name)).containers[0];
      expect([name, container.ports]).toEqual([
        name,
        [
          { name: 'http', containerPort: 8080, protocol: 'TCP' },
          { name: 'metrics', containerPort: 9464, protocol: 'TCP' },
        ],
      ]);
      expect([name, named(objects, 'ConfigMap', `${name}-env`).data.METRICS_PORT]).toEqual([name, '9464']);
      const ports = named(objects, 'Service', name).spec.ports.map(
        (p) => `${p.name}:${p.port}->${p.targetPort}`,
      );
      expect([name, ports]).toEqual([name, ['http:8080->http', 'metrics:9464->metrics']]);
      const metricsRules = named(objects, 'NetworkPolicy', name).spec.ingress.filter((rule) =>
        rule.ports.some((p) => p.port === 'metrics'),
      );
      expect(metricsRules).toEqual([
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          ports: [{ port: 'metrics', protocol: 'TCP' }],
        },
      ]);
    }
    for (const name of Object.keys(FRONTENDS)) {
      const container = podSpec(named(objects, 'Deployment', name)).containers[0];
      expect([name, container.ports.map((p) => p.name)]).toEqual([name, ['http']]);
      expect([name, named(objects, 'ConfigMap', `${name}-env`).data.METRICS_PORT]).toEqual([name, undefined]);
    }
    // The Ingress reaches the Services' `http` port alone.
    const ingress = ofKind(objects, 'Ingress')[0];
    for (const path of ingress.spec.rules.flatMap((r) => r.http.paths))
      expect(path.backend.service.port).toEqual({ name: 'http' });
    // Off by default: no monitor unless asked for (the CRDs may not be installed).
    expect([...ofKind(objects, 'ServiceMonitor'), ...ofKind(objects, 'PodMonitor')]).toEqual([]);
  });

  test('one switch gives every service a ServiceMonitor (or a PodMonitor) on its metrics port, which a component may override', () => {
    const text = renderText(
      '--set',
      'global.metrics.serviceMonitor.enabled=true',
      '--set',
      'global.metrics.serviceMonitor.labels.release=kube-prometheus-stack',
      '--set',
      'analytics.metrics.serviceMonitor.enabled=false',
      '--set',
      'shell.metrics.serviceMonitor.enabled=true',
    );
    expectValid(text);
    const rendered = YAML.parseAllDocuments(text)
      .map((d) => d.toJS())
      .filter(Boolean);
    const monitors = ofKind(rendered, 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual(SERVICES.filter((n) => n !== 'analytics'));
    const gateway = monitors.find((m) => m.metadata.name === 'gateway');
    expect(gateway.metadata.labels.release).toBe('kube-prometheus-stack');
    expect(gateway.spec).toEqual({
      jobLabel: 'app.kubernetes.io/name',
      selector: {
        matchLabels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/instance': 'vellum' },
      },
      endpoints: [{ port: 'metrics', path: '/metrics', interval: '30s', scrapeTimeout: '10s' }],
    });

    const pods = render(
      '--set',
      'global.metrics.podMonitor.enabled=true',
      '--set',
      'vellum.metrics.podMonitor.enabled=false',
    );
    expect(ofKind(pods, 'ServiceMonitor')).toEqual([]);
    expect(
      ofKind(pods, 'PodMonitor')
        .map((m) => m.metadata.name)
        .sort(),
    ).toEqual(SERVICES.filter((n) => n !== 'vellum'));
    expect(ofKind(pods, 'PodMonitor')[0].spec.podMetricsEndpoints).toEqual([
      { port: 'metrics', path: '/metrics', interval: '30s', scrapeTimeout: '10s' },
    ]);
    // Kubeconform knows the monitors' schemas: a misspelt field is refused.
    const broken = structuredClone(gateway);
    broken.spec.endpoints[0].scrapeIntervall = '5s';
    const result = validate(YAML.stringify(broken));
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/scrapeIntervall/);
  });

  test('the scrapers are whoever global.metrics.scrapers names', () => {
    const peer = { ipBlock: { cidr: '10.9.0.0/16' } };
    const rendered = render('--set-json', `global.metrics.scrapers=${JSON.stringify([peer])}`);
    const rule = named(rendered, 'NetworkPolicy', 'messaging').spec.ingress.find((r) =>
      r.ports.some((p) => p.port === 'metrics'),
    );
    expect(rule).toEqual({ from: [peer], ports: [{ port: 'metrics', protocol: 'TCP' }] });
  });

  test('components toggle with <name>.enabled, and the gateway cannot point at a missing one', () => {
    const without = render('--set', 'identity.enabled=false', '--set-json', 'gateway.upstreams=[]');
    expect(without.filter((o) => o.metadata.name.startsWith('identity'))).toEqual([]);
    expect(named(without, 'ConfigMap', 'gateway-env').data).not.toHaveProperty('IDENTITY_URL');
    expect(renderError('--set', 'identity.enabled=false')).toMatch(/gateway.upstreams lists identity/);
    expect(renderError('--set', 'global.publicUrl=vellum.example.com')).toMatch(/global.publicUrl/);
  });

  test('the autoscaler replaces fixed replicas when enabled', () => {
    expect(ofKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    const scaled = render('--set', 'identity.autoscaling.enabled=true');
    const [hpa] = ofKind(scaled, 'HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'identity' });
    expect(named(scaled, 'Deployment', 'identity').spec).not.toHaveProperty('replicas');
    expect(named(scaled, 'Deployment', 'gateway').spec.replicas).toBe(2);
  });

  test('skaffold builds every component from the repository root and deploys the image it built', () => {
    const skaffold = YAML.parse(fs.readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8'));
    const [release] = skaffold.deploy.helm.releases;
    expect(release.chartPath).toBe('charts/vellum');
    const prod = skaffold.profiles.find((p) => p.name === 'prod');
    const dev = skaffold.profiles.find((p) => p.name === 'dev');
    expect(skaffold.build.artifacts.map((a) => a.image).sort()).toEqual(COMPONENTS.map((n) => `vellum/${n}`));
    for (const name of COMPONENTS) {
      const artifact = skaffold.build.artifacts.find((a) => a.image === `vellum/${name}`);
      expect(artifact).toEqual({
        image: `vellum/${name}`,
        context: '.',
        docker: FRONTENDS[name]
          ? { dockerfile: 'frontends/Dockerfile', buildArgs: { APP: FRONTENDS[name] } }
          : { dockerfile: 'services/Dockerfile', buildArgs: { SERVICE: name } },
      });
      expect(fs.existsSync(path.join(ROOT, artifact.docker.dockerfile))).toBe(true);
      // Skaffold's template names: the artifact's name with / and - as _.
      const key = `vellum_${name.replaceAll('-', '_')}`;
      expect(release.setValueTemplates[`${name}.image.repository`]).toBe(`{{.IMAGE_REPO_${key}}}`);
      expect(release.setValueTemplates[`${name}.image.tag`]).toBe(`{{.IMAGE_TAG_${key}}}`);
      expect(prod.patches).toContainEqual({
        op: 'add',
        path: `/deploy/helm/releases/0/setValueTemplates/${name}.image.digest`,
        value: `{{.IMAGE_DIGEST_${key}}}`,
      });
      expect(dev.patches[0].value[`${name}.replicas`]).toBe(1);
    }
    expect(skaffold.profiles.map((p) => p.name).sort()).toEqual(['dev', 'prod']);

    const pinned = render(
      '--set',
      'gateway.image.repository=reg.example/vellum/gateway',
      '--set',
      'gateway.image.tag=abc123',
      '--set',
      `gateway.image.digest=sha256:${'a'.repeat(64)}`,
    );
    expect(podSpec(named(pinned, 'Deployment', 'gateway')).containers[0].image).toBe(
      `reg.example/vellum/gateway:abc123@sha256:${'a'.repeat(64)}`,
    );
  });

  test('services/Dockerfile builds one workspace (SERVICE) from the root and runs its dist on a non-root runtime', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'services', 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^(?=FROM )/m).slice(1);
    // An ARG declared before the first FROM is not seen inside a stage: every stage that names SERVICE declares it.
    for (const stage of stages.filter((s) => s.includes('${SERVICE'))) {
      expect(stage).toMatch(/^ARG SERVICE$/m);
    }
    expect(dockerfile).toMatch(/npm ci -w "@vellum\/\$\{SERVICE:\?[^}]*\}"[^\n]*\n[^\n]*--omit=dev/);
    expect(dockerfile).toContain('npx tsc -b "services/${SERVICE}"');
    expect(dockerfile).toContain('ARG RUNTIME_IMAGE=gcr.io/distroless/nodejs20-debian12:nonroot');
    expect(dockerfile).toMatch(/^USER 65532:65532$/m);
    expect(dockerfile).toMatch(/^EXPOSE 8080$/m);
    // CMD expands no variables: the last WORKDIR makes `dist/main.js` the service's.
    expect(dockerfile).toMatch(/^WORKDIR \/app\/services\/\$\{SERVICE\}\nCMD \["dist\/main.js"\]\n$/m);
    const contextSources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      m[1].split(' '),
    );
    expect(contextSources).toContain('services/${SERVICE}/');
    // The platform and every adapter package (services/platform-<driver>) are compiled with the service.
    for (const shared of fs
      .readdirSync(path.join(ROOT, 'services'))
      .filter((d) => d.startsWith('platform'))) {
      expect(contextSources).toContain(`services/${shared}/`);
    }
    for (const name of SERVICES) {
      const workspace = path.join(ROOT, 'services', name);
      expect(JSON.parse(fs.readFileSync(path.join(workspace, 'package.json'), 'utf8')).name).toBe(
        `@vellum/${name}`,
      );
      expect(fs.existsSync(path.join(workspace, 'src', 'main.ts'))).toBe(true);
      for (const source of contextSources) {
        expect(fs.existsSync(path.join(ROOT, source.replaceAll('${SERVICE}', name)))).toBe(true);
      }
    }
    const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist', '**/.data']));
  });
});
