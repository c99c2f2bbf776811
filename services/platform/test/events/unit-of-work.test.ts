import { randomUUID } from 'node:crypto';
import { createPgliteDb } from '@vellum/platform-pglite';
import { CirrusVerifiedSchema } from '@vellum/proto';
import type { Db, Tx } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { eventEmitter } from '../../src/events/event-emitter';
import { appendOutbox, outboxMigration } from '../../src/events/outbox';
import type { BusMessage } from '../../src/events/types';
import {
  outboxUnitOfWork,
  postgresUnitOfWork,
  singleWriteUnitOfWork,
  UncarriedEventsError,
  type PendingEvents,
} from '../../src/events/unit-of-work';

const emit = eventEmitter({ producer: 'test', topic: 'test.unit.v1' });
const at = new Date('2026-03-01T10:00:00Z');

describe('a unit of work on Postgres: one transaction', () => {
  let db: Db;
  const schema = `uow_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let wakes = 0;

  /** A store whose write inserts a note and appends the events it takes, in the unit's transaction. */
  const notes = (tx: Tx, pending: PendingEvents) => ({
    async add(text: string) {
      const events = pending.take();
      await tx.query(`INSERT INTO ${schema}.notes (text) VALUES ($1)`, [text]);
      await appendOutbox(tx, schema, events);
    },
  });
  const unitOfWork = () =>
    postgresUnitOfWork({ db, stores: (tx, p) => ({ notes: notes(tx, p) }), wakeOutbox: () => wakes++ });
  const count = async (table: string) =>
    Number((await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${schema}.${table}`)).rows[0]!.n);

  beforeAll(async () => {
    db = await createPgliteDb();
    await migrate(db, schema, [
      { id: '0001_notes', sql: `CREATE TABLE ${schema}.notes (text text NOT NULL)` },
      outboxMigration(schema),
    ]);
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(() => void (wakes = 0));

  it('stores the write and the events emitted into it together, and wakes the relay once', async () => {
    const id = await unitOfWork()(async (unit) => {
      const eventId = await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'hello' }, at);
      await unit.notes.add('hello');
      return eventId;
    });
    expect(typeof id).toBe('string');
    expect(await count('notes')).toBe(1);
    expect((await db.query<{ id: string }>(`SELECT id FROM ${schema}.outbox`)).rows.map((r) => r.id)).toEqual(
      [id],
    );
    expect(wakes).toBe(1);
  });

  it('rolls back the write and its events when the work throws after writing', async () => {
    const [notesBefore, outboxBefore] = [await count('notes'), await count('outbox')];
    await expect(
      unitOfWork()(async (unit) => {
        await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'lost' }, at);
        await unit.notes.add('lost');
        throw new Error('a rule failed after the write');
      }),
    ).rejects.toThrow('a rule failed');
    expect([await count('notes'), await count('outbox')]).toEqual([notesBefore, outboxBefore]);
    expect(wakes).toBe(0);
  });

  it('refuses, rolling back, a unit whose events no write took', async () => {
    const [notesBefore, outboxBefore] = [await count('notes'), await count('outbox')];
    await expect(
      unitOfWork()(async (unit) => {
        await unit.notes.add('first');
        await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'after the write' }, at);
      }),
    ).rejects.toThrow(UncarriedEventsError);
    expect([await count('notes'), await count('outbox')]).toEqual([notesBefore, outboxBefore]);
  });

  it('wakes nothing for a unit that carried no event', async () => {
    await unitOfWork()((unit) => unit.notes.add('quiet'));
    expect(wakes).toBe(0);
  });
});

describe('a unit of work on Postgres over a transaction (outboxUnitOfWork)', () => {
  let db: Db;
  const schema = `uowtx_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let wakes = 0;
  const unitOfWork = () => outboxUnitOfWork({ db, schema, wakeOutbox: () => wakes++ });
  const rows = async () =>
    (
      await db.query<{ id: string; text: string | null }>(
        `SELECT o.id, n.text FROM ${schema}.outbox o LEFT JOIN ${schema}.notes n ON n.text = o.key ORDER BY o.seq`,
      )
    ).rows;

  beforeAll(async () => {
    db = await createPgliteDb();
    await migrate(db, schema, [
      { id: '0001_notes', sql: `CREATE TABLE ${schema}.notes (text text NOT NULL)` },
      outboxMigration(schema),
    ]);
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(() => void (wakes = 0));

  it("appends the unit's events to the outbox, in order, in the transaction of its writes", async () => {
    const ids = await unitOfWork()(async ({ tx, publish }) => {
      await tx.query(`INSERT INTO ${schema}.notes (text) VALUES ('k1'), ('k2')`);
      const first = await emit(
        { publish },
        'k1',
        CirrusVerifiedSchema,
        { cirrusId: 'c', username: 'one' },
        at,
      );
      const second = await emit(
        { publish },
        'k2',
        CirrusVerifiedSchema,
        { cirrusId: 'c', username: 'two' },
        at,
      );
      return [first, second];
    });
    expect(await rows()).toEqual([
      { id: ids[0], text: 'k1' },
      { id: ids[1], text: 'k2' },
    ]);
    expect(wakes).toBe(1);
  });

  it('keeps neither the writes nor the events when the work throws', async () => {
    const before = await rows();
    await expect(
      unitOfWork()(async (unit) => {
        await unit.tx.query(`INSERT INTO ${schema}.notes (text) VALUES ('k3')`);
        await emit(unit, 'k3', CirrusVerifiedSchema, { cirrusId: 'c', username: 'lost' }, at);
        throw new Error('a rule failed after the write');
      }),
    ).rejects.toThrow('a rule failed');
    expect(await rows()).toEqual(before);
    expect(
      Number((await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${schema}.notes`)).rows[0]!.n),
    ).toBe(2);
    expect(wakes).toBe(0);
  });

  it('wakes nothing for a unit that published no event', async () => {
    await unitOfWork()((unit) => unit.tx.query(`INSERT INTO ${schema}.notes (text) VALUES ('quiet')`));
    expect(wakes).toBe(0);
  });
});

describe('a unit of work of one document (a store without transactions)', () => {
  /** A store whose one write keeps the document with the events it takes, or refuses and drops them. */
  function documents() {
    const stored: Array<{ text: string; events: BusMessage[] }> = [];
    let wakes = 0;
    const unitOfWork = singleWriteUnitOfWork({
      stores: (pending) => ({
        docs: {
          async insert(text: string, accept = true) {
            const events = pending.take();
            if (accept) stored.push({ text, events });
            return accept;
          },
        },
      }),
      wakeOutbox: () => wakes++,
    });
    return { unitOfWork, stored, wakes: () => wakes };
  }

  it('puts the events on the document its write inserts', async () => {
    const d = documents();
    await d.unitOfWork(async (unit) => {
      await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'one' }, at);
      await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'two' }, at);
      return unit.docs.insert('doc');
    });
    expect(d.stored.map((s) => [s.text, s.events.length])).toEqual([['doc', 2]]);
    expect(d.wakes()).toBe(1);
  });

  it('drops the events of a write that writes nothing (a stale version), without an error', async () => {
    const d = documents();
    const accepted = await d.unitOfWork(async (unit) => {
      await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'stale' }, at);
      return unit.docs.insert('doc', false);
    });
    expect(accepted).toBe(false);
    expect(d.stored).toEqual([]);
  });

  it('refuses events that no write took', async () => {
    const d = documents();
    await expect(
      d.unitOfWork(async (unit) => {
        await emit(unit, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'orphan' }, at);
      }),
    ).rejects.toThrow(UncarriedEventsError);
    expect(d.wakes()).toBe(0);
  });
});

describe('eventEmitter', () => {
  it('refuses to write into a transaction without its outbox schema', async () => {
    const tx = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Tx;
    await expect(emit(tx, 'a', CirrusVerifiedSchema, { cirrusId: 'c', username: 'x' }, at)).rejects.toThrow(
      /no outbox schema/,
    );
  });
});
