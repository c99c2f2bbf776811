import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { REPO_ROOT } from '../paths';

/** The subset of a rendered Kubernetes object the topology reads. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: any;
}

const CHARTS = path.join(REPO_ROOT, 'charts');
const KUBE_VERSION = '1.33.0';

/** helm on PATH or in ~/.cache/vellum/bin (where scripts/servers and charts/README.md install it). */
export function findTool(name: string): string {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    path.join(os.homedir(), '.cache/vellum/bin'),
  ];
  for (const dir of dirs.filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new Error(
    `${name} not found on PATH nor in ~/.cache/vellum/bin (charts/README.md says how to install it)`,
  );
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(cmd, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${result.status}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * `helm template` of the umbrella chart (charts/vellum) with `values`, as `chart.test.js` renders it: the charts are
 * copied to a temporary folder and their file:// dependencies packed there (charts/build-deps.sh), so nothing is
 * written into the work tree.
 */
export function renderChart(values: object): K8sObject[] {
  const helm = findTool('helm');
  const work = mkdtempSync(path.join(os.tmpdir(), 'vellum-topology-charts-'));
  try {
    for (const entry of readdirSync(CHARTS, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(path.join(CHARTS, entry.name, 'Chart.yaml'))) {
        cpSync(path.join(CHARTS, entry.name), path.join(work, entry.name), {
          recursive: true,
          filter: (src) => !/[/\\]charts[/\\][^/\\]+[/\\]charts$/.test(src) && !src.endsWith('Chart.lock'),
        });
      }
    }
    const env = {
      ...process.env,
      PATH: [path.dirname(helm), process.env.PATH].join(path.delimiter),
      HELM_CACHE_HOME: path.join(work, '.helm/cache'),
      HELM_CONFIG_HOME: path.join(work, '.helm/config'),
      HELM_DATA_HOME: path.join(work, '.helm/data'),
    };
    run('bash', [path.join(CHARTS, 'build-deps.sh'), work], env);
    const valuesFile = path.join(work, 'test-values.yaml');
    // JSON, a YAML subset with every string quoted: YAML.stringify writes `on` bare, which Helm's YAML 1.1 reads as true.
    writeFileSync(valuesFile, JSON.stringify(values));
    const withValues = run(
      helm,
      [
        'template',
        'vellum',
        path.join(work, 'vellum'),
        '--namespace',
        'vellum',
        '--kube-version',
        KUBE_VERSION,
        '-f',
        valuesFile,
      ],
      env,
    );
    return YAML.parseAllDocuments(withValues)
      .map((doc) => doc.toJS() as K8sObject | null)
      .filter((o): o is K8sObject => Boolean(o));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** How a rendered Deployment's pods are probed, stopped and rolled. */
export interface PodLifecycle {
  readinessPath: string;
  readinessPeriodMs: number;
  readinessFailureThreshold: number;
  livenessPath: string;
  /** How long the startup probe lets a pod start (periodSeconds × failureThreshold). */
  startupBudgetMs: number;
  preStopSleepMs: number;
  terminationGracePeriodMs: number;
  maxSurge: number;
  maxUnavailable: number;
}

/** One Deployment of the rendered chart: what runs, with which environment, behind which Service. */
export interface Workload {
  /** The Deployment's name (the component). */
  name: string;
  /** app.kubernetes.io/component: service, gateway or frontend. */
  role: string;
  /** The container's image, e.g. registry.example.com/vellum/editor:0.1.0. */
  image: string;
  containerPort: number;
  /** The container's whole environment: the ConfigMap of envFrom, then env (values or Secret keys). */
  env: Record<string, string>;
  /** The Services whose selector picks this Deployment's pods, with their port. */
  services: Array<{ name: string; port: number }>;
  lifecycle: PodLifecycle;
  replicas: number;
}

const seconds = (value: unknown, fallback: number) => (typeof value === 'number' ? value * 1000 : fallback);

/** An IntOrString of a rolling update (`1`, `25%`) as a number of pods for `replicas`; `roundUp` for maxSurge. */
function podsOf(value: unknown, replicas: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  const percent = /^(\d+)%$/.exec(String(value ?? ''));
  if (!percent) throw new Error(`unexpected rolling update value ${String(value)}`);
  const exact = (Number(percent[1]) * replicas) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/**
 * Every Deployment of the rendered chart with its container's environment resolved as the kubelet does: the
 * ConfigMaps named in envFrom, then each env entry (a value, or a key of the Secret, taken from `secrets`: the
 * Secret the chart expects to exist). A missing required Secret key is an error; an optional one is left out.
 */
export function workloadsOf(
  objects: K8sObject[],
  secrets: Record<string, Record<string, string>>,
): Workload[] {
  const configMaps = new Map(
    objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]),
  );
  const services = objects.filter((o) => o.kind === 'Service');
  return objects
    .filter((o) => o.kind === 'Deployment')
    .map((deployment): Workload => {
      const pod = deployment.spec.template.spec;
      const labels: Record<string, string> = deployment.spec.template.metadata.labels ?? {};
      if (pod.containers.length !== 1) throw new Error(`${deployment.metadata.name}: one container expected`);
      const container = pod.containers[0];
      const env: Record<string, string> = {};
      for (const source of container.envFrom ?? []) {
        const name = source.configMapRef?.name;
        const data = name ? configMaps.get(name) : undefined;
        if (!data)
          throw new Error(`${deployment.metadata.name}: envFrom ${JSON.stringify(source)} not rendered`);
        Object.assign(env, data);
      }
      for (const entry of container.env ?? []) {
        if ('value' in entry) {
          env[entry.name] = String(entry.value);
          continue;
        }
        const ref = entry.valueFrom?.secretKeyRef;
        if (!ref)
          throw new Error(`${deployment.metadata.name}: env ${entry.name} has a source this harness lacks`);
        const value = secrets[ref.name]?.[ref.key];
        if (value !== undefined) env[entry.name] = value;
        else if (!ref.optional) {
          throw new Error(
            `${deployment.metadata.name}: env ${entry.name} needs key ${ref.key} of Secret ${ref.name}`,
          );
        }
      }
      const http = container.ports.find((p: { name?: string }) => p.name === 'http') ?? container.ports[0];
      const portNumber = (port: unknown) =>
        port === http.name || port === undefined ? Number(http.containerPort) : Number(port);
      const replicas = Number(deployment.spec.replicas ?? 1);
      const rolling = deployment.spec.strategy?.rollingUpdate ?? {};
      if (deployment.spec.strategy?.type !== 'RollingUpdate') {
        throw new Error(
          `${deployment.metadata.name}: strategy ${deployment.spec.strategy?.type}, not RollingUpdate`,
        );
      }
      return {
        name: deployment.metadata.name,
        role: labels['app.kubernetes.io/component'] ?? 'service',
        image: container.image,
        containerPort: Number(http.containerPort),
        env,
        services: services
          .filter((s) => s.spec.selector && matches(s.spec.selector, labels))
          .map((s) => {
            const port = s.spec.ports[0];
            if (portNumber(port.targetPort) !== Number(http.containerPort)) {
              throw new Error(
                `Service ${s.metadata.name} targets ${port.targetPort}, not the container's port`,
              );
            }
            return { name: s.metadata.name, port: Number(port.port) };
          }),
        lifecycle: {
          readinessPath: container.readinessProbe?.httpGet?.path ?? '',
          readinessPeriodMs: seconds(container.readinessProbe?.periodSeconds, 10_000),
          readinessFailureThreshold: Number(container.readinessProbe?.failureThreshold ?? 3),
          livenessPath: container.livenessProbe?.httpGet?.path ?? '',
          startupBudgetMs:
            seconds(container.startupProbe?.periodSeconds, 10_000) *
            Number(container.startupProbe?.failureThreshold ?? 3),
          preStopSleepMs: seconds(container.lifecycle?.preStop?.sleep?.seconds, 0),
          terminationGracePeriodMs: seconds(pod.terminationGracePeriodSeconds, 30_000),
          maxSurge: podsOf(rolling.maxSurge ?? '25%', replicas, true),
          maxUnavailable: podsOf(rolling.maxUnavailable ?? '25%', replicas, false),
        },
        replicas,
      };
    });
}

/** One path rule of the rendered Ingress. */
export interface IngressRoute {
  path: string;
  pathType: 'Exact' | 'Prefix';
  service: string;
}

export function ingressRoutesOf(objects: K8sObject[]): IngressRoute[] {
  const ingresses = objects.filter((o) => o.kind === 'Ingress');
  if (ingresses.length !== 1) throw new Error(`expected one Ingress, rendered ${ingresses.length}`);
  return ingresses[0]!.spec.rules.flatMap((rule: any) =>
    rule.http.paths.map((p: any) => ({
      path: p.path,
      pathType: p.pathType,
      service: p.backend.service.name,
    })),
  );
}

/** The Service an Ingress sends `urlPath` to, as Kubernetes matches: Exact, else the longest Prefix by element. */
export function routeFor(routes: IngressRoute[], urlPath: string): IngressRoute | undefined {
  const exact = routes.find((r) => r.pathType === 'Exact' && r.path === urlPath);
  if (exact) return exact;
  return routes
    .filter((r) => r.pathType === 'Prefix')
    .filter(
      (r) => r.path === '/' || urlPath === r.path || urlPath.startsWith(`${r.path.replace(/\/$/, '')}/`),
    )
    .sort((a, b) => b.path.length - a.path.length)[0];
}
