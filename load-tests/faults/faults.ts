import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAULT_POINTS, type FaultPoint } from '@vellum/platform';
import {
  startTopology,
  type CrashStep,
  type CrashTrigger,
  type RolloutStep,
  type ServerAddresses,
  type Topology,
  type UnexpectedExit,
} from '@vellum/e2e/topology';
import { K6, startK6 } from '../harness/k6-process';
import { signedInPerson } from '../harness/signed-in-person';
import { withConversations } from './conversations';
import { keepPoking, pokesFor } from './pokes';
import { checkWrites, readLedger, type CheckResult, type Ledger, type UnexpectedAnswer } from './checker';
import {
  PROXIED_STORES,
  ISSUE_NETWORK,
  type NetworkTimings,
  SLOW_MS,
  slowThenCut,
  storeProxies,
  type NetworkFault,
  type ProxiedKafka,
  type ProxiedStore,
} from './network';
import { reconnectStorm, stormLine, type StormResult } from './storm';
import { restartStore, unreadyPods, type StoreRestart } from './store-restart';
import { STORES, WRITES_ON, type StoreName } from './stores';
import { setTimeout as sleep } from 'node:timers/promises';

export interface FaultsOptions {
  servers: ServerAddresses;
  /** People writing at once (one k6 virtual user each). */
  people?: number;
  /**
   * kill -9 rounds: each round kills one pod of every service Deployment in turn (messaging's two replicas
   * alternately). The short pass (CI) is one round.
   */
  killRounds?: number;
  /** The stores restarted under load, each once per round of restarts (default: every one). */
  stores?: readonly StoreName[];
  /** Rounds of store restarts (default 1); each store stays away 10 s in the first round, 10–30 s after. */
  restartRounds?: number;
  /** The test broker's PROXIED listener and the address it advertises (scripts/servers/kafka.sh). */
  proxiedKafka: ProxiedKafka;
  /** The stores whose network is slowed and then cut, each once (default: every proxied one; [] leaves it out). */
  partitionStores?: readonly ProxiedStore[];
  /** How long each store's network is slow, then cut (default: the issue's 30 s and 15 s). */
  networkTimings?: NetworkTimings;
  /** Sockets connected for the reconnect storm (default 2,000; 0 leaves the drill out). */
  stormSockets?: number;
  log?: (line: string) => void;
}

/** A store's restart, with the first write through it acknowledged after its return (from k6's ledger). */
export interface StoreRestartResult extends StoreRestart {
  /** From the store's return to the first acknowledged write that needed it (ms); null when none needs it. */
  firstAnswerMs: number | null;
}

export interface DrillLine {
  drill: string;
  line: string;
}

/** A kill -9: by the harness, or by the pod itself at a fault point it was told of. */
export type KillStep = CrashStep & { point?: FaultPoint };

export interface FaultsResult {
  kills: KillStep[];
  rollouts: RolloutStep[];
  storeRestarts: StoreRestartResult[];
  /** The reconnect storm (none when left out). */
  storm?: StormResult;
  /** Pods that ended by themselves (a crash on a dependency's fault): each one is a defect. */
  crashes: UnexpectedExit[];
  /** Each store's network slowed, then cut (Toxiproxy), with the first write through it after the healing. */
  partitions: (NetworkFault & { firstAnswerMs: number | null })[];
  requests: number;
  acknowledged: number;
  /** Answers of the documented 503 (and 429) kind: the write was refused, clearly. */
  refused: number;
  /**
   * The Ingress's 502 for a request on the gateway's pod when it was killed (in flight, or sent to it before its
   * endpoint left the Service): the one answer a SIGKILL of the front door cannot avoid. Never acknowledged, so
   * never a loss; counted, and allowed only inside a gateway kill.
   */
  cutByKill: number;
  /** Every other answer that was neither an acceptance nor the documented 503 / 429: each one is a defect. */
  unexpected: UnexpectedAnswer[];
  check: CheckResult;
  lines: DrillLine[];
  k6Exit: number | null;
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never (60 s)');
/** The pods never ready again after an outage, with the checks they said were down. */
const notReady = (r: Pick<StoreRestart, 'readyAgainMs' | 'stillUnready'>) =>
  Number.isFinite(r.readyAgainMs) ? '' : ` (still unready: ${r.stillUnready.join('; ')})`;

/** From a store's return to the first write acknowledged after it among those that need the store. */
function firstAnswerAfter(ledger: Ledger, restart: StoreRestart): number | null {
  const needs = WRITES_ON[restart.store];
  if (!needs.length) return null;
  const first = ledger.acknowledged.find((e) => needs.includes(e.op) && e.at >= restart.backAt);
  return first ? first.at - restart.backAt : Infinity;
}

/** Each answer that names an `errorId` (a 500 says nothing else) with the pods' log lines naming it. */
function withLogLines(output: string, answers: UnexpectedAnswer[]): UnexpectedAnswer[] {
  const lines = output.split('\n');
  return answers.map((answer) => {
    const id = /"errorId":"([0-9a-f-]{36})"/.exec(answer.body)?.[1];
    const log =
      id &&
      lines
        .filter((line) => line.includes(id))
        .join('\n')
        .slice(0, 2000);
    return log ? { ...answer, log } : answer;
  });
}

/** After a killed gateway pod is ready again: the endpoint propagation and a request's time-out to settle. */
const GATEWAY_ENDPOINT_GRACE_MS = 3000;

/** Every k6 and set-up client shares 127.0.0.1: the per-address limits are raised. */
const RAISED_LIMITS: Record<string, Record<string, string>> = {
  gateway: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  link: { LINK_REDIRECTS_PER_MINUTE: '1000000', LINK_COUNTED_CLICKS_PER_MINUTE: '1000000' },
};

/** The services with an outbox relay: each is also killed at a fault point of its relay, every round. */
const PUBLISHING = ['identity', 'vellum', 'social', 'action', 'link', 'messaging'];
/**
 * How long a pod told of a fault point has to get there: the drill writes to the service every 2 s meanwhile, but a
 * MongoDB relay killed in its turn (the kill -9 just before) holds the outbox lock until its 10 s lease ends.
 */
const FAULT_POINT_WITHIN_MS = 30_000;

/**
 * Tells a pod to kill itself when its relay next gets to `point` (FAULT_POINTS=on, a test setting), then pokes the
 * service (a write carrying an event) until the wait is over, so its relay has something to publish.
 */
const atFaultPoint = (point: FaultPoint, poke: (n: number) => Promise<void>): CrashTrigger => ({
  async trigger(pod) {
    const res = await fetch(`http://127.0.0.1:${pod.port}/internal/fault-points/${point}`, {
      method: 'POST',
    });
    if (res.status !== 204)
      throw new Error(`${pod.id} refused fault point ${point}: ${res.status} ${await res.text()}`);
    return keepPoking(poke);
  },
  withinMs: FAULT_POINT_WITHIN_MS,
});

/** The service Deployments to kill, in the order a round kills them (the Ingress and frontends are not pods here). */
function services(topology: Topology): string[] {
  return [...topology.components.keys()];
}

/**
 * The fault drills (issue 25): the distributed product as the chart runs it (every service Deployment its own
 * process, messaging as two replicas, on the real Postgres, Redis, Kafka and MongoDB-protocol servers), k6's writes
 * (writes.js) recording every acknowledged write, and meanwhile: kill -9 of every service's pod, round after round
 * (the pod restarted as the kubelet restarts a container), a restart of every store (Postgres, Redis, Kafka, the
 * MongoDB-protocol server: stopped, away 10 s or more, started), then SIGTERM of every Deployment's pods as a rolling
 * restart does it. A pod that ends by itself is restarted too, and counted. Afterwards the checker accounts for every
 * acknowledged write and recounts the read models.
 */
export async function runFaults(options: FaultsOptions): Promise<FaultsResult> {
  const log = options.log ?? (() => {});
  accessSync(K6, constants.X_OK);
  const partitionStores = options.partitionStores ?? PROXIED_STORES;
  const proxies = partitionStores.length
    ? await storeProxies(options.servers, options.proxiedKafka)
    : undefined;
  let topology: Topology;
  try {
    topology = await startTopology({
      servers: options.servers,
      ...(proxies && { serversOf: proxies.serversOf }),
      only: (workload) => workload.role !== 'frontend',
      replicasOf: { messaging: 2 },
      values: {
        // FAULT_POINTS is a test setting, refused in production.
        global: { nodeEnv: 'test' },
        gateway: { env: RAISED_LIMITS.gateway },
        ...Object.fromEntries(
          PUBLISHING.map((name) => [name, { env: { FAULT_POINTS: 'on', ...RAISED_LIMITS[name] } }]),
        ),
      },
      log,
    });
  } catch (error) {
    await proxies?.toxiproxy.stop();
    throw error;
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'vellum-faults-'));
  const lines: DrillLine[] = [];
  const say = (drill: string, line: string) => {
    lines.push({ drill, line });
    log(`${drill}: ${line}`);
  };
  try {
    const baseUrl = topology.url;
    const count = options.people ?? 6;
    const people = await withConversations(
      baseUrl,
      await Promise.all(
        Array.from({ length: count }, (_, n) => signedInPerson(topology, baseUrl, `drill${n}`)),
      ),
    );
    const [first, second] = await withConversations(
      baseUrl,
      await Promise.all([0, 1].map((n) => signedInPerson(topology, baseUrl, `poke${n}`))),
    );
    const pokes = pokesFor(baseUrl, { first: first!, second: second! });
    const summaryFile = path.join(work, 'summary.json');
    const ledgerFile = path.join(work, 'ledger.log');
    const k6 = await startK6(
      path.join(__dirname, 'writes.js'),
      { BASE_URL: baseUrl, USERS: JSON.stringify(people), DURATION: '60m', SUMMARY: summaryFile },
      ['--console-output', ledgerFile, '--log-format', 'raw'],
    );

    await sleep(3000);
    const kills: KillStep[] = [];
    const rounds = options.killRounds ?? 1;
    for (let round = 0; round < rounds; round++) {
      for (const [i, name] of services(topology).entries()) {
        const replicas = topology.components.get(name)!.pods.length;
        const step = await topology.crash(name, round % replicas);
        kills.push(step);
        say('kill -9', `${step.pod} killed; back and ready in ${(step.recoveryMs / 1000).toFixed(1)} s`);
        // Load on the restarted pod before the next kill.
        await sleep(1000);
        if (!PUBLISHING.includes(name)) continue;
        // Both points every round, alternating over the services: between the commit and the publish, the events
        // must still go out; between the publish and its mark, they go out again and must be applied once.
        const point = FAULT_POINTS[(round + i) % FAULT_POINTS.length]!;
        const atPoint = await topology.crash(name, (round + 1) % replicas, atFaultPoint(point, pokes[name]!));
        kills.push({ ...atPoint, point });
        say(
          'kill -9',
          `${atPoint.pod} at ${point}: ` +
            (atPoint.killedItself
              ? 'killed itself there'
              : `not there within ${FAULT_POINT_WITHIN_MS / 1000} s, killed`) +
            `; back and ready in ${(atPoint.recoveryMs / 1000).toFixed(1)} s`,
        );
        await sleep(1000);
      }
    }
    const restarts: StoreRestart[] = [];
    for (let round = 0; round < (options.restartRounds ?? 1); round++) {
      for (const store of options.stores ?? STORES) {
        const downMs = round === 0 ? 10_000 : 10_000 + Math.floor(Math.random() * 20_000);
        const restart = await restartStore(topology, store, {
          downMs,
          databaseUrl: options.servers.databaseUrl,
        });
        restarts.push(restart);
        log(
          `store restart: ${store}: the unready pods' checks down: ${restart.unreadyWhy.join('; ') || 'none'}`,
        );
        say(
          'store restart',
          `${store} away ${((restart.backAt - restart.stoppedAt) / 1000).toFixed(1)} s; unready meanwhile: ` +
            `${restart.unready.sort().join(', ') || 'none'}; liveness failures: ${restart.livenessFailures.length}; ` +
            `every pod ready ${seconds(restart.readyAgainMs)}${notReady(restart)} and the outbox backlog drained ` +
            `${seconds(restart.drainMs)} after its return` +
            (Number.isFinite(restart.drainMs) ? '' : ` (left: ${restart.lastBacklog})`),
        );
        await sleep(3000);
      }
    }
    const partitions: NetworkFault[] = [];
    for (const store of partitionStores) {
      const fault = await slowThenCut(topology, proxies!, store, {
        databaseUrl: options.servers.databaseUrl,
        timings: options.networkTimings,
      });
      partitions.push(fault);
      log(
        `network: ${store}: the unready pods' checks down while slow: ${fault.slow.unreadyWhy.join('; ') || 'none'}; ` +
          `while cut: ${fault.unreadyWhy.join('; ') || 'none'}`,
      );
      say(
        'network',
        `${store}: every connection to it ${SLOW_MS} ms slower for ${(options.networkTimings ?? ISSUE_NETWORK).slowForMs / 1000} s (unready meanwhile: ` +
          `${fault.slow.unready.sort().join(', ') || 'none'}; liveness failures: ${fault.slow.livenessFailures.length}), ` +
          `then cut for ${((fault.backAt - fault.stoppedAt) / 1000).toFixed(1)} s (unready meanwhile: ` +
          `${fault.unready.sort().join(', ') || 'none'}; liveness failures: ${fault.livenessFailures.length}); every pod ` +
          `ready ${seconds(fault.readyAgainMs)}${notReady(fault)} and the outbox backlog drained ${seconds(fault.drainMs)} after the healing` +
          (Number.isFinite(fault.drainMs) ? '' : ` (left: ${fault.lastBacklog})`),
      );
      await sleep(3000);
    }
    const stormSockets = options.stormSockets ?? 2000;
    const unreadyBeforeStorm = await unreadyPods(topology);
    if (unreadyBeforeStorm.length)
      log(`reconnect storm: not ready before it: ${unreadyBeforeStorm.join('; ')}`);
    const storm =
      stormSockets > 0 ? await reconnectStorm(topology, { sockets: stormSockets, log }) : undefined;
    if (storm) {
      kills.push(storm.kill);
      say('reconnect storm', stormLine(storm));
    }
    const rollouts: RolloutStep[] = [];
    for (const name of services(topology)) {
      const steps = await topology.rollout(name);
      rollouts.push(...steps);
      for (const step of steps)
        say(
          'SIGTERM',
          `${name}: new pod ready in ${step.newPodReadyMs} ms, old one drained in ${step.drainMs} ms, exit ${step.exitCode}`,
        );
    }
    await sleep(2000);
    const code = await k6.stop();
    if (!existsSync(summaryFile)) throw new Error(`k6 wrote no summary (exit ${code}):\n${k6.output()}`);
    const figures = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
      requests: number;
      acknowledged: number;
      refused: number;
      unexpected: number;
    };
    const ledger = readLedger(readFileSync(ledgerFile, 'utf8'));
    // The Ingress answers 502 with no body when the gateway's pod is gone (ingress.ts, as ingress-nginx does).
    const frontDoorDown = kills
      .filter((k) => k.component === 'gateway')
      .map((k) => [k.killedAt, k.killedAt + k.recoveryMs + GATEWAY_ENDPOINT_GRACE_MS] as const);
    const unexpected = withLogLines(topology.output(), ledger.unexpected).filter(
      (a) =>
        !(
          a.status === 502 &&
          a.body === '' &&
          frontDoorDown.some(([from, to]) => a.at >= from && a.at <= to)
        ),
    );
    const check = await checkWrites({
      baseUrl,
      databaseUrl: options.servers.databaseUrl,
      people,
      ledger,
      log: (line) => say('checker', line),
    });
    return {
      kills,
      rollouts,
      storeRestarts: restarts.map((r) => ({ ...r, firstAnswerMs: firstAnswerAfter(ledger, r) })),
      ...(storm && { storm }),
      crashes: [...topology.unexpectedExits],
      partitions: partitions.map((p) => ({ ...p, firstAnswerMs: firstAnswerAfter(ledger, p) })),
      requests: figures.requests,
      acknowledged: ledger.acknowledged.length,
      refused: figures.refused,
      cutByKill: ledger.unexpected.length - unexpected.length,
      unexpected,
      check,
      lines,
      k6Exit: code,
    };
  } finally {
    await topology.stop();
    await proxies?.toxiproxy.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The drills' lines, then the command's last line. */
export function report(result: FaultsResult): string {
  const recoveries = [
    ...result.kills.map((k) => k.recoveryMs),
    ...[...result.storeRestarts, ...result.partitions].flatMap((r) => [
      r.readyAgainMs,
      r.drainMs,
      r.firstAnswerMs ?? 0,
    ]),
    ...result.check.recoveryMs,
    ...(result.storm?.backMs.slice(-1) ?? []),
  ];
  const maxRecoveryS = recoveries.length ? Math.max(...recoveries) / 1000 : 0;
  return [
    ...result.lines.map((l) => `${l.drill}: ${l.line}`),
    ...result.crashes.map(
      (c) =>
        `crash: ${c.pod} ended by itself (code ${c.code}, signal ${c.signal}):\n${c.output.slice(-1500)}`,
    ),
    ...result.storeRestarts.map(
      (r) =>
        `first write through ${r.store} after its return: ${r.firstAnswerMs === null ? 'none needs it' : seconds(r.firstAnswerMs)}`,
    ),
    ...result.partitions.map(
      (p) =>
        `first write through ${p.store} after its network healed: ${p.firstAnswerMs === null ? 'none needs it' : seconds(p.firstAnswerMs)}`,
    ),
    `writes: ${result.requests} requests, ${result.acknowledged} acknowledged, ${result.refused} refused (503/429), ` +
      `${result.cutByKill} cut by a kill of the gateway (the Ingress's 502), ${result.unexpected.length} unexpected`,
    `faults: ${result.kills.length} kills, ${result.storeRestarts.length} restarts, ${result.partitions.length} partitions, ` +
      `${result.acknowledged} writes acknowledged, ${result.check.lost.length} lost, ` +
      `${result.check.appliedTwice.length} applied twice, max recovery ${maxRecoveryS.toFixed(1)} s`,
  ].join('\n');
}
