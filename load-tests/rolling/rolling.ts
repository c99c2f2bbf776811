import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedInPerson } from '../harness/signed-in-person';
import { startTopology, type RolloutStep, type ServerAddresses } from '@vellum/e2e/topology';
import { K6, startK6 } from '../harness/k6-process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RollingOptions {
  servers: ServerAddresses;
  /**
   * How long k6 runs, in seconds, restarting round after round while another fits (at least one must, or the run
   * fails). Without it: exactly one round, k6 stopped 3 s after it (the CI run).
   */
  durationS?: number;
  /** Visitors (and half as many writers) k6 runs. */
  vus?: number;
  log?: (line: string) => void;
}

export interface RollingResult {
  requests: number;
  /** Requests k6 counted as failed (http_req_failed: an error status or no answer). */
  failed: number;
  /** Answers other than the journey expected (a 4xx among them would not be in `failed` otherwise). */
  unexpected: number;
  rounds: number;
  steps: RolloutStep[];
  /** Connections a Service refused for want of a ready endpoint. */
  refused: Record<string, number>;
  exitCodes: Record<string, Array<number | 'killed'>>;
  k6Output: string;
  k6Exit: number | null;
  /** How long k6 ran. */
  durationS: number;
  p95Ms: number;
  /** Lines of the processes' logs about upstream or connection errors (empty when all went well). */
  diagnostics: string[];
}

/**
 * The distributed product as the chart runs it (harness/topology: every service Deployment as its own process with
 * its rendered environment, each behind a readiness-aware Service proxy), k6's mixed journey through the Ingress
 * (then the gateway's Service), and meanwhile every Deployment rolled one after the other as maxSurge 1 / maxUnavailable 0 does it
 * (new pod ready and in the endpoints; the old one out of the endpoints, preStop, SIGTERM, drain), round after round
 * while the run lasts. The micro-frontends (nginx) are left out: k6 calls the API.
 */
export async function rollingRestart(options: RollingOptions): Promise<RollingResult> {
  const log = options.log ?? (() => {});
  accessSync(K6, constants.X_OK);
  const topology = await startTopology({
    servers: options.servers,
    only: (workload) => workload.role !== 'frontend',
    // Test values: every k6 and set-up client shares 127.0.0.1, so the credential rate limit is raised.
    values: { gateway: { env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' } } },
    log,
  });
  const work = mkdtempSync(path.join(os.tmpdir(), 'vellum-rolling-'));
  let exitCodes: Record<string, Array<number | 'killed'>> = {};
  try {
    // Traffic enters as in a cluster: through the Ingress (a new connection to the gateway's Service per request,
    // as the ingress controller picks a ready endpoint for each), then the gateway to each service's Service.
    const baseUrl = topology.url;
    const users = await Promise.all(
      [1, 2, 3].map((n) => signedInPerson(topology, baseUrl, `roll${n}`, { publicVellum: true })),
    );
    const summaryFile = path.join(work, 'summary.json');
    const k6 = await startK6(path.join(__dirname, 'journey.js'), {
      BASE_URL: baseUrl,
      PUBLIC_URL: topology.url,
      USERS: JSON.stringify(users),
      DURATION: options.durationS ? `${options.durationS}s` : '30m',
      VUS: String(options.vus ?? 4),
      SUMMARY: summaryFile,
    });
    const started = Date.now();
    const endsAt = options.durationS ? started + options.durationS * 1000 : 0;

    // Warm-up under load, then round after round of restarts while another round fits in the run.
    await sleep(3000);
    const order = [...topology.components.keys()];
    const steps: RolloutStep[] = [];
    let rounds = 0;
    let roundMs = 0;
    while (rounds === 0 || (endsAt && Date.now() + roundMs * 1.2 + 2000 < endsAt)) {
      const roundStart = Date.now();
      for (const name of order) {
        log(`rolling ${name}`);
        steps.push(...(await topology.rollout(name)));
      }
      roundMs = Date.now() - roundStart;
      rounds += 1;
      log(`round ${rounds} took ${roundMs} ms`);
    }
    const lastRestartEnded = Date.now();
    if (!endsAt) {
      // One round: a little more load on the new pods, then k6 stops (the requests then in flight are cancelled,
      // which the journey does not count: journey.js).
      await sleep(3000);
      await k6.stop();
    }
    const code = await k6.exited;
    log(`k6 exited with ${code}`);
    if (endsAt && lastRestartEnded > endsAt) {
      throw new Error(
        `a round of restarts took ${roundMs} ms, longer than the ${options.durationS} s run: raise the duration`,
      );
    }
    const figures = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
      requests: number;
      failed: number;
      unexpected: number;
      duration: Record<string, number>;
    };
    const refused = Object.fromEntries(
      [...topology.components.values()].map((c) => [c.proxy.name, c.proxy.refused]),
    );
    const diagnostics = topology
      .output()
      .split('\n')
      .filter((line) => /unreachable|ECONN|hang up|EPIPE|error/i.test(line))
      // kafkajs logs the consumer group's rebalances, which every replacement causes, as errors.
      .filter((line) => !line.includes('"logger":"kafkajs"'))
      .slice(0, 40)
      .concat([...topology.components.values()].flatMap((c) => c.proxy.errors));
    exitCodes = await topology.stop();
    log('topology stopped');
    return {
      diagnostics,
      requests: figures.requests,
      failed: figures.failed,
      unexpected: figures.unexpected,
      rounds,
      steps,
      refused,
      exitCodes,
      k6Output: k6.output(),
      k6Exit: code,
      durationS: Math.round((Date.now() - started) / 1000),
      p95Ms: figures.duration['p(95)'] ?? NaN,
    };
  } catch (error) {
    await topology.stop();
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The figures as one printed block. */
export function report(result: RollingResult): string {
  const restarts = result.steps.length;
  const drains = result.steps.map((s) => s.drainMs);
  return [
    `rolling restart under load (${result.durationS} s of k6, ${result.rounds} round(s), ${restarts} pod replacements)`,
    `  requests: ${result.requests}`,
    `  failed:   ${result.failed} (unexpected answers: ${result.unexpected})`,
    `  p95:      ${result.p95Ms.toFixed(1)} ms`,
    `  new pod ready (ms): ${result.steps.map((s) => `${s.component} ${s.newPodReadyMs}`).join(', ')}`,
    `  connections refused for want of a ready endpoint: ${Object.values(result.refused).reduce((a, b) => a + b, 0)}`,
    `  drain after SIGTERM: ${Math.min(...drains)}-${Math.max(...drains)} ms; exit codes ${[...new Set(result.steps.map((s) => s.exitCode))].join(', ')}`,
  ].join('\n');
}
