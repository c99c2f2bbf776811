import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startTopology,
  type CrashStep,
  type RolloutStep,
  type ServerAddresses,
  type Topology,
} from '@vellum/e2e/topology';
import { signedInPerson, type SignedInPerson } from '../harness/signed-in-person';
import { checkWrites, readLedger, type CheckResult, type UnexpectedAnswer } from './checker';

export const K6 = process.env.K6_PATH ?? path.join(os.homedir(), '.cache/vellum/bin/k6');

export interface FaultsOptions {
  servers: ServerAddresses;
  /** People writing at once (one k6 virtual user each). */
  people?: number;
  /**
   * kill -9 rounds: each round kills one pod of every service Deployment in turn (messaging's two replicas
   * alternately). The short pass (CI) is one round.
   */
  killRounds?: number;
  log?: (line: string) => void;
}

export interface DrillLine {
  drill: string;
  line: string;
}

export interface FaultsResult {
  kills: CrashStep[];
  rollouts: RolloutStep[];
  /** Store restarts and network partitions: drills not run yet by this command (see load-tests/README.md). */
  storeRestarts: number;
  partitions: number;
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

/** After a killed gateway pod is ready again: the endpoint propagation and a request's time-out to settle. */
const GATEWAY_ENDPOINT_GRACE_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each person writes to the next in a conversation opened before the drills (messages and read marks need one).
 * Messaging learns of a new person from identity's events: until then it answers 404, so the opening is retried.
 */
async function withConversations(baseUrl: string, people: SignedInPerson[]) {
  const open = async (me: SignedInPerson, other: SignedInPerson) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${baseUrl}/api/messenger/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: me.cookie, origin: baseUrl },
        body: JSON.stringify({ username: other.username }),
      });
      if (res.status === 200 || res.status === 201)
        return ((await res.json()) as { conversation: { conversation: string } }).conversation.conversation;
      if (res.status !== 404 || Date.now() > deadline)
        throw new Error(`open conversation: ${res.status} ${await res.text()}`);
      await sleep(250);
    }
  };
  return Promise.all(
    people.map(async (me, i) => {
      const other = people[(i + 1) % people.length]!;
      return { ...me, conversation: await open(me, other), other: other.id };
    }),
  );
}

/** The service Deployments to kill, in the order a round kills them (the Ingress and frontends are not pods here). */
function services(topology: Topology): string[] {
  return [...topology.components.keys()];
}

/**
 * The fault drills (issue 25): the distributed product as the chart runs it (every service Deployment its own
 * process, messaging as two replicas, on the real Postgres, Redis, Kafka and MongoDB-protocol servers), k6's writes
 * (writes.js) recording every acknowledged write, and meanwhile: kill -9 of every service's pod, round after round
 * (the pod restarted as the kubelet restarts a container), then SIGTERM of every Deployment's pods as a rolling
 * restart does it. Afterwards the checker accounts for every acknowledged write and recounts the read models.
 */
export async function runFaults(options: FaultsOptions): Promise<FaultsResult> {
  const log = options.log ?? (() => {});
  accessSync(K6, constants.X_OK);
  const topology = await startTopology({
    servers: options.servers,
    only: (workload) => workload.role !== 'frontend',
    replicasOf: { messaging: 2 },
    // Every k6 and set-up client shares 127.0.0.1: the per-address limits are raised.
    values: {
      gateway: { env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' } },
      link: { env: { LINK_REDIRECTS_PER_MINUTE: '1000000', LINK_COUNTED_CLICKS_PER_MINUTE: '1000000' } },
    },
    log,
  });
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
    const summaryFile = path.join(work, 'summary.json');
    const ledgerFile = path.join(work, 'ledger.log');
    const k6Api = `127.0.0.1:${await freePort()}`;
    const k6 = spawn(
      K6,
      [
        'run',
        '--quiet',
        '--no-color',
        '--address',
        k6Api,
        '--console-output',
        ledgerFile,
        '--log-format',
        'raw',
        path.join(__dirname, 'writes.js'),
      ],
      {
        env: {
          ...process.env,
          BASE_URL: baseUrl,
          USERS: JSON.stringify(people),
          DURATION: '60m',
          SUMMARY: summaryFile,
          K6_NO_USAGE_REPORT: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let k6Output = '';
    k6.stdout.on('data', (d) => (k6Output += d));
    k6.stderr.on('data', (d) => (k6Output += d));
    const k6Exit = new Promise<number | null>((resolve) => k6.once('exit', (code) => resolve(code)));

    await sleep(3000);
    const kills: CrashStep[] = [];
    const rounds = options.killRounds ?? 1;
    for (let round = 0; round < rounds; round++) {
      for (const name of services(topology)) {
        const replicas = topology.components.get(name)!.pods.length;
        const step = await topology.crash(name, round % replicas);
        kills.push(step);
        say('kill -9', `${step.pod} killed; back and ready in ${(step.recoveryMs / 1000).toFixed(1)} s`);
        // Load on the restarted pod before the next kill.
        await sleep(1000);
      }
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
    const stopped = await fetch(`http://${k6Api}/v1/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'status', id: 'default', attributes: { stopped: true } } }),
    });
    if (!stopped.ok) throw new Error(`k6 did not stop: ${stopped.status} ${await stopped.text()}`);
    const code = await k6Exit;
    if (!existsSync(summaryFile)) throw new Error(`k6 wrote no summary (exit ${code}):\n${k6Output}`);
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
    const unexpected = ledger.unexpected.filter(
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
      storeRestarts: 0,
      partitions: 0,
      requests: figures.requests,
      acknowledged: ledger.acknowledged.length,
      refused: figures.refused,
      cutByKill: ledger.unexpected.length - unexpected.length,
      unexpected,
      check,
      lines,
      // Stopped through its REST API, k6 exits 103.
      k6Exit: code === 103 ? 0 : code,
    };
  } finally {
    await topology.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The drills' lines, then the command's last line. */
export function report(result: FaultsResult): string {
  const recoveries = [...result.kills.map((k) => k.recoveryMs), ...result.check.recoveryMs];
  const maxRecoveryS = recoveries.length ? Math.max(...recoveries) / 1000 : 0;
  return [
    ...result.lines.map((l) => `${l.drill}: ${l.line}`),
    `writes: ${result.requests} requests, ${result.acknowledged} acknowledged, ${result.refused} refused (503/429), ` +
      `${result.cutByKill} cut by a kill of the gateway (the Ingress's 502), ${result.unexpected.length} unexpected`,
    `faults: ${result.kills.length} kills, ${result.storeRestarts} restarts, ${result.partitions} partitions, ` +
      `${result.acknowledged} writes acknowledged, ${result.check.lost.length} lost, ` +
      `${result.check.appliedTwice.length} applied twice, max recovery ${maxRecoveryS.toFixed(1)} s`,
  ].join('\n');
}
