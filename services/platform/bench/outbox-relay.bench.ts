/**
 * Outbox relay benchmark. Run from the repository root (no build needed; swc compiles the sources on the fly):
 *
 *   source ~/.cache/vellum/run/env.sh   # DATABASE_URL and KAFKA_BROKERS; without them only PGlite + in-process run
 *   node -r ./services/platform/test/events/fixtures/swc-register.cjs services/platform/bench/outbox-relay.bench.ts
 *
 * Knobs: BENCH_N (events for the batched relay, default 20000), BENCH_BASELINE_N (events for the one-at-a-time
 * baseline, default 2000: it is a rate, and the slow path would otherwise take minutes), BENCH_LATENCY_N (events
 * for the latency runs, default 1000), BENCH_RATE (writes per second in the latency runs, default 200).
 *
 * Throughput: fill the outbox, then time `relay.flush()`: batched (500 rows, ONE publish per batch) against a
 * relay that claims and publishes one row per transaction with one awaited publish each.
 * Latency: a writer commits one event at a time at BENCH_RATE and wakes the relay; the consumer's handler stamps
 * the arrival; commit -> handler, median and p99.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createInProcessBus } from '../src/events/in-process-bus';
import { createKafkaBus } from '@vellum/platform-kafka';
import { appendOutbox, createOutboxRelay, outboxMigration } from '../src/events/outbox';
import type { BusMessage, EventBus } from '../src/events/types';

const N = Number(process.env.BENCH_N ?? 20_000);
const BASELINE_N = Number(process.env.BENCH_BASELINE_N ?? 2_000);
const LATENCY_N = Number(process.env.BENCH_LATENCY_N ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const runId = randomUUID().slice(0, 8);

interface Row {
  case: string;
  db: string;
  bus: string;
  events: number;
  seconds?: number;
  perSecond?: number;
  p50?: number;
  p99?: number;
  note?: string;
}

interface Target {
  dbName: string;
  openDb: () => Promise<Db>;
  busName: string;
  openBus: () => EventBus;
}

const payload = new Uint8Array(256).fill(7);

function event(topic: string, i: number): BusMessage {
  return {
    id: randomUUID(),
    topic,
    key: `aggregate-${i % 100}`,
    type: 'vellum.bench.v1.Happened',
    value: payload,
  };
}

async function freshSchema(db: Db): Promise<string> {
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  await migrate(db, schema, [outboxMigration(schema)]);
  return schema;
}

async function fill(db: Db, schema: string, topic: string, count: number) {
  for (let i = 0; i < count; i += 1000) {
    const chunk = Array.from({ length: Math.min(1000, count - i) }, (_, j) => event(topic, i + j));
    await db.transaction((tx) => appendOutbox(tx, schema, chunk));
  }
}

async function throughput(target: Target, label: string, count: number, batchSize: number): Promise<Row> {
  const db = await target.openDb();
  const bus = target.openBus();
  try {
    const schema = await freshSchema(db);
    const topic = `vellum-bench.${runId}.${label.replace(/[^a-zA-Z0-9]+/g, '-')}.${batchSize}`;
    await bus.publish([event(topic, 0)]); // creates the topic and connects before the clock starts
    await fill(db, schema, topic, count);
    const relay = createOutboxRelay({ db, schema, bus, logger, batchSize });
    const started = performance.now();
    const published = await relay.flush();
    const seconds = (performance.now() - started) / 1000;
    if (published !== count) throw new Error(`published ${published} of ${count}`);
    return {
      case: label,
      db: target.dbName,
      bus: target.busName,
      events: count,
      seconds,
      perSecond: count / seconds,
    };
  } finally {
    await bus.close();
    await db.close();
  }
}

async function latency(target: Target): Promise<Row> {
  const db = await target.openDb();
  const bus = target.openBus();
  const relay = { stop: async () => undefined } as { stop(): Promise<void> };
  try {
    const schema = await freshSchema(db);
    const topic = `vellum-bench.${runId}.latency`;
    const committed = new Map<string, number>();
    const arrived = new Map<string, number>();
    await bus.subscribe({
      group: `bench-${runId}-${target.busName}`,
      topics: [topic],
      handler: async (m) => void arrived.set(m.id, performance.now()),
    });
    const running = createOutboxRelay({ db, schema, bus, logger, pollIntervalMs: 200 });
    relay.stop = () => running.stop();
    running.start();
    const gap = 1000 / RATE;
    const started = performance.now();
    for (let i = 0; i < LATENCY_N; i++) {
      const message = event(topic, i);
      await db.transaction((tx) => appendOutbox(tx, schema, [message]));
      committed.set(message.id, performance.now());
      running.wake();
      const next = started + (i + 1) * gap;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const deadline = Date.now() + 60_000;
    while (arrived.size < LATENCY_N && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const samples = [...committed].map(([id, at]) => (arrived.get(id) ?? NaN) - at).filter(Number.isFinite);
    samples.sort((a, b) => a - b);
    const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    return {
      case: `latency @${RATE}/s`,
      db: target.dbName,
      bus: target.busName,
      events: samples.length,
      p50: pick(0.5),
      p99: pick(0.99),
      note: samples.length < LATENCY_N ? `${LATENCY_N - samples.length} never arrived` : undefined,
    };
  } finally {
    await relay.stop();
    await bus.close();
    await db.close();
  }
}

function print(rows: Row[]) {
  const fmt = (value: number | undefined, digits: number) =>
    value === undefined ? '' : value.toFixed(digits);
  const table = [
    ['case', 'db', 'bus', 'events', 'seconds', 'events/s', 'p50 ms', 'p99 ms', 'note'],
    ...rows.map((r) => [
      r.case,
      r.db,
      r.bus,
      String(r.events),
      fmt(r.seconds, 2),
      fmt(r.perSecond, 0),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      r.note ?? '',
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((line) => line[c]!.length)));
  for (const [i, line] of table.entries()) {
    console.log(
      line
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    );
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const brokers = process.env.KAFKA_BROKERS;
  const pglite = { dbName: 'pglite', openDb: () => createPgliteDb() };
  const postgres = databaseUrl
    ? { dbName: 'postgres', openDb: async () => createPgDb({ connectionString: databaseUrl, max: 4 }) }
    : pglite;
  const inProcess: Target = {
    ...pglite,
    busName: 'in-process',
    openBus: () => createInProcessBus({ logger }),
  };
  const kafka: Target | undefined = brokers
    ? {
        ...postgres,
        busName: 'kafka',
        openBus: () => createKafkaBus({ brokers, clientId: `bench-${runId}`, logger }),
      }
    : undefined;

  const rows: Row[] = [];
  const run = async (what: string, work: () => Promise<Row>) => {
    process.stderr.write(`running ${what}...\n`);
    rows.push(await work());
  };
  if (kafka) {
    await run('kafka batched', () => throughput(kafka, 'relay batched (500)', N, 500));
    await run('kafka one at a time', () => throughput(kafka, 'relay one at a time', BASELINE_N, 1));
  } else {
    rows.push({
      case: 'relay to kafka',
      db: '',
      bus: 'kafka',
      events: 0,
      note: 'skipped: KAFKA_BROKERS not set',
    });
  }
  await run('in-process batched', () => throughput(inProcess, 'relay batched (500)', N, 500));
  await run('in-process one at a time', () => throughput(inProcess, 'relay one at a time', BASELINE_N, 1));
  await run('in-process latency', () => latency(inProcess));
  if (kafka) await run('kafka latency', () => latency(kafka));
  print(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
