import { Client } from 'pg';
import type { Component, Pod, Topology } from '@vellum/e2e/topology';
import { startStore, stopStore, type StoreName } from './stores';
import { setTimeout as sleep } from 'node:timers/promises';

/** What one restart of a store did to the product, measured while k6 wrote. */
export interface StoreRestart {
  store: StoreName;
  /** When the store was stopped and when its script said it answered again (ms since the epoch). */
  stoppedAt: number;
  backAt: number;
  /** Components whose readiness went false while the store was away: they left their Service. */
  unready: string[];
  /** Why, pod by pod: the readiness checks that said down ('messaging-7: redis'), or the answer when it said none. */
  unreadyWhy: string[];
  /** Pods whose liveness probe (/healthz) failed while the store was away: each would have been killed. */
  livenessFailures: string[];
  /** From the store's return until every pod's own readiness probe answered 200 again (ms). */
  readyAgainMs: number;
  /** When some pod never was ready again within the limit: which, and the checks it said were down. */
  stillUnready: string[];
  /** From the store's return until the outboxes on Postgres had nothing left to publish (ms). */
  drainMs: number;
  /** What the last look at the backlog saw: rows per schema, or the error (when it never drained). */
  lastBacklog: string;
}

/** The checks a `/readyz` answer says are down, or the answer itself. */
function downChecks(body: string): string {
  try {
    const { checks, status } = JSON.parse(body) as { checks?: Record<string, string>; status?: string };
    const down = Object.entries(checks ?? {}).filter(([, state]) => state !== 'ok');
    return down.map(([check]) => check).join(', ') || String(status);
  } catch {
    return body.slice(0, 80);
  }
}

/** A pod's answer on one of its own paths (within the probe's 2 s), or status 0 and the error. */
function podAnswer(pod: Pod, path: string): Promise<{ status: number; body: string }> {
  return fetch(`http://127.0.0.1:${pod.port}${path}`, { signal: AbortSignal.timeout(2000) }).then(
    async (r) => ({ status: r.status, body: await r.text() }),
    (error: Error) => ({ status: 0, body: error.message }),
  );
}

const readinessPath = (component: Component) => component.workload.lifecycle.readinessPath ?? '/readyz';

/**
 * The pods whose own readiness probe does not answer 200 now, each with the checks it says are down (none: every
 * pod is ready). Read from the pods, not from the Services: a Service follows its pods' readiness only after the
 * probe's period and thresholds, so it can still list a pod that is not ready, or not yet list one that is.
 */
export async function unreadyPods(topology: Topology): Promise<string[]> {
  const answers = await Promise.all(
    [...topology.components.values()].flatMap((component) =>
      component.pods.map(async (pod) => ({ pod, answer: await podAnswer(pod, readinessPath(component)) })),
    ),
  );
  return answers
    .filter((a) => a.answer.status !== 200)
    .map((a) => `${a.pod.id}: ${downChecks(a.answer.body)}`);
}

/** Every pod's liveness and readiness once (each answer within the probe's 2 s). */
async function probe(
  topology: Topology,
  restart: Pick<StoreRestart, 'unready' | 'unreadyWhy' | 'livenessFailures'>,
) {
  await Promise.all(
    [...topology.components.values()].flatMap((component) =>
      component.pods.map(async (pod) => {
        const [live, ready] = await Promise.all([
          podAnswer(pod, '/healthz'),
          podAnswer(pod, readinessPath(component)),
        ]);
        const name = component.workload.name;
        if (live.status !== 200 && !restart.livenessFailures.includes(pod.id))
          restart.livenessFailures.push(pod.id);
        if (ready.status === 200) return;
        if (!restart.unready.includes(name)) restart.unready.push(name);
        const why = `${pod.id}: ${downChecks(ready.body)}`;
        if (!restart.unreadyWhy.includes(why)) restart.unreadyWhy.push(why);
      }),
    ),
  );
}

/**
 * The backlog: outbox rows of the Postgres services written before `before` and not yet published (the MongoDB
 * services' are covered by the read models' recount). Rows written since are the live load's, not the backlog.
 */
async function backlog(
  db: Client,
  schemas: readonly string[],
  before: number,
): Promise<Record<string, number>> {
  const { rows } = await db.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables
       WHERE table_name = 'outbox' AND table_schema = ANY($1)`,
    [schemas],
  );
  const pending: Record<string, number> = {};
  for (const { schema } of rows) {
    const result = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL AND created_at <= $1`,
      [new Date(before)],
    );
    const n = Number(result.rows[0]!.n);
    if (n > 0) pending[schema] = n;
  }
  return pending;
}

/** One Postgres client for the polls, opened on first use and again after it broke. */
function reusedClient(databaseUrl: string) {
  let client: Promise<Client> | undefined;
  return {
    get(): Promise<Client> {
      client ??= (async () => {
        const c = new Client({ connectionString: databaseUrl });
        c.on('error', () => (client = undefined));
        await c.connect();
        return c;
      })().catch((error: unknown) => {
        client = undefined;
        throw error;
      });
      return client;
    },
    async end() {
      await (await client?.catch(() => undefined))?.end();
    },
  };
}

/** Waits until `done` or `limitMs`; the time it took, or Infinity. */
async function timeUntil(done: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await done().catch(() => false)) return Date.now() - started;
    await sleep(250);
  }
  return Infinity;
}

/** Probes every pod each second for `ms`, adding what failed to `seen`. */
export async function probeFor(
  topology: Topology,
  ms: number,
  seen: Pick<StoreRestart, 'unready' | 'unreadyWhy' | 'livenessFailures'>,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    await probe(topology, seen);
    await sleep(1000);
  }
}

/**
 * Takes a store away from the product under load (`away`), keeps it away `downMs` while probing every pod each
 * second (liveness must hold; readiness of the pods that need it goes false), brings it back (`back`), then measures
 * the way back: every pod ready, the Postgres outboxes drained (up to `limitMs`). The first acknowledged write after
 * its return is read from k6's ledger afterwards (faults.ts).
 */
export async function storeOutage(
  topology: Topology,
  store: StoreName,
  options: {
    downMs: number;
    databaseUrl: string;
    limitMs?: number;
    away: () => Promise<void>;
    back: () => Promise<void>;
  },
): Promise<StoreRestart> {
  const limitMs = options.limitMs ?? 60_000;
  const stoppedAt = Date.now();
  await options.away();
  const restart: StoreRestart = {
    store,
    stoppedAt,
    backAt: 0,
    unready: [],
    unreadyWhy: [],
    livenessFailures: [],
    readyAgainMs: Infinity,
    stillUnready: [],
    drainMs: Infinity,
    lastBacklog: '',
  };
  await probeFor(topology, options.downMs - (Date.now() - stoppedAt), restart);
  await options.back();
  restart.backAt = Date.now();
  restart.readyAgainMs = await timeUntil(async () => {
    restart.stillUnready = await unreadyPods(topology);
    return restart.stillUnready.length === 0;
  }, limitMs);
  const backAt = restart.backAt;
  // Each Postgres service's outbox is in the schema named after it; other schemas in the database are other tests'
  // (a `link` schema, say, from the link service's Postgres store, which the chart's link on MongoDB never relays).
  const schemas = [...topology.components.values()]
    .filter((c) => c.env.DATABASE_URL)
    .map((c) => c.workload.name);
  const db = reusedClient(options.databaseUrl);
  try {
    restart.drainMs = await timeUntil(async () => {
      const left = await db
        .get()
        .then((client) => backlog(client, schemas, backAt))
        .catch((error: Error) => error);
      restart.lastBacklog = left instanceof Error ? left.message : JSON.stringify(left);
      return !(left instanceof Error) && Object.keys(left).length === 0;
    }, limitMs);
  } finally {
    await db.end();
  }
  return restart;
}

/** A store's server stopped under load and started again with its own script (scripts/servers/). */
export function restartStore(
  topology: Topology,
  store: StoreName,
  options: { downMs: number; databaseUrl: string; limitMs?: number },
): Promise<StoreRestart> {
  return storeOutage(topology, store, {
    ...options,
    away: () => stopStore(store),
    back: () => startStore(store),
  });
}
