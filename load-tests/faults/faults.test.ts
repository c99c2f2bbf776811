import { describeWithServer } from '@vellum/platform/test-support';
import { report, runFaults, type FaultsResult } from './faults';
import { ISSUE_NETWORK, PROXIED_STORES, SHORT_NETWORK } from './network';
import { STORES } from './stores';
import { STORM_BACK_SHARE, STORM_BACK_WITHIN_MS } from './storm';

// The fault drills' short pass (CI): every drill once, under k6's writes. Every service's pod killed with SIGKILL
// once, and every publishing service's pod again at a fault point of its outbox relay (between commit and publish,
// or between publish and mark); every store (Postgres, Redis, Kafka, FerretDB) stopped for 10 s and started again;
// each store's network (Postgres, Redis, FerretDB: every service's connections to it through a Toxiproxy proxy of
// its own; Kafka: every service's through one) made 500 ms slower for 10 s and then cut for 8 s (`npm run faults`:
// the issue's 30 s and 15 s); 600 sockets
// connected and a messaging replica killed under them (the reconnect storm; `npm run faults` connects 2,000); every
// Deployment restarted with SIGTERM. Then every acknowledged write is accounted for and the read models recounted.
// FAULTS_KILL_ROUNDS, FAULTS_RESTART_ROUNDS and FAULTS_STORM_SOCKETS make it longer:
// `npm run faults -- --rounds 8 --restart-rounds 3`.
const killRounds = process.env.FAULTS_KILL_ROUNDS ? Number(process.env.FAULTS_KILL_ROUNDS) : 1;
const restartRounds = process.env.FAULTS_RESTART_ROUNDS ? Number(process.env.FAULTS_RESTART_ROUNDS) : 1;
// The network drill: FAULTS_NETWORK=on at the issue's timings (`npm run faults`), 'short' (CI's pass, the default:
// 10 s slow and 8 s cut, every store once), 'off' to leave it out. The storm: 600 sockets unless told.
const network = process.env.FAULTS_NETWORK ?? 'short';
if (!['on', 'short', 'off'].includes(network))
  throw new Error(`FAULTS_NETWORK is on, short or off, not ${network}`);
const stormSockets = process.env.FAULTS_STORM_SOCKETS ? Number(process.env.FAULTS_STORM_SOCKETS) : 600;
const partitionStores = network === 'off' ? [] : PROXIED_STORES;
const networkTimings = network === 'on' ? ISSUE_NETWORK : SHORT_NETWORK;

// The issue's limits: every pod ready and every outbox drained within 60 s of the store's return, the first write
// through it within 10 s. The first write waits for the Service to take its pods back (a readiness probe every 5 s,
// each allowed 2 s), so on CI's machine, where the other lane's browsers share the two cores, a probe that times
// out once costs it another period: there it must come within 30 s (it came back by itself; the time is printed),
// and `npm run faults` (FAULTS_FIRST_WRITE_LIMIT_MS=10000) holds the issue's 10 s.
const FIRST_WRITE_LIMIT_MS = Number(process.env.FAULTS_FIRST_WRITE_LIMIT_MS ?? 30_000);
const BACK_LIMIT_MS = 60_000;

/** A store's outage (a restart, or its network cut): liveness held, and everything came back by itself in time. */
function expectBackWithinLimits(
  r: { store: string; readyAgainMs: number; drainMs: number; firstAnswerMs: number | null },
  livenessFailures: string[],
) {
  const within = (ms: number | null, limit: number) =>
    ms === null ? 'none needs it' : ms <= limit ? 'within limit' : `${ms} ms, over ${limit} ms`;
  expect({
    store: r.store,
    livenessFailures,
    everyPodReady: within(r.readyAgainMs, BACK_LIMIT_MS),
    backlogDrained: within(r.drainMs, BACK_LIMIT_MS),
    firstWrite: within(r.firstAnswerMs, FIRST_WRITE_LIMIT_MS),
  }).toEqual({
    store: r.store,
    livenessFailures: [],
    everyPodReady: 'within limit',
    backlogDrained: 'within limit',
    firstWrite: r.firstAnswerMs === null ? 'none needs it' : 'within limit',
  });
}

describeWithServer('DATABASE_URL', 'fault drills under load', () => {
  let result: FaultsResult;
  const lines: string[] = [];

  beforeAll(
    async () => {
      const { REDIS_URL: redisUrl, KAFKA_BROKERS: kafkaBrokers, MONGO_URL: mongoUrl } = process.env;
      const { KAFKA_PROXIED_LISTENER: listener, KAFKA_PROXIED_ADDRESS: address } = process.env;
      if (!redisUrl || !kafkaBrokers || !mongoUrl || !listener || !address)
        throw new Error(
          'REDIS_URL, KAFKA_BROKERS, KAFKA_PROXIED_LISTENER, KAFKA_PROXIED_ADDRESS and MONGO_URL must be set with ' +
            'DATABASE_URL (scripts/servers/up.sh)',
        );
      result = await runFaults({
        servers: { databaseUrl: process.env.DATABASE_URL!, redisUrl, kafkaBrokers, mongoUrl },
        proxiedKafka: { listener, address },
        killRounds,
        restartRounds,
        stormSockets,
        partitionStores,
        networkTimings,
        log: (line) => {
          lines.push(`${new Date().toISOString()} ${line}`);
          if (process.env.FAULTS_VERBOSE) process.stderr.write(`${lines.at(-1)}\n`);
        },
      });
      process.stdout.write(`${report(result)}\n`);
    },
    400_000 +
      killRounds * 240_000 +
      restartRounds * 240_000 +
      partitionStores.length * (networkTimings.slowForMs + networkTimings.cutForMs + 60_000),
  );

  it('killed every service pod and brought each back by itself', () => {
    const killed = new Set(result.kills.map((k) => k.component));
    expect([...killed].sort()).toEqual(
      expect.arrayContaining([
        'action',
        'analytics',
        'gateway',
        'identity',
        'link',
        'messaging',
        'social',
        'vellum',
      ]),
    );
    expect(result.kills.filter((k) => !k.point).length).toBeGreaterThanOrEqual(killRounds * killed.size);
    for (const step of result.rollouts) expect(step).toMatchObject({ exitCode: 0 });
  });

  it('killed every publishing service at its fault points, between commit and publish and between publish and mark', () => {
    const atPoints = result.kills.filter((k) => k.point);
    expect(new Set(atPoints.map((k) => k.component))).toEqual(
      new Set(['action', 'identity', 'link', 'messaging', 'social', 'vellum']),
    );
    expect(new Set(atPoints.map((k) => k.point))).toEqual(
      new Set(['outbox-before-publish', 'outbox-after-publish']),
    );
    // Each pod got to its point and died there, not by the harness's SIGKILL after the wait.
    expect(atPoints.filter((k) => !k.killedItself).map((k) => `${k.pod} at ${k.point}`)).toEqual([]);
  });

  it('restarted every store under load: liveness held, and everything came back by itself within the limits', () => {
    expect(result.storeRestarts.map((r) => r.store).sort()).toEqual(
      Array.from({ length: restartRounds }, () => [...STORES])
        .flat()
        .sort(),
    );
    for (const r of result.storeRestarts) expectBackWithinLimits(r, r.livenessFailures);
  });

  it("slowed and then cut every service's network to each store: liveness held, and everything came back by itself within the limits", () => {
    expect(result.partitions.map((p) => p.store).sort()).toEqual([...partitionStores].sort());
    for (const p of result.partitions)
      expectBackWithinLimits(p, [...p.slow.livenessFailures, ...p.livenessFailures]);
  });

  it('brought the sockets of a killed messaging replica back, and left no tab without its badge', () => {
    const storm = result.storm;
    if (!stormSockets || !storm) {
      expect({ stormSockets, storm }).toEqual({ stormSockets: 0, storm: undefined });
      return;
    }
    expect(storm.sockets).toBe(stormSockets);
    // Two replicas behind one Service: the killed one held some of them.
    expect(storm.cut).toBeGreaterThan(0);
    const within = storm.backMs.filter((ms) => ms <= STORM_BACK_WITHIN_MS).length;
    expect(within / storm.cut).toBeGreaterThanOrEqual(STORM_BACK_SHARE);
    expect(storm.badgeMismatches.slice(0, 20)).toEqual([]);
  });

  it('kept every pod running through every fault: none ended by itself', () => {
    expect(result.crashes.map((c) => `${c.pod}: code ${c.code}, signal ${c.signal}`)).toEqual([]);
  });

  it('lost no acknowledged write and applied none twice', () => {
    expect(result.acknowledged).toBeGreaterThan(0);
    expect({ lost: result.check.lost, appliedTwice: result.check.appliedTwice }).toEqual({
      lost: [],
      appliedTwice: [],
    });
  });

  it('brought every read model back into agreement with its source', () => {
    expect(result.check.disagreements).toEqual([]);
  });

  it('answered every write with an acceptance or the documented 503 / 429', () => {
    expect(result.unexpected.slice(0, 20)).toEqual([]);
  });

  afterAll(() => {
    if (lines.length && !process.env.FAULTS_VERBOSE) process.stdout.write(`${lines.join('\n')}\n`);
  });
});
