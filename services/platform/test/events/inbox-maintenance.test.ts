import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { defaultInboxRetentionMs, inboxMigration, pruneInbox } from '../../src/events/inbox';
import { inboxUpkeep } from '../../src/events/inbox-upkeep';
import { outboxMigration } from '../../src/events/outbox';
import { parkedEventsMigrations } from '../../src/events/parked';
import { projection } from '../../src/events/projection';
import { describeWithServer, eventually } from '@vellum/platform/test-support';
import { message, text, uniqueName } from './bus.contract';

const silent = pino({ level: 'silent' });
const uniqueSchema = () => `ib_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const DAY = 86_400_000;

function describeInboxMaintenance(open: () => Promise<Db>) {
  let db: Db;
  let schema: string;

  beforeAll(async () => {
    db = await open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  }, 30_000);
  beforeEach(async () => {
    schema = uniqueSchema();
    await migrate(db, schema, [
      outboxMigration(schema),
      inboxMigration(schema),
      ...parkedEventsMigrations(schema),
    ]);
  });

  /** Inbox rows processed `daysAgo` days before now; returns their event ids. */
  const processed = async (daysAgo: number, count = 1, consumer = 'projection') => {
    const ids = Array.from({ length: count }, () => randomUUID());
    for (const id of ids) {
      await db.query(
        `INSERT INTO ${schema}.inbox (consumer, event_id, processed_at)
           VALUES ($1, $2, now() - $3::double precision * interval '1 day')`,
        [consumer, id, daysAgo],
      );
    }
    return ids;
  };
  const inboxIds = async () =>
    (await db.query<{ event_id: string }>(`SELECT event_id FROM ${schema}.inbox ORDER BY event_id`)).rows.map(
      (row) => row.event_id,
    );

  describe('pruneInbox', () => {
    it('deletes only the rows older than the retention, of every consumer', async () => {
      const old = [...(await processed(20, 2)), ...(await processed(15, 1, 'other'))];
      const kept = [...(await processed(13)), ...(await processed(1, 1, 'other')), ...(await processed(0))];
      expect(defaultInboxRetentionMs).toBe(14 * DAY);
      expect(await pruneInbox(db, schema)).toBe(old.length);
      expect(await inboxIds()).toEqual([...kept].sort());
      expect(await pruneInbox(db, schema)).toBe(0);
    });

    it('counts from the newest row, so time without any event processed does not age the rows', async () => {
      const older = await processed(40);
      const kept = [...(await processed(30)), ...(await processed(20))];
      // The newest row is 20 days old: only what is 14 days older than it goes.
      expect(await pruneInbox(db, schema)).toBe(1);
      expect(await inboxIds()).toEqual([...kept].sort());
      expect(older).toHaveLength(1);
    });

    it('deletes in batches, at most maxBatches per call', async () => {
      await processed(30, 5);
      const fresh = await processed(0);
      expect(await pruneInbox(db, schema, { batchSize: 2, maxBatches: 1 })).toBe(2);
      expect(await pruneInbox(db, schema, { batchSize: 2 })).toBe(3);
      expect(await inboxIds()).toEqual(fresh);
    });

    it('honours a shorter retention', async () => {
      await processed(3);
      const fresh = await processed(0);
      expect(await pruneInbox(db, schema, { retentionMs: 2 * DAY })).toBe(1);
      expect(await inboxIds()).toEqual(fresh);
    });
  });

  describe('the inbox upkeep worker', () => {
    it('prunes the inbox of its schema every interval, with no outbox in the schema', async () => {
      const consumer = uniqueSchema();
      await migrate(db, consumer, [inboxMigration(consumer)]);
      const own = (daysAgo: number) =>
        db.query(
          `INSERT INTO ${consumer}.inbox (consumer, event_id, processed_at)
             VALUES ('p', $1, now() - $2::double precision * interval '1 day')`,
          [randomUUID(), daysAgo],
        );
      for (const daysAgo of [30, 30, 30, 0]) await own(daysAgo);
      const worker = inboxUpkeep({ db, schema: consumer, logger: silent, intervalMs: 20 });
      expect(worker.name).toBe(`inbox-upkeep:${consumer}`);
      worker.start();
      const count = async () =>
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${consumer}.inbox`)).rows[0]!.n;
      try {
        await eventually(async () => (await count()) === 1, 5_000, 'the pruning');
        // Old rows arriving later go at the next interval.
        await own(30);
        await eventually(async () => (await count()) === 1, 5_000, 'the next pruning');
      } finally {
        await worker.stop();
      }
    });

    it('prunes nothing in a schema without an inbox, and honours its retention', async () => {
      const producer = uniqueSchema();
      await migrate(db, producer, [outboxMigration(producer)]);
      expect(await inboxUpkeep({ db, schema: producer, logger: silent }).prune()).toBe(0);
      await processed(2);
      const fresh = await processed(0);
      expect(await inboxUpkeep({ db, schema, logger: silent, retentionMs: DAY }).prune()).toBe(1);
      expect(await inboxIds()).toEqual(fresh);
    });
  });
}

describe('inbox pruning on PGlite', () => {
  describeInboxMaintenance(() => createPgliteDb());
});

describeWithServer('DATABASE_URL', 'inbox pruning on Postgres', (url) => {
  describeInboxMaintenance(async () => createPgDb({ connectionString: url, max: 4 }));
});

describe('projection()', () => {
  it('parks what keeps failing unless told not to', () => {
    const base = {
      db: {} as Db,
      schema: 'svc',
      group: 'svc',
      consumer: 'p',
      topics: ['t'],
      on: [],
      owns: [],
    };
    expect(projection(base).park).toEqual(expect.any(Function));
    expect(projection({ ...base, park: false }).park).toBeUndefined();
  });

  it('refuses a table name that is not a plain identifier before anything runs', () => {
    const base = { db: {} as Db, schema: 'svc', group: 'svc', consumer: 'p', topics: ['t'], on: [] };
    for (const table of ['a; DROP TABLE x', 'other.table', 'Names', 'x\u0000']) {
      expect(() => projection({ ...base, owns: [table] })).toThrow(`Invalid table name "${table}"`);
    }
  });
});

describe('a park that fails', () => {
  it('is logged and the partition moves on', async () => {
    const errors: string[] = [];
    const logger = pino(
      { level: 'error' },
      { write: (line: string) => void errors.push(JSON.parse(line).msg) },
    );
    const bus = createInProcessBus({ logger, retry: { initialMs: 1, maxMs: 1, maxAttempts: 2 } });
    const topic = uniqueName('park-fails');
    const handled: string[] = [];
    try {
      await bus.subscribe({
        group: 'g',
        topics: [topic],
        handler: async (m) => {
          if (text(m) === 'bad') throw new Error('always');
          handled.push(text(m));
        },
        park: async () => {
          throw new Error('no table');
        },
      });
      await bus.publish([message(topic, 'k', 'bad'), message(topic, 'k', 'good')]);
      await eventually(() => handled.includes('good'), 5_000, 'the next message');
      expect(errors).toEqual([
        'event handler kept failing; message skipped',
        'could not park the event; message skipped',
      ]);
    } finally {
      await bus.close();
    }
  });
});
