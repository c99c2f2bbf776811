import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { migrate } from '../../src/db/migrate';
import { createPgliteDb } from '@vellum/platform-pglite';
import { pgBusOffsets } from '../../src/events/bus-offsets';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { idempotent, inboxMigration } from '../../src/events/inbox';
import { appendOutbox, createOutboxRelay, outboxMigration } from '../../src/events/outbox';
import { preloadFromOutboxes } from '../../src/events/outbox-log';
import type { BusMessage } from '../../src/events/types';
import { eventually } from '@vellum/platform/test-support';
import { collector, expectPerKeyOrder, message, uniqueName } from './bus.contract';

const silent = pino({ level: 'silent' });
const SCHEMA = 'durable_log';
/** The ids, sorted: partitions interleave freely, so a group's whole list is compared as a set. */
const ids = (list: BusMessage[]) => list.map((m) => m.id).sort();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded mode's wiring on one data folder: outbox rows kept as the log, preloaded, offsets saved. */
async function openEmbedded(dataDir: string, offsetsSaveIntervalMs = 50) {
  const db = await createPgliteDb({ dataDir });
  await migrate(db, SCHEMA, [outboxMigration(SCHEMA), inboxMigration(SCHEMA)]);
  const bus = createInProcessBus({
    awaitDelivery: true,
    offsets: await pgBusOffsets(db),
    offsetsSaveIntervalMs,
    logger: silent,
  });
  const preloaded = await preloadFromOutboxes(db, [SCHEMA], bus);
  const relay = createOutboxRelay({
    db,
    schema: SCHEMA,
    bus,
    logger: silent,
    publishOutsideTransaction: true,
    retentionMs: Infinity,
  });
  const write = async (messages: BusMessage[]) => {
    await db.transaction((tx) => appendOutbox(tx, SCHEMA, messages));
    // awaitDelivery: resolves once every subscribed group has handled them.
    await relay.flush();
  };
  return { db, bus, relay, preloaded, write };
}

describe('the embedded event log (outbox rows kept, preloaded, offsets saved)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vellum-durable-log-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives a group added after a restart every earlier event, and an old group only the new ones', async () => {
    const topic = uniqueName('durable');
    const keys = ['k1', 'k2', 'k3', 'k4'];
    const earlier = Array.from({ length: 40 }, (_, i) => message(topic, keys[i % 4]!, `${i}`));

    const first = await openEmbedded(dataDir);
    const old1 = collector('old', topic);
    await first.bus.subscribe(old1.subscription);
    for (let i = 0; i < 40; i += 10) await first.write(earlier.slice(i, i + 10));
    expect(ids(old1.received)).toEqual(ids(earlier));
    // Kept forever: the cleanup deletes nothing.
    expect(await first.relay.cleanup()).toBe(0);
    await first.relay.stop();
    await first.bus.close();
    await first.db.close();

    const second = await openEmbedded(dataDir);
    expect(second.preloaded).toBe(40);
    const old2 = collector('old', topic);
    const added = collector('added', topic);
    await second.bus.subscribe(old2.subscription);
    await second.bus.subscribe(added.subscription);
    const later = Array.from({ length: 8 }, (_, i) => message(topic, keys[i % 4]!, `later-${i}`));
    await second.write(later);
    await eventually(() => added.received.length >= 48, 20_000, 'the added group to read the whole log');
    await pause(200);
    try {
      expect(added.received).toHaveLength(48);
      expectPerKeyOrder(added.received, [...earlier, ...later]);
      expect(ids(old2.received)).toEqual(ids(later));
      const { rows } = await second.db.query<{ group_name: string; total: string }>(
        `SELECT group_name, sum(next_offset)::text AS total FROM platform.bus_offsets GROUP BY group_name ORDER BY 1`,
      );
      expect(rows).toEqual([
        { group_name: 'added', total: '48' },
        { group_name: 'old', total: '48' },
      ]);
    } finally {
      await second.relay.stop();
      await second.bus.close();
      await second.db.close();
    }
  }, 60_000);

  it('after a crash before the offsets were saved, redelivers to the inbox, which applies nothing twice', async () => {
    const topic = uniqueName('crash');
    const applied: string[] = [];
    const subscribe = async (env: Awaited<ReturnType<typeof openEmbedded>>) => {
      const deliveries: string[] = [];
      const apply = idempotent({
        db: env.db,
        schema: SCHEMA,
        consumer: 'counter',
        apply: async (_tx, m) => void applied.push(m.id),
      });
      await env.bus.subscribe({
        group: 'counter',
        topics: [topic],
        handler: async (m) => {
          deliveries.push(m.id);
          await apply(m);
        },
      });
      return deliveries;
    };
    const sent = Array.from({ length: 12 }, (_, i) => message(topic, `k${i % 3}`, `${i}`));

    // Offsets saved only after an hour: none are saved before the "crash".
    const first = await openEmbedded(dataDir, 3_600_000);
    await subscribe(first);
    await first.write(sent);
    await first.relay.stop();
    await first.db.close(); // the bus is never closed: its offsets are lost, as in a crash
    await first.bus.close();

    const second = await openEmbedded(dataDir);
    try {
      const deliveries = await subscribe(second);
      const next = message(topic, 'k0', 'next');
      await second.write([next]);
      await eventually(() => deliveries.length >= 13, 20_000, 'the redelivery from the first offset');
      expect([...applied].sort()).toEqual(ids([...sent, next]));
    } finally {
      await second.relay.stop();
      await second.bus.close();
      await second.db.close();
    }
  }, 60_000);

  it('refuses to preload a topic published from two schemas', async () => {
    const db = await createPgliteDb();
    const topic = uniqueName('two-producers');
    try {
      for (const schema of ['producer_a', 'producer_b']) {
        await migrate(db, schema, [outboxMigration(schema)]);
        await db.transaction((tx) => appendOutbox(tx, schema, [message(topic, 'k', schema)]));
        await db.query(`UPDATE ${schema}.outbox SET published_at = now()`);
      }
      const bus = createInProcessBus({ logger: silent });
      await expect(preloadFromOutboxes(db, ['producer_a', 'producer_b'], bus)).rejects.toThrow(
        `Topic ${topic} is published from both producer_a and producer_b`,
      );
      await bus.close();
    } finally {
      await db.close();
    }
  });
});
