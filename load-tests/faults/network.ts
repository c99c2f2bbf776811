import type { ServerAddresses, Topology } from '@vellum/e2e/topology';
import { Toxiproxy } from '../harness/toxiproxy';
import { probeFor, storeOutage, type StoreRestart } from './store-restart';
import type { StoreName } from './stores';

/**
 * The stores whose connections pass a proxy: one per component for Postgres, Redis and FerretDB; one for every
 * component together for Kafka, whose metadata names the address clients must reach the broker at (a proxy in front
 * of its bootstrap address alone would be left after the first request): the test broker's PROXIED listener tells
 * them the proxy's address (scripts/servers/kafka.sh, KAFKA_PROXIED_LISTENER and KAFKA_PROXIED_ADDRESS).
 */
export const PROXIED_STORES = [
  'postgres',
  'redis',
  'ferretdb',
  'kafka',
] as const satisfies readonly StoreName[];
export type ProxiedStore = (typeof PROXIED_STORES)[number];

/** The broker's listener that advertises `address`, where the drill puts the Kafka proxy (both host:port). */
export interface ProxiedKafka {
  listener: string;
  address: string;
}

/** Drill 3's timings (issue 25): 500 ms more each way for 30 s, then no traffic at all for 15 s. */
export const SLOW_MS = 500;
export const SLOW_FOR_MS = 30_000;
export const CUT_FOR_MS = 15_000;

/** How long the network stays slow, then cut: the issue's (`npm run faults`), or CI's shorter pass. */
export interface NetworkTimings {
  slowForMs: number;
  cutForMs: number;
}
export const ISSUE_NETWORK: NetworkTimings = { slowForMs: SLOW_FOR_MS, cutForMs: CUT_FOR_MS };
/** CI's pass: every store slowed and cut once, long enough for every client's time-out and probe to act. */
export const SHORT_NETWORK: NetworkTimings = { slowForMs: 10_000, cutForMs: 8_000 };

/** What the slow network did, then the cut (as a store's outage: its return is the network's healing). */
export interface NetworkFault extends StoreRestart {
  slow: Pick<StoreRestart, 'unready' | 'unreadyWhy' | 'livenessFailures'>;
}

const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?)([^/?#,]+)(.*)$/i;

/** `url` with its host:port replaced (one host; a user, a path and a query stay). */
export function through(url: string, hostPort: string): string {
  const match = AUTHORITY.exec(url);
  if (!match) throw new Error(`not a server URL: ${url.replace(/\/\/[^@]*@/, '//…@')}`);
  return `${match[1]}${hostPort}${match[3]}`;
}

const upstreamOf = (url: string) => AUTHORITY.exec(url)![2]!;

/**
 * One Toxiproxy and, for each component that asks (`serversOf`, given to the topology), a proxy per store in front
 * of the real server: the connections of every pod of that component to that store pass it, and only theirs (for
 * Kafka, one proxy for them all).
 */
export async function storeProxies(servers: ServerAddresses, kafka: ProxiedKafka) {
  const toxiproxy = await Toxiproxy.start();
  const names = new Map<ProxiedStore, string[]>(PROXIED_STORES.map((s) => [s, []]));
  try {
    await toxiproxy.proxy('kafka', kafka.listener, kafka.address);
  } catch (error) {
    await toxiproxy.stop();
    throw error;
  }
  names.get('kafka')!.push('kafka');
  const made = async (component: string, store: ProxiedStore, url: string) => {
    const name = `${component}-${store}`;
    names.get(store)!.push(name);
    return through(url, await toxiproxy.proxy(name, upstreamOf(url)));
  };
  return {
    toxiproxy,
    async serversOf(component: string): Promise<ServerAddresses> {
      return {
        ...servers,
        kafkaBrokers: kafka.address,
        databaseUrl: await made(component, 'postgres', servers.databaseUrl),
        redisUrl: await made(component, 'redis', servers.redisUrl),
        ...(servers.mongoUrl && { mongoUrl: await made(component, 'ferretdb', servers.mongoUrl) }),
      };
    },
    /** Every component's proxy to `store`. */
    of: (store: ProxiedStore) => names.get(store)!,
  };
}

export type StoreProxies = Awaited<ReturnType<typeof storeProxies>>;

/**
 * Drill 3 for one store: every component's connections to it slowed by SLOW_MS for `slowForMs` (probed meanwhile:
 * liveness must hold), then cut for `cutForMs` and healed, measured as a store's outage (unready meanwhile, every pod
 * ready and the backlog drained after).
 */
export async function slowThenCut(
  topology: Topology,
  proxies: StoreProxies,
  store: ProxiedStore,
  options: { databaseUrl: string; timings?: NetworkTimings },
): Promise<NetworkFault> {
  const { slowForMs, cutForMs } = options.timings ?? ISSUE_NETWORK;
  const { toxiproxy } = proxies;
  const names = proxies.of(store);
  const slow = { unready: [] as string[], unreadyWhy: [] as string[], livenessFailures: [] as string[] };
  for (const name of names) await toxiproxy.slow(name, SLOW_MS);
  try {
    await probeFor(topology, slowForMs, slow);
  } finally {
    for (const name of names) await toxiproxy.heal(name);
  }
  const cut = await storeOutage(topology, store, {
    downMs: cutForMs,
    databaseUrl: options.databaseUrl,
    away: async () => {
      for (const name of names) await toxiproxy.cut(name);
    },
    back: async () => {
      for (const name of names) await toxiproxy.heal(name);
    },
  });
  return { ...cut, slow };
}
