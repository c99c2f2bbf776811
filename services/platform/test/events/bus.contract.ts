import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { idempotent, inboxMigration } from '../../src/events/inbox';
import { createOutboxRelay, outboxMigration } from '../../src/events/outbox';
import { parkedEventsMigrations, postgresParkedEvents, replayParked } from '../../src/events/parked';
import type { PoisonHandler, RetryOptions } from '../../src/events/retry';
import type { BusMessage, EventBus, MessageHandler, Subscription } from '../../src/events/types';
import { describeWithServer, eventually } from '@vellum/platform/test-support';

export interface BusContractSetup {
  createBus(options: { retry: RetryOptions; onPoison?: PoisonHandler }): Promise<EventBus>;
  /** The database of the inbox test (the outbox kill tests open their own). */
  openDb(): Promise<Db>;
  /** How long to keep listening for deliveries that must not come. */
  quietMs: number;
  /** Per-test timeout. */
  timeoutMs: number;
}

const runId = randomUUID().slice(0, 8);
let counter = 0;
/** Kafka keeps topics and group offsets between runs: every test gets fresh names. */
export const uniqueName = (purpose: string) => `vellum-test.${purpose}.${runId}.${++counter}`;
const uniqueSchema = () => `bus_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const silent = pino({ level: 'silent' });
const fastRetry: RetryOptions = { initialMs: 20, maxMs: 100, maxAttempts: 5 };

export function message(topic: string, key: string, text: string, id: string = randomUUID()): BusMessage {
  return { id, topic, key, type: 'vellum.test.v1.Noted', value: new TextEncoder().encode(text) };
}

export const text = (m: BusMessage) => new TextDecoder().decode(m.value);

/** Every key's messages arrived in the order they were sent (partitions may interleave among themselves). */
export function expectPerKeyOrder(received: BusMessage[], sent: BusMessage[]): void {
  for (const key of new Set(sent.map((m) => m.key))) {
    const order = (list: BusMessage[]) => list.filter((m) => m.key === key).map(text);
    expect(order(received)).toEqual(order(sent));
  }
}

/** A subscription of `group` to `topic` that keeps what it receives in `received`. */
export function collector(
  group: string,
  topic: string,
): { received: BusMessage[]; subscription: Subscription } {
  const received: BusMessage[] = [];
  return { received, subscription: { group, topics: [topic], handler: async (m) => void received.push(m) } };
}

/** A group whose handler always fails on `topic`, so the bus keeps retrying; `attempts()` counts the calls. */
export async function subscribeFailing(bus: EventBus, topic: string): Promise<{ attempts: () => number }> {
  let attempts = 0;
  await bus.subscribe({
    group: 'g',
    topics: [topic],
    handler: async () => {
      attempts++;
      throw new Error('fails');
    },
  });
  return { attempts: () => attempts };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The event bus contract: the in-process bus and the Kafka bus must both pass it. */
export function describeBusContract(setup: BusContractSetup): void {
  const buses: EventBus[] = [];
  const open = async (options: { retry?: RetryOptions; onPoison?: PoisonHandler } = {}) => {
    const bus = await setup.createBus({ retry: options.retry ?? fastRetry, onPoison: options.onPoison });
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  }, 30_000);

  it(
    'keeps per-key order across publish calls, reading a new group from the beginning',
    async () => {
      const bus = await open();
      const topic = uniqueName('order');
      const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
      const sent = Array.from({ length: 200 }, (_, i) => message(topic, keys[i % keys.length]!, `${i}`));
      const received: BusMessage[] = [];
      // Half goes out before the group exists; a new group starts at the beginning.
      for (let i = 0; i < 100; i += 20) await bus.publish(sent.slice(i, i + 20));
      await bus.subscribe({
        group: uniqueName('g'),
        topics: [topic],
        handler: async (m) => void received.push(m),
      });
      for (let i = 100; i < 200; i += 20) await bus.publish(sent.slice(i, i + 20));

      await eventually(() => received.length >= 200, setup.timeoutMs, '200 messages');
      await pause(setup.quietMs);
      expect(received).toHaveLength(200);
      expectPerKeyOrder(received, sent);
      expect(received[0]).toEqual({
        ...sent.find((m) => m.id === received[0]!.id),
        value: expect.anything(),
      });
    },
    setup.timeoutMs,
  );

  it(
    'reads a group that subscribes after every message was published from the first one, in per-key order',
    async () => {
      const bus = await open();
      const topic = uniqueName('late');
      const keys = ['a', 'b', 'c'];
      const sent = Array.from({ length: 90 }, (_, i) => message(topic, keys[i % keys.length]!, `${i}`));
      const early = collector(uniqueName('early'), topic);
      await bus.subscribe(early.subscription);
      for (let i = 0; i < 90; i += 30) await bus.publish(sent.slice(i, i + 30));
      await eventually(() => early.received.length >= 90, setup.timeoutMs, 'the early group');

      const late = collector(uniqueName('late'), topic);
      await bus.subscribe(late.subscription);
      await eventually(
        () => late.received.length >= 90,
        setup.timeoutMs,
        'the late group to read from the beginning',
      );
      await pause(setup.quietMs);
      expect(late.received.map((m) => m.id).sort()).toEqual(sent.map((m) => m.id).sort());
      expectPerKeyOrder(late.received, sent);
    },
    setup.timeoutMs,
  );

  it(
    'delivers each message once per group: members of a group share it, another group sees all',
    async () => {
      const bus = await open();
      const topic = uniqueName('groups');
      const groupA = uniqueName('a');
      const seen = { a1: [] as string[], a2: [] as string[], b: [] as string[] };
      const collect =
        (list: string[]): MessageHandler =>
        async (m) =>
          void list.push(m.id);
      await bus.subscribe({ group: groupA, topics: [topic], handler: collect(seen.a1) });
      await bus.subscribe({ group: groupA, topics: [topic], handler: collect(seen.a2) });
      await bus.subscribe({ group: uniqueName('b'), topics: [topic], handler: collect(seen.b) });
      const sent = Array.from({ length: 60 }, (_, i) => message(topic, `key-${i % 20}`, `${i}`));
      await bus.publish(sent);

      await eventually(() => seen.a1.length + seen.a2.length >= 60, setup.timeoutMs, 'group A to get all');
      await eventually(() => seen.b.length >= 60, setup.timeoutMs, 'group B to get all');
      await pause(setup.quietMs);
      const ids = sent.map((m) => m.id).sort();
      expect([...seen.a1, ...seen.a2].sort()).toEqual(ids);
      expect([...seen.b].sort()).toEqual(ids);
      expect(seen.a1.length).toBeGreaterThan(0);
      expect(seen.a2.length).toBeGreaterThan(0);
    },
    setup.timeoutMs,
  );

  it(
    'redelivers after a failing handler, holding back the later messages of that key',
    async () => {
      const bus = await open();
      const topic = uniqueName('retry');
      const [m1, m2, m3] = [message(topic, 'k', 'm1'), message(topic, 'k', 'm2'), message(topic, 'k', 'm3')];
      const deliveries: string[] = [];
      let failures = 0;
      await bus.subscribe({
        group: uniqueName('g'),
        topics: [topic],
        handler: async (m) => {
          deliveries.push(text(m));
          if (m.id === m1.id && failures < 2) {
            failures++;
            throw new Error('not yet');
          }
        },
      });
      await bus.publish([m1, m2, m3]);

      await eventually(() => deliveries.includes('m3'), setup.timeoutMs, 'm3');
      await pause(setup.quietMs);
      expect(deliveries).toEqual(['m1', 'm1', 'm1', 'm2', 'm3']);
    },
    setup.timeoutMs,
  );

  it(
    'parks a message that keeps failing after maxAttempts, without blocking its partition',
    async () => {
      const poisoned: Array<{ group: string; id: string; error: unknown }> = [];
      const bus = await open({
        retry: { initialMs: 10, maxMs: 40, maxAttempts: 3 },
        onPoison: (group, m, error) => void poisoned.push({ group, id: m.id, error }),
      });
      const topic = uniqueName('poison');
      const group = uniqueName('g');
      const poison = message(topic, 'k', 'poison');
      const after = [message(topic, 'k', 'after-1'), message(topic, 'k', 'after-2')];
      const deliveries: string[] = [];
      await bus.subscribe({
        group,
        topics: [topic],
        handler: async (m) => {
          deliveries.push(text(m));
          if (m.id === poison.id) throw new Error('cannot handle this');
        },
      });
      await bus.publish([poison, ...after]);

      await eventually(
        () => deliveries.includes('after-2'),
        setup.timeoutMs,
        'the messages after the poison',
      );
      await pause(setup.quietMs);
      expect(deliveries).toEqual(['poison', 'poison', 'poison', 'after-1', 'after-2']);
      expect(poisoned).toEqual([
        { group, id: poison.id, error: expect.objectContaining({ message: 'cannot handle this' }) },
      ]);
    },
    setup.timeoutMs,
  );

  describe('with the inbox', () => {
    let db: Db | undefined;
    afterAll(async () => {
      await db?.close();
    }, 30_000);

    it(
      'applies a duplicate once through idempotent()',
      async () => {
        db ??= await setup.openDb();
        const schema = uniqueSchema();
        await migrate(db, schema, [
          inboxMigration(schema),
          {
            id: '0001_projection',
            sql: `CREATE TABLE ${schema}.projection (event_id uuid NOT NULL, body text)`,
          },
        ]);
        const store = db;
        const project = idempotent({
          db: store,
          schema,
          consumer: 'projection',
          apply: async (tx, m) => {
            await tx.query(`INSERT INTO ${schema}.projection (event_id, body) VALUES ($1, $2)`, [
              m.id,
              text(m),
            ]);
          },
        });
        let deliveries = 0;
        const bus = await open();
        const topic = uniqueName('dup');
        await bus.subscribe({
          group: uniqueName('g'),
          topics: [topic],
          handler: async (m) => {
            await project(m);
            deliveries++;
          },
        });
        const original = message(topic, 'k', 'once');
        await bus.publish([original]);
        await bus.publish([{ ...original }]);
        await bus.publish([message(topic, 'k', 'next')]);

        await eventually(() => deliveries >= 3, setup.timeoutMs, 'three deliveries');
        const { rows } = await store.query<{ body: string }>(
          `SELECT body FROM ${schema}.projection ORDER BY body`,
        );
        expect(rows).toEqual([{ body: 'next' }, { body: 'once' }]);
        const inbox = await store.query(`SELECT event_id FROM ${schema}.inbox WHERE event_id = $1`, [
          original.id,
        ]);
        expect(inbox.rowCount).toBe(1);
      },
      setup.timeoutMs,
    );

    it(
      'parks an event that keeps failing, with its error and attempts; replayParked applies it once and removes it',
      async () => {
        db ??= await setup.openDb();
        const store = db;
        const schema = uniqueSchema();
        await migrate(store, schema, [
          inboxMigration(schema),
          ...parkedEventsMigrations(schema),
          {
            id: '0001_projection',
            sql: `CREATE TABLE ${schema}.projection (event_id uuid NOT NULL, body text)`,
          },
        ]);
        const parked = postgresParkedEvents(store, schema);
        const bodies = async () =>
          (
            await store.query<{ body: string }>(`SELECT body FROM ${schema}.projection ORDER BY body`)
          ).rows.map((row) => row.body);
        let broken = true;
        const topic = uniqueName('park');
        const group = uniqueName('g');
        const poisoned: Array<{ id: string; attempts: number }> = [];
        const subscription: Subscription = {
          group,
          topics: [topic],
          handler: idempotent({
            db: store,
            schema,
            consumer: 'projection',
            apply: async (tx, m) => {
              if (text(m) === 'poison' && broken) throw new Error('cannot handle this yet');
              await tx.query(`INSERT INTO ${schema}.projection (event_id, body) VALUES ($1, $2)`, [
                m.id,
                text(m),
              ]);
            },
          }),
          park: parked.park,
        };
        const bus = await open({
          retry: { initialMs: 10, maxMs: 40, maxAttempts: 3 },
          onPoison: (_group, m, _error, attempts) => void poisoned.push({ id: m.id, attempts }),
        });
        await bus.subscribe(subscription);
        const poison = message(topic, 'k', 'poison');
        await bus.publish([poison, message(topic, 'k', 'after')]);

        // Same key, same partition: "after" is handled only once the poison has been parked.
        await eventually(
          async () => (await bodies()).includes('after'),
          setup.timeoutMs,
          'the message after the poison',
        );
        expect(poisoned).toEqual([{ id: poison.id, attempts: 3 }]);
        expect(await parked.list()).toEqual([
          {
            id: poison.id,
            topic,
            key: 'k',
            type: 'vellum.test.v1.Noted',
            value: expect.anything(),
            group,
            error: 'Error: cannot handle this yet',
            attempts: 3,
            parkedAt: expect.any(Date),
          },
        ]);
        expect(text((await parked.list())[0]!)).toBe('poison');
        expect(await bodies()).toEqual(['after']);

        // Still broken: the row stays, with this replay's error and one more attempt.
        expect(await replayParked(parked, [subscription])).toEqual({
          replayed: [],
          failed: [{ id: poison.id, group, error: 'Error: cannot handle this yet' }],
        });
        expect(await parked.list()).toEqual([expect.objectContaining({ id: poison.id, attempts: 4 })]);

        broken = false;
        expect(await replayParked(parked, [subscription])).toEqual({
          replayed: [{ id: poison.id, group }],
          failed: [],
        });
        expect(await bodies()).toEqual(['after', 'poison']);
        expect(await parked.list()).toEqual([]);

        // A replay that died between the handler and the removal leaves the row: the next replay removes it, and
        // the inbox keeps the event applied once.
        await parked.park({ group, message: poison, error: new Error('again'), attempts: 3 });
        expect(await replayParked(parked, [subscription])).toEqual({
          replayed: [{ id: poison.id, group }],
          failed: [],
        });
        expect(await replayParked(parked, [subscription])).toEqual({ replayed: [], failed: [] });
        expect(await bodies()).toEqual(['after', 'poison']);
        expect(await parked.list()).toEqual([]);
      },
      setup.timeoutMs,
    );
  });

  describe('the outbox survives a kill between commit and publish', () => {
    const killCase = async (target: { mode: 'pg'; url: string } | { mode: 'pglite'; dataDir: string }) => {
      const schema = uniqueSchema();
      const topic = uniqueName('kill');
      const eventId = randomUUID();
      const key = `note-${randomUUID().slice(0, 8)}`;
      const openDb = () =>
        target.mode === 'pg'
          ? Promise.resolve(createPgDb({ connectionString: target.url, max: 2 }))
          : createPgliteDb({ dataDir: target.dataDir });

      // PGlite is one process's database: the parent holds it only while the child is not running.
      const before = await openDb();
      await migrate(before, schema, [
        { id: '0001_notes', sql: `CREATE TABLE ${schema}.notes (id text PRIMARY KEY, body text NOT NULL)` },
        outboxMigration(schema),
        inboxMigration(schema),
      ]);
      await before.close();

      const signal = await runWriterAndKill([
        target.mode,
        target.mode === 'pg' ? target.url : target.dataDir,
        schema,
        topic,
        eventId,
        key,
      ]);
      expect(signal).toBe('SIGKILL');

      const db = await openDb();
      const bus = await open();
      const relay = createOutboxRelay({ db, schema, bus, logger: silent, pollIntervalMs: 50 });
      try {
        expect((await db.query(`SELECT body FROM ${schema}.notes WHERE id = $1`, [key])).rows).toEqual([
          { body: 'written before the kill' },
        ]);
        const pending = await db.query(`SELECT id FROM ${schema}.outbox WHERE published_at IS NULL`);
        expect(pending.rows).toEqual([{ id: eventId }]);

        const received: BusMessage[] = [];
        await bus.subscribe({
          group: uniqueName('g'),
          topics: [topic],
          handler: async (m) => void received.push(m),
        });
        relay.start();
        await eventually(() => received.length >= 1, setup.timeoutMs, 'the event written before the kill');
        expect(await relay.flush()).toBe(0);
        await pause(setup.quietMs);
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({ id: eventId, topic, key, type: 'vellum.test.v1.NoteWritten' });
        expect(text(received[0]!)).toBe(key);
        const published = await db.query(`SELECT id FROM ${schema}.outbox WHERE published_at IS NOT NULL`);
        expect(published.rows).toEqual([{ id: eventId }]);
      } finally {
        await relay.stop();
        await db.close();
      }
    };

    it(
      'on PGlite with a data directory',
      async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'vellum-outbox-kill-'));
        try {
          await killCase({ mode: 'pglite', dataDir });
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
      setup.timeoutMs + 60_000,
    );

    describeWithServer('DATABASE_URL', 'on Postgres', (url) => {
      it(
        'delivers the committed event exactly once',
        () => killCase({ mode: 'pg', url }),
        setup.timeoutMs + 30_000,
      );
    });
  });
}

/** Runs the writer, SIGKILLs it as soon as it reports the commit, and resolves with the signal it died of. */
function runWriterAndKill(args: string[]): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'fixtures/outbox-writer.cjs'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('committed\n')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(signal);
      else reject(new Error(`writer exited with code ${code} before committing:\n${stderr}`));
    });
  });
}
