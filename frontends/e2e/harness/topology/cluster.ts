import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ingressRoutesOf, renderChart, workloadsOf, type K8sObject, type Workload } from './chart';
import { imageRecipes, type ImageRecipe } from './images';
import { IngressProxy } from './ingress';
import { freePort } from '../ports';
import { startPod, type Pod } from './pods';
import { ServiceProxy } from './service-proxy';
import { SmtpSink } from './smtp';

/** Where the real servers are: `source ~/.cache/vellum/run/env.sh`. */
export interface ServerAddresses {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  /** For the services on MongoDB (the Secret's MONGO_URL); a chart that needs it without it is an error. */
  mongoUrl?: string;
}

export interface TopologyOptions {
  servers: ServerAddresses;
  /** Test values for `helm template`, merged over the ones the topology needs (global.publicUrl). */
  values?: Record<string, any>;
  /** Components to run (default: every rendered Deployment). */
  only?: (workload: Workload) => boolean;
  /** Pods per Deployment (default 1: every Deployment's replicas would be many processes on a small machine). */
  replicas?: number;
  /**
   * Pods of the named Deployments, over `replicas`: e.g. `{ messaging: 2 }`, or 'chart' for the chart's own count
   * (`replicas` of the rendered Deployment). Each Service spreads new connections over its ready pods. A name the chart does not render is an error.
   */
  replicasOf?: Record<string, number | 'chart'>;
  /** Time an endpoint change takes to reach the Services (default 1 s, under the chart's preStop sleep). */
  propagationMs?: number;
  /**
   * The servers one component reaches (default `servers`): a fault drill gives each its own addresses, proxies
   * through which its connections to each store can be slowed or cut without touching the others'.
   */
  serversOf?: (component: string) => Promise<ServerAddresses>;
  log?: (line: string) => void;
}

export interface Component {
  workload: Workload;
  recipe: ImageRecipe;
  /** The pod's environment: the rendered one with the servers and Services moved to loopback. */
  env: Record<string, string>;
  proxy: ServiceProxy;
  pods: Pod[];
}

/** What a rollout step did, with its timings (ms). */
export interface RolloutStep {
  component: string;
  newPodReadyMs: number;
  preStopMs: number;
  drainMs: number;
  exitCode: number | 'killed';
}

/** What a crash did: the pod killed with SIGKILL, and how long until its replacement was ready (ms). */
export interface CrashStep {
  component: string;
  pod: string;
  /** When the kill was sent (ms since the epoch). */
  killedAt: number;
  /** From the kill to the restarted container's first successful readiness probe. */
  recoveryMs: number;
  /**
   * With a `trigger`: whether the pod killed itself (at the fault point it was told of) within the wait; false when
   * the harness had to SIGKILL it instead.
   */
  killedItself?: boolean;
}

/**
 * A crash the pod causes itself: `trigger` tells it to die (a fault point), and the harness waits `withinMs`. What
 * `trigger` returns, if anything, is called when the wait is over (to stop the work that brings the pod there).
 */
export interface CrashTrigger {
  trigger(pod: Pod): Promise<void | (() => void)>;
  withinMs: number;
}

/** A pod whose process ended without being asked to (a crash): restarted as the kubelet restarts a container. */
export interface UnexpectedExit {
  pod: string;
  component: string;
  code: number | null;
  signal: string | null;
  /** When it ended (ms since the epoch). */
  at: number;
  /** The end of its output: why it ended. */
  output: string;
}

export interface Topology {
  /** The Ingress's address: the product's public origin. */
  url: string;
  objects: K8sObject[];
  components: Map<string, Component>;
  smtp: SmtpSink;
  /**
   * Replaces every pod of `component` as its Deployment's RollingUpdate does with maxSurge 1 / maxUnavailable 0:
   * a new pod, ready and in the endpoints; then the old one terminates (its endpoint removed, preStop sleep,
   * SIGTERM, drain) within terminationGracePeriodSeconds.
   */
  rollout(component: string): Promise<RolloutStep[]>;
  /**
   * kill -9 of one pod's process (the `pod`th of the component's, else one at random), then what a cluster does:
   * the kubelet sees the container die and the pod leaves the Service's endpoints (after the propagation time,
   * connections meanwhile are refused as kube-proxy's would be), and the container is restarted
   * (restartPolicy Always): a new process with the same environment, in the endpoints once its probe passes.
   */
  crash(component: string, pod?: number, by?: CrashTrigger): Promise<CrashStep>;
  /** Pods that ended by themselves so far (each was restarted). */
  unexpectedExits: UnexpectedExit[];
  /** Every process's output, for a failure's message. */
  output(): string;
  stop(): Promise<Record<string, Array<number | 'killed'>>>;
}

const SERVICE_URL = /^http:\/\/([a-z0-9-]+)(?:\.[a-z0-9-]+(?:\.svc(?:\.cluster\.local)?)?)?:(\d+)(\/.*)?$/;

/**
 * The pod's environment with only the addresses changed: the servers' (KAFKA_BROKERS; DATABASE_URL, REDIS_URL and
 * MONGO_URL, which come from the Secret, where the component has them), the container port (PORT, set per pod) and
 * each in-cluster Service URL (http://<service>:<port>) to that Service's loopback proxy. Everything else is as
 * rendered.
 */
export function localEnv(
  workload: Workload,
  servers: ServerAddresses,
  serviceUrl: (name: string, port: number) => string | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(workload.env)) {
    const match = SERVICE_URL.exec(value);
    const local = match ? serviceUrl(match[1]!, Number(match[2])) : undefined;
    if (key === 'KAFKA_BROKERS') env[key] = servers.kafkaBrokers;
    else if (key === 'DATABASE_URL') env[key] = servers.databaseUrl;
    else if (key === 'REDIS_URL') env[key] = servers.redisUrl;
    else if (key === 'MONGO_URL' && servers.mongoUrl) env[key] = servers.mongoUrl;
    else if (local) env[key] = `${local}${match![3] ?? ''}`;
    else env[key] = value;
  }
  return env;
}

/** How many pods each component runs: `replicasOf`'s count (or the chart's, for 'chart'), else `replicas`. */
function replicaCounts(
  components: Map<string, Component>,
  replicas: number,
  replicasOf: Record<string, number | 'chart'>,
): (component: Component) => number {
  for (const [name, count] of Object.entries(replicasOf)) {
    if (!components.has(name))
      throw new Error(`replicasOf names ${JSON.stringify(name)}, which is not a running Deployment`);
    if (count !== 'chart' && !(Number.isInteger(count) && count >= 1))
      throw new Error(`replicasOf.${name} must be a whole number of pods (at least 1) or 'chart'`);
  }
  return (component) => {
    const count = replicasOf[component.workload.name];
    if (count === 'chart') return component.workload.replicas;
    return count ?? replicas;
  };
}

/**
 * The chart's topology on this machine: `helm template` of the umbrella, then every Deployment as processes of its
 * image (skaffold.yaml says which), each Service as a readiness-aware TCP proxy, the Ingress as an HTTP proxy on the
 * public port, and an SMTP server in place of the mail provider. Nothing is listed by hand: a component the chart
 * renders joins it.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const smtp = new SmtpSink();
  const smtpPort = await smtp.start();
  const proxies = new Map<string, ServiceProxy>();
  try {
    return await startOn(options, smtp, smtpPort, proxies);
  } catch (error) {
    await Promise.all([...proxies.values()].map((p) => p.stop()));
    await smtp.stop();
    throw error;
  }
}

async function startOn(
  options: TopologyOptions,
  smtp: SmtpSink,
  smtpPort: number,
  proxies: Map<string, ServiceProxy>,
): Promise<Topology> {
  const log = options.log ?? (() => {});
  const publicPort = await freePort();
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const values = {
    ...options.values,
    global: { ...options.values?.global, publicUrl },
  };
  const objects = renderChart(values);
  log(`rendered ${objects.length} objects`);
  // The Secret the chart expects to exist (k8s/README.md): generated secrets, the servers, and the mail server.
  const secretValues = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: options.servers.databaseUrl,
    REDIS_URL: options.servers.redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(options.servers.mongoUrl ? { MONGO_URL: options.servers.mongoUrl } : {}),
  };
  const secretNames = new Set<string>();
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    for (const e of d.spec.template.spec.containers[0].env ?? []) {
      if (e.valueFrom?.secretKeyRef) secretNames.add(e.valueFrom.secretKeyRef.name);
    }
  }
  const secrets = Object.fromEntries([...secretNames].map((name) => [name, secretValues]));
  const workloads = workloadsOf(objects, secrets).filter(options.only ?? (() => true));
  const recipes = imageRecipes();

  const components = new Map<string, Component>();
  for (const workload of workloads) {
    const recipe = recipes.get(workload.name);
    if (!recipe)
      throw new Error(`${workload.name}: no skaffold artifact vellum/${workload.name} builds its image`);
    if (!workload.lifecycle.readinessPath) throw new Error(`${workload.name}: no readiness probe`);
    for (const service of workload.services) {
      const proxy = new ServiceProxy(
        service.name,
        {
          path: workload.lifecycle.readinessPath,
          periodMs: workload.lifecycle.readinessPeriodMs,
          failureThreshold: workload.lifecycle.readinessFailureThreshold,
        },
        options.propagationMs,
      );
      await proxy.start();
      proxies.set(service.name, proxy);
    }
    if (workload.services.length !== 1) throw new Error(`${workload.name}: expected one Service`);
    components.set(workload.name, {
      workload,
      recipe,
      env: {},
      proxy: proxies.get(workload.services[0]!.name)!,
      pods: [],
    });
  }
  const serviceUrl = (name: string, port: number) => {
    const workload = workloads.find((w) => w.services.some((s) => s.name === name && s.port === port));
    return workload ? proxies.get(name)!.url : undefined;
  };
  for (const [name, component] of components) {
    const servers = options.serversOf ? await options.serversOf(name) : options.servers;
    component.env = localEnv(component.workload, servers, serviceUrl);
  }

  const podsOf = replicaCounts(components, options.replicas ?? 1, options.replicasOf ?? {});
  let podCounter = 0;
  const allPods: Pod[] = [];
  // Pods this harness ends (a rollout, a crash drill, the stop): any other end is a crash.
  const intended = new Set<string>();
  let stopping = false;
  const unexpectedExits: UnexpectedExit[] = [];
  const launch = async (component: Component, attempt = 1): Promise<Pod> => {
    const id = `${component.workload.name}-${++podCounter}`;
    const pod = await startPod(
      component.workload.name,
      id,
      component.recipe,
      component.env,
      component.workload.containerPort,
    );
    allPods.push(pod);
    component.pods.push(pod);
    const started = Date.now();
    const ready = component.proxy.add(id, pod.port);
    // The startup probe's budget: a pod not ready by then is restarted in a cluster; here it fails the run.
    const budget = component.workload.lifecycle.startupBudgetMs;
    const deadline = new Promise<never>((_, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${id} not ready in ${budget} ms:\n${pod.output()}`)),
        budget,
      );
      pod.child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${id} exited with ${code} before it was ready:\n${pod.output()}`));
      });
      void ready.then(() => clearTimeout(timer));
    });
    try {
      await Promise.race([ready, deadline]);
    } catch (error) {
      // The pod's ports were free when chosen, then released for it to listen on: any other process's connection
      // may be given one meanwhile (they lie in the ephemeral range; CI, 2026-11-29: a metrics port). A container
      // has no such race, so the harness starts the pod again on other ports rather than fail the run.
      // Its last words may still be on their way when it has exited.
      await Promise.race([new Promise((resolve) => pod.child.once('close', resolve)), sleep(500)]);
      if (attempt < 3 && pod.child.exitCode !== null && pod.output().includes('EADDRINUSE')) {
        log(`${id} could not listen on its ports (taken meanwhile); starting it again on others`);
        component.proxy.remove(id);
        component.pods.splice(component.pods.indexOf(pod), 1);
        allPods.splice(allPods.indexOf(pod), 1);
        return launch(component, attempt + 1);
      }
      throw error;
    }
    log(`${id} ready on port ${pod.port} in ${Date.now() - started} ms`);
    pod.child.once('exit', (code, signal) => {
      if (intended.has(id) || stopping) return;
      unexpectedExits.push({
        pod: id,
        component: component.workload.name,
        code,
        signal,
        at: Date.now(),
        output: pod.output().slice(-4000),
      });
      log(`${id} exited by itself (code ${code}, signal ${signal}); restarting it`);
      component.proxy.remove(id);
      component.pods.splice(component.pods.indexOf(pod), 1);
      void launch(component).catch((error: Error) => log(`${id}'s restart failed: ${error.message}`));
    });
    return pod;
  };

  const serviceProxy = (service: string) => {
    const proxy = proxies.get(service);
    if (!proxy) throw new Error(`the Ingress routes to ${service}, which is not running`);
    return proxy;
  };
  const ingress = new IngressProxy(
    ingressRoutesOf(objects),
    (service) => serviceProxy(service).url,
    (service) => serviceProxy(service).ready().length > 0,
  );
  const url = await ingress.start(publicPort);
  const output = () =>
    allPods.map((p) => `--- ${p.id} (port ${p.port})\n${p.output().slice(-20000)}`).join('\n');
  try {
    await Promise.all(
      [...components.values()].flatMap((c) => Array.from({ length: podsOf(c) }, () => launch(c))),
    );
  } catch (error) {
    await Promise.all(allPods.map((p) => p.terminate(1000)));
    await ingress.stop();
    throw error;
  }

  const rollout = async (name: string): Promise<RolloutStep[]> => {
    const component = components.get(name);
    if (!component) throw new Error(`no component ${name}`);
    const { lifecycle } = component.workload;
    if (lifecycle.maxUnavailable !== 0 || lifecycle.maxSurge < 1) {
      throw new Error(`${name}: maxSurge ${lifecycle.maxSurge} / maxUnavailable ${lifecycle.maxUnavailable}`);
    }
    const steps: RolloutStep[] = [];
    for (const old of [...component.pods]) {
      const t0 = Date.now();
      await launch(component);
      const newPodReadyMs = Date.now() - t0;
      // The pod is deleted: the endpoint controller takes it out of the Service while preStop sleeps; only then
      // does the kubelet send SIGTERM; the grace period counts from the deletion.
      const t1 = Date.now();
      void component.proxy.terminate(old.id);
      await new Promise((resolve) => setTimeout(resolve, lifecycle.preStopSleepMs));
      const preStopMs = Date.now() - t1;
      const t2 = Date.now();
      intended.add(old.id);
      const exitCode = await old.terminate(Math.max(0, lifecycle.terminationGracePeriodMs - preStopMs));
      const drainMs = Date.now() - t2;
      component.proxy.remove(old.id);
      component.pods.splice(component.pods.indexOf(old), 1);
      log(
        `${old.id} replaced: new pod ready ${newPodReadyMs} ms, preStop ${preStopMs} ms, drained in ${drainMs} ms, exit ${exitCode}`,
      );
      steps.push({ component: name, newPodReadyMs, preStopMs, drainMs, exitCode });
    }
    return steps;
  };

  const crash = async (name: string, index?: number, by?: CrashTrigger): Promise<CrashStep> => {
    const component = components.get(name);
    if (!component) throw new Error(`no component ${name}`);
    const victim = component.pods[index ?? Math.floor(Math.random() * component.pods.length)];
    if (!victim) throw new Error(`${name} has no pod ${index}`);
    const started = Date.now();
    const exited = new Promise<boolean>((resolve) => victim.child.once('exit', () => resolve(true)));
    intended.add(victim.id);
    let killedItself: boolean | undefined;
    if (by) {
      const over = await by.trigger(victim);
      killedItself = await Promise.race([
        exited,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), by.withinMs)),
      ]);
      over?.();
    }
    if (!killedItself) victim.child.kill('SIGKILL');
    await exited;
    // A pod told to die at a fault point dies when it gets there: its recovery counts from its death.
    const killedAt = by ? Date.now() : started;
    void component.proxy.terminate(victim.id).then(() => component.proxy.remove(victim.id));
    component.pods.splice(component.pods.indexOf(victim), 1);
    await launch(component);
    const recoveryMs = Date.now() - killedAt;
    log(
      `${victim.id} killed (SIGKILL${killedItself ? ', by itself' : ''}); restarted and ready in ${recoveryMs} ms`,
    );
    return {
      component: name,
      pod: victim.id,
      killedAt,
      recoveryMs,
      ...(by && { killedItself: !!killedItself }),
    };
  };

  return {
    url,
    objects,
    components,
    smtp,
    rollout,
    crash,
    unexpectedExits,
    output,
    async stop() {
      stopping = true;
      await ingress.stop();
      const codes: Record<string, Array<number | 'killed'>> = {};
      await Promise.all(
        [...components.values()].map(async (c) => {
          codes[c.workload.name] = await Promise.all(
            c.pods.map((p) => p.terminate(c.workload.lifecycle.terminationGracePeriodMs)),
          );
        }),
      );
      await Promise.all([...proxies.values()].map((p) => p.stop()));
      await smtp.stop();
      return codes;
    },
  };
}
