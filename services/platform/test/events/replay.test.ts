import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { CirrusCreatedSchema, CirrusProfileChangedSchema } from '@vellum/proto';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createPgliteDb } from '@vellum/platform-pglite';
import { eventMessage } from '../../src/events/append-event';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { inboxMigration } from '../../src/events/inbox';
import { createKafkaBus } from '@vellum/platform-kafka';
import { kafkaLog } from '@vellum/platform-kafka';
import { appendOutbox, createOutboxRelay, outboxMigration } from '../../src/events/outbox';
import { outboxLog, type EventLog } from '../../src/events/outbox-log';
import { parkedEventsMigrations } from '../../src/events/parked';
import { onEvent, projection } from '../../src/events/projection';
import { NotReplayableError, replayProjections } from '../../src/events/replay';
import type { BusMessage, EventBus, Subscription } from '../../src/events/types';
import { describeWithServer, eventually } from '@vellum/platform/test-support';
import { uniqueName } from './bus.contract';

const silent = pino({ level: 'silent' });
const SRC = 'replay_src';
const SVC = 'replay_svc';

/** Created and renamed cirri: each change bumps `changes`, so an event applied twice or skipped shows. */
function namesProjection(db: Db, topic: string): Subscription {
  return projection({
    db,
    schema: SVC,
    group: uniqueName('names'),
    consumer: 'names',
    topics: [topic],
    owns: ['names'],
    on: [
      onEvent(CirrusCreatedSchema, async (tx, e) => {
        await tx.query(`INSERT INTO ${SVC}.names (id, username, changes) VALUES ($1, $2, 1)`, [
          e.cirrusId,
          e.username,
        ]);
      }),
      onEvent(CirrusProfileChangedSchema, async (tx, e) => {
        await tx.query(`UPDATE ${SVC}.names SET username = $2, changes = changes + 1 WHERE id = $1`, [
          e.cirrusId,
          e.username,
        ]);
      }),
    ],
  });
}

/** 10 cirri, each created then renamed 5 times: 60 events, keyed by cirrus. */
function history(topic: string): BusMessage[] {
  const messages: BusMessage[] = [];
  const ids = Array.from({ length: 10 }, () => randomUUID());
  const at = new Date('2026-01-01T00:00:00Z');
  for (const [n, cirrusId] of ids.entries()) {
    messages.push(
      eventMessage('identity', {
        topic,
        aggregateId: cirrusId,
        payloadSchema: CirrusCreatedSchema,
        payload: { cirrusId, username: `c${n}`, displayName: `C ${n}` },
        occurredAt: at,
      }),
    );
  }
  for (let round = 1; round <= 5; round++) {
    for (const [n, cirrusId] of ids.entries()) {
      messages.push(
        eventMessage('identity', {
          topic,
          aggregateId: cirrusId,
          payloadSchema: CirrusProfileChangedSchema,
          payload: { cirrusId, username: `c${n}-r${round}`, displayName: `C ${n}` },
          occurredAt: at,
        }),
      );
    }
  }
  return messages;
}

async function prepare(db: Db): Promise<void> {
  await migrate(db, SRC, [outboxMigration(SRC)]);
  await migrate(db, SVC, [
    inboxMigration(SVC),
    ...parkedEventsMigrations(SVC),
    {
      id: '0001_tables',
      sql: `CREATE TABLE ${SVC}.names (id uuid PRIMARY KEY, username text NOT NULL, changes integer NOT NULL);
            CREATE TABLE ${SVC}.others (id integer PRIMARY KEY)`,
    },
  ]);
}

const snapshot = async (db: Db) => ({
  names: (await db.query(`SELECT id, username, changes FROM ${SVC}.names ORDER BY id`)).rows,
  inbox: (
    await db.query(`SELECT consumer, count(*)::int AS n FROM ${SVC}.inbox GROUP BY consumer ORDER BY 1`)
  ).rows,
  others: (await db.query(`SELECT id FROM ${SVC}.others ORDER BY id`)).rows,
});

/**
 * Builds the read model live through `bus`, then replays it twice from `log`: the same tables each time. Another
 * consumer's table and inbox rows, and a reaction, are left alone.
 */
async function liveThenReplay(
  db: Db,
  bus: EventBus,
  log: EventLog,
  topic: string,
  publish: () => Promise<void>,
) {
  const names = namesProjection(db, topic);
  let reactions = 0;
  const reaction: Subscription = {
    group: uniqueName('mailer'),
    topics: [topic],
    handler: async () => void reactions++,
    reaction: true,
  };
  await db.query(`INSERT INTO ${SVC}.others (id) VALUES (1), (2)`);
  await db.query(`INSERT INTO ${SVC}.inbox (consumer, event_id) VALUES ('others', $1)`, [randomUUID()]);
  await bus.subscribe(names);
  await bus.subscribe(reaction);
  await publish();
  await eventually(
    async () => (await db.query(`SELECT 1 FROM ${SVC}.inbox WHERE consumer = 'names'`)).rowCount >= 60,
    60_000,
    'the live read model',
  );
  await eventually(() => reactions >= 60, 30_000, 'the reactions');
  await bus.close();
  const live = await snapshot(db);
  expect(live.names).toHaveLength(10);
  expect(live.names.every((row) => row.changes === 6 && String(row.username).endsWith('-r5'))).toBe(true);
  expect(live.inbox).toEqual([
    { consumer: 'names', n: 60 },
    { consumer: 'others', n: 1 },
  ]);

  for (let run = 1; run <= 2; run++) {
    const report = await replayProjections({ subscriptions: [reaction, names], log, logger: silent });
    expect(report.projections).toEqual([{ group: names.group, topics: [topic], events: 60, parked: 0 }]);
    expect(await snapshot(db)).toEqual(live);
  }
  expect(reactions).toBe(60);
}

describe('replayProjections', () => {
  it('rebuilds a projection from the embedded outbox log: the same tables as live, run after run', async () => {
    const db = await createPgliteDb();
    try {
      await prepare(db);
      const topic = uniqueName('replay');
      const bus = createInProcessBus({ awaitDelivery: true, logger: silent });
      const relay = createOutboxRelay({
        db,
        schema: SRC,
        bus,
        logger: silent,
        publishOutsideTransaction: true,
        retentionMs: Infinity,
      });
      const publish = async () => {
        const messages = history(topic);
        for (let i = 0; i < messages.length; i += 15) {
          await db.transaction((tx) => appendOutbox(tx, SRC, messages.slice(i, i + 15)));
          await relay.flush();
        }
      };
      await liveThenReplay(db, bus, outboxLog(db, [SRC, SVC]), topic, publish);
    } finally {
      await db.close();
    }
  }, 90_000);

  it('refuses, changing nothing, when a subscription is neither a projection nor a declared reaction', async () => {
    const db = await createPgliteDb();
    try {
      await prepare(db);
      const topic = uniqueName('refuse');
      const names = namesProjection(db, topic);
      await db.query(`INSERT INTO ${SVC}.names (id, username, changes) VALUES ($1, 'kept', 1)`, [
        randomUUID(),
      ]);
      const before = await snapshot(db);
      const handled: string[] = [];
      const undeclared: Subscription = {
        group: 'sockets',
        topics: [topic],
        handler: async (m) => void handled.push(m.id),
      };
      await db.transaction((tx) => appendOutbox(tx, SRC, history(topic)));
      await db.query(`UPDATE ${SRC}.outbox SET published_at = now()`);
      const replay = replayProjections({
        subscriptions: [names, undeclared],
        log: outboxLog(db, [SRC]),
        logger: silent,
      });
      await expect(replay).rejects.toThrow(NotReplayableError);
      await expect(replay).rejects.toThrow(
        `cannot replay: sockets (${topic}): no reset and not declared a reaction; nothing was changed`,
      );
      expect(await snapshot(db)).toEqual(before);
      expect(handled).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('stops at the end of the log seen when it started', async () => {
    const db = await createPgliteDb();
    try {
      await prepare(db);
      const topic = uniqueName('end');
      const [first, second] = history(topic);
      await db.transaction((tx) => appendOutbox(tx, SRC, [first!]));
      await db.query(`UPDATE ${SRC}.outbox SET published_at = now()`);
      const seen: string[] = [];
      await outboxLog(db, [SRC]).read([topic], async (m) => {
        seen.push(m.id);
        // Published while the read is under way: the live consumers' part, not this read's.
        await db.transaction((tx) => appendOutbox(tx, SRC, [second!]));
        await db.query(`UPDATE ${SRC}.outbox SET published_at = now() WHERE published_at IS NULL`);
      });
      expect(seen).toEqual([first!.id]);
    } finally {
      await db.close();
    }
  });
});

describeWithServer('KAFKA_BROKERS', 'replayProjections from Kafka', (brokers) => {
  it('rebuilds a projection from the topics up to their high-water marks, run after run', async () => {
    const db = await createPgliteDb();
    const bus = createKafkaBus({ brokers, clientId: uniqueName('client'), logger: silent });
    try {
      await prepare(db);
      const topic = uniqueName('replay');
      const log = kafkaLog({ brokers, clientId: uniqueName('replay'), logger: silent });
      await liveThenReplay(db, bus, log, topic, () => bus.publish(history(topic)));
    } finally {
      await bus.close();
      await db.close();
    }
  }, 120_000);
});
