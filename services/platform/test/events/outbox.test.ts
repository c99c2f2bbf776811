import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { appendOutbox, createOutboxRelay, outboxMigration } from '../../src/events/outbox';
import type { BusMessage, EventBus } from '../../src/events/types';
import { describeWithServer, eventually } from '@vellum/platform/test-support';
import { message, text, uniqueName } from './bus.contract';

const silent = pino({ level: 'silent' });
const uniqueSchema = () => `ob_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** A bus that records every publish call and can be told to fail or to take its time. */
function recordingBus() {
  const calls: BusMessage[][] = [];
  const state = { failWith: undefined as Error | undefined, delayMs: 0 };
  const bus: EventBus = {
    async publish(messages) {
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.failWith) throw state.failWith;
      calls.push([...messages]);
    },
    subscribe: async () => undefined,
    ping: async () => true,
    close: async () => undefined,
  };
  return { bus, calls, state, published: () => calls.flat().map(text) };
}

function describeOutbox(open: () => Promise<Db>, openAnother: (first: Db) => Promise<Db>) {
  let db: Db;
  let schema: string;
  let topic: string;

  beforeAll(async () => {
    db = await open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  }, 30_000);
  beforeEach(async () => {
    schema = uniqueSchema();
    topic = uniqueName('outbox');
    await migrate(db, schema, [outboxMigration(schema)]);
  });

  const write = (...texts: string[]) =>
    db.transaction((tx) =>
      appendOutbox(
        tx,
        schema,
        texts.map((t) => message(topic, `key-${t.length % 3}`, t)),
      ),
    );

  it('publishes pending rows in seq order, one publish call per batch', async () => {
    for (let i = 0; i < 7; i++) await write(`m${i}`);
    const { bus, calls, published } = recordingBus();
    const relay = createOutboxRelay({ db, schema, bus, logger: silent, batchSize: 3 });
    expect(await relay.flush()).toBe(7);
    expect(calls.map((call) => call.length)).toEqual([3, 3, 1]);
    expect(published()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(await relay.flush()).toBe(0);
    const { rows } = await db.query(`SELECT count(*) AS n FROM ${schema}.outbox WHERE published_at IS NULL`);
    expect(rows).toEqual([{ n: '0' }]);
  });

  it('publishes nothing of a rolled-back transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await appendOutbox(tx, schema, [message(topic, 'k', 'never')]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { bus, calls } = recordingBus();
    expect(await createOutboxRelay({ db, schema, bus, logger: silent }).flush()).toBe(0);
    expect(calls).toEqual([]);
  });

  it('records a failed publish on the rows and publishes them once the bus is back', async () => {
    await write('a', 'b');
    const { bus, state, published } = recordingBus();
    const relay = createOutboxRelay({ db, schema, bus, logger: silent });
    state.failWith = new Error('broker unavailable');
    await expect(relay.flush()).rejects.toThrow('broker unavailable');
    await expect(relay.flush()).rejects.toThrow('broker unavailable');
    const failed = await db.query(
      `SELECT attempts, last_error, published_at FROM ${schema}.outbox ORDER BY seq`,
    );
    expect(failed.rows).toEqual([
      { attempts: 2, last_error: 'Error: broker unavailable', published_at: null },
      { attempts: 2, last_error: 'Error: broker unavailable', published_at: null },
    ]);
    state.failWith = undefined;
    expect(await relay.flush()).toBe(2);
    expect(published()).toEqual(['a', 'b']);
    const done = await db.query(
      `SELECT attempts, last_error FROM ${schema}.outbox WHERE published_at IS NOT NULL`,
    );
    expect(done.rows).toEqual([
      { attempts: 3, last_error: null },
      { attempts: 3, last_error: null },
    ]);
  });

  it('publishes right after wake() without waiting for the next poll', async () => {
    const { bus, published } = recordingBus();
    const relay = createOutboxRelay({ db, schema, bus, logger: silent, pollIntervalMs: 60_000 });
    relay.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await write('woken');
      relay.wake();
      await eventually(() => published().includes('woken'), 5_000, 'the woken publish');
    } finally {
      await relay.stop();
    }
  });

  it('stop() lets the batch in progress finish and then stops', async () => {
    await write('in-flight');
    const { bus, state, published } = recordingBus();
    state.delayMs = 300;
    const relay = createOutboxRelay({ db, schema, bus, logger: silent, pollIntervalMs: 20 });
    relay.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await relay.stop();
    expect(published()).toEqual(['in-flight']);
    const { rows } = await db.query(`SELECT count(*) AS n FROM ${schema}.outbox WHERE published_at IS NULL`);
    expect(rows).toEqual([{ n: '0' }]);
    await write('after-stop');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published()).toEqual(['in-flight']);
  });

  it('deletes published rows past the retention, never pending ones', async () => {
    await write('old-1', 'old-2');
    const { bus } = recordingBus();
    const relay = createOutboxRelay({ db, schema, bus, logger: silent, retentionMs: 0 });
    await relay.flush();
    await write('pending');
    expect(await relay.cleanup()).toBe(2);
    const { rows } = await db.query<{ value: Uint8Array }>(`SELECT value FROM ${schema}.outbox`);
    expect(rows.map((row) => new TextDecoder().decode(row.value))).toEqual(['pending']);
    const keep = createOutboxRelay({ db, schema, bus, logger: silent });
    await keep.flush();
    expect(await keep.cleanup()).toBe(0);
  });

  it('lets two relays of one schema publish every row once, in order', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `r${i}`);
    for (let i = 0; i < texts.length; i += 50) await write(...texts.slice(i, i + 50));
    const other = await openAnother(db);
    const first = recordingBus();
    const second = recordingBus();
    try {
      const relays = [
        createOutboxRelay({ db, schema, bus: first.bus, logger: silent, batchSize: 20 }),
        createOutboxRelay({ db: other, schema, bus: second.bus, logger: silent, batchSize: 20 }),
      ];
      await Promise.all(relays.map((relay) => relay.flush()));
      await relays[0]!.flush();
    } finally {
      if (other !== db) await other.close();
    }
    const all = [...first.published(), ...second.published()];
    expect([...all].sort()).toEqual([...texts].sort());
    // Each relay's batches are consecutive runs of seq: no batch of one overtakes a batch of the other.
    const batches = [...first.calls, ...second.calls].map((call) => call.map(text));
    batches.sort((a, b) => texts.indexOf(a[0]!) - texts.indexOf(b[0]!));
    expect(batches.flat()).toEqual(texts);
  });

  it('feeds the in-process bus end to end', async () => {
    const bus = createInProcessBus({ logger: silent });
    const received: string[] = [];
    await bus.subscribe({ group: 'g', topics: [topic], handler: async (m) => void received.push(text(m)) });
    const relay = createOutboxRelay({ db, schema, bus, logger: silent, pollIntervalMs: 20 });
    relay.start();
    try {
      await write('e2e-1', 'e2e-2');
      await eventually(() => received.length === 2, 5_000, 'both events');
      expect(received).toEqual(['e2e-1', 'e2e-2']);
    } finally {
      await relay.stop();
      await bus.close();
    }
  });
}

describe('outbox on PGlite', () => {
  describeOutbox(
    () => createPgliteDb(),
    async (first) => first,
  );
});

describeWithServer('DATABASE_URL', 'outbox on Postgres', (url) => {
  describeOutbox(
    async () => createPgDb({ connectionString: url, max: 4 }),
    async () => createPgDb({ connectionString: url, max: 2 }),
  );
});
