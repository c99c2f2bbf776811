import { randomUUID } from 'node:crypto';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  Topics,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import { cirriReadModel } from '../../src/db/cirri-read-model';
import type { Db, Tx } from '../../src/db/db';
import { deletedCirriTableSql } from '../../src/db/deleted-cirri';
import { migrate } from '../../src/db/migrate';
import { eventMessage } from '../../src/events/append-event';
import { inboxMigration } from '../../src/events/inbox';
import { parkedEventsMigrations } from '../../src/events/parked';
import { projection } from '../../src/events/projection';
import { describeOnEveryStore, expectReplayRebuilds } from '@vellum/platform/test-support';

const T0 = new Date('2026-03-01T10:00:00Z');

/** One of identity's events about `cirrusId`, as the bus delivers it. */
const identity = <D extends DescMessage>(
  schema: D,
  cirrusId: string,
  payload: Omit<MessageInitShape<D>, 'cirrusId'>,
  occurredAt = T0,
) =>
  eventMessage('identity', {
    topic: Topics.identityCirrus,
    aggregateId: cirrusId,
    payloadSchema: schema,
    payload: { ...payload, cirrusId } as never,
    occurredAt,
  });

/**
 * A service's table with columns of its own (names as social and analytics have them), a table of notes that
 * refers to it (removed by the service's hook), and counters the after-hooks move.
 */
async function readModelOn(db: Db) {
  const schema = `crm_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await migrate(db, schema, [
    inboxMigration(schema),
    ...parkedEventsMigrations(schema),
    {
      id: '0001_cirri',
      sql: `
        CREATE TABLE ${schema}.people (
          id uuid PRIMARY KEY,
          username text NOT NULL,
          display_name text NOT NULL DEFAULT '',
          image text NOT NULL DEFAULT '',
          email text NOT NULL DEFAULT '',
          verified boolean NOT NULL DEFAULT false,
          created timestamptz
        );
        CREATE TABLE ${schema}.notes (cirrus_id uuid NOT NULL REFERENCES ${schema}.people (id), text text NOT NULL);
        CREATE TABLE ${schema}.counts (metric text PRIMARY KEY, n integer NOT NULL);`,
    },
    { id: '0002_deleted_cirri', sql: deletedCirriTableSql(schema) },
  ]);
  const bump = (metric: string) => async (tx: Tx) =>
    void (await tx.query(
      `INSERT INTO ${schema}.counts (metric, n) VALUES ($1, 1) ON CONFLICT (metric) DO UPDATE SET n = counts.n + 1`,
      [metric],
    ));
  const model = cirriReadModel({
    schema,
    table: 'people',
    created: {
      set: (e, at) => ({
        username: e.username,
        display_name: e.displayName,
        email: e.email.toLowerCase(),
        created: at,
      }),
      after: bump('created'),
    },
    verified: {
      set: (e) => ({ username: e.username, verified: true }),
      firstSight: (e) => ({ display_name: e.username }),
      after: bump('verified'),
    },
    profileChanged: {
      set: (e) => ({ username: e.username, display_name: e.displayName, image: e.image }),
      firstSight: () => ({ verified: true }),
    },
    remembered: (caller) => ({ username: caller.username, display_name: caller.username, verified: true }),
    removeCirrus: async (tx, e) => {
      await tx.query(`DELETE FROM ${schema}.notes WHERE cirrus_id = $1`, [e.cirrusId]);
    },
  });
  const subscription = projection({
    db,
    schema,
    group: schema,
    consumer: 'people',
    topics: [Topics.identityCirrus],
    owns: ['people', 'counts', 'deleted_cirri'],
    on: model.on,
  });
  const row = async (id: string) =>
    (await db.query(`SELECT * FROM ${schema}.people WHERE id = $1`, [id])).rows[0];
  return {
    db,
    schema,
    model,
    subscription,
    row,
    counts: async () =>
      Object.fromEntries(
        (await db.query<{ metric: string; n: number }>(`SELECT metric, n FROM ${schema}.counts`)).rows.map(
          (r) => [r.metric, r.n],
        ),
      ),
    tombstoned: async (id: string) =>
      (await db.query(`SELECT 1 FROM ${schema}.deleted_cirri WHERE id = $1`, [id])).rows.length === 1,
    deliver: async (...events: ReturnType<typeof identity>[]) => {
      for (const event of events) await subscription.handler(event);
    },
    drop: () => db.query(`DROP SCHEMA ${schema} CASCADE`),
  };
}

const row = (fields: Record<string, unknown>) => ({
  display_name: '',
  image: '',
  email: '',
  verified: false,
  created: null,
  ...fields,
});

describeOnEveryStore('the cirri read model', { postgres: readModelOn }, (open) => {
  let t: Awaited<ReturnType<typeof open>>;
  beforeEach(async () => {
    t = await open();
  }, 30_000);
  afterEach(async () => {
    await t.drop();
    await t.close();
  }, 30_000);

  it("writes each event's own columns: set on any row, first-sight ones on a new row only", async () => {
    const [ann, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    const T1 = new Date('2026-03-02T08:30:00Z');
    await t.deliver(
      identity(CirrusVerifiedSchema, ann, { username: 'ann' }),
      identity(
        CirrusCreatedSchema,
        ann,
        { username: 'Ann', displayName: 'Ann A', email: 'ANN@Example.org' },
        T1,
      ),
      identity(CirrusProfileChangedSchema, ann, { username: 'ann2', displayName: 'Ann B', image: 'a.png' }),
      identity(CirrusProfileChangedSchema, bob, { username: 'bob', displayName: 'Bob', image: '' }),
      identity(CirrusCreatedSchema, cy, { username: 'cy', displayName: 'Cy', email: 'cy@example.org' }),
    );
    expect(await t.row(ann)).toEqual(
      row({
        id: ann,
        username: 'ann2',
        display_name: 'Ann B',
        image: 'a.png',
        email: 'ann@example.org',
        verified: true,
        created: T1,
      }),
    );
    expect(await t.row(bob)).toEqual(row({ id: bob, username: 'bob', display_name: 'Bob', verified: true }));
    expect(await t.row(cy)).toEqual(
      row({ id: cy, username: 'cy', display_name: 'Cy', email: 'cy@example.org', created: T0 }),
    );
    expect(await t.counts()).toEqual({ created: 2, verified: 1 });
  });

  it('remembers a signed-in caller until its events arrive, never over what they said', async () => {
    const [dee, eve] = [randomUUID(), randomUUID()];
    await t.db.transaction((tx) => t.model.remember(tx, { id: dee, username: 'dee' }));
    expect(await t.row(dee)).toEqual(row({ id: dee, username: 'dee', display_name: 'dee', verified: true }));
    await t.deliver(
      identity(CirrusCreatedSchema, dee, { username: 'Dee', displayName: 'Dee D', email: 'd@x.org' }),
    );
    await t.db.transaction((tx) => t.model.remember(tx, { id: dee, username: 'stale' }));
    expect(await t.row(dee)).toEqual(
      row({ id: dee, username: 'Dee', display_name: 'Dee D', email: 'd@x.org', verified: true, created: T0 }),
    );

    await t.deliver(
      identity(CirrusCreatedSchema, eve, { username: 'eve', displayName: 'Eve', email: 'e@x.org' }),
    );
    await t.db.transaction((tx) => t.model.remember(tx, { id: eve, username: 'someone' }));
    expect(await t.row(eve)).toEqual(
      row({ id: eve, username: 'eve', display_name: 'Eve', email: 'e@x.org', created: T0 }),
    );
  });

  it('keeps nothing of a deleted cirrus: tombstone, removal hook, row; no later event writes it again', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    await t.deliver(
      identity(CirrusCreatedSchema, ann, { username: 'ann', displayName: 'Ann', email: 'a@x.org' }),
      identity(CirrusCreatedSchema, bob, { username: 'bob', displayName: 'Bob', email: 'b@x.org' }),
    );
    // A row that refers to the cirrus: the service's hook removes it before the cirrus's row goes.
    await t.db.query(`INSERT INTO ${t.schema}.notes (cirrus_id, text) VALUES ($1, 'hi')`, [ann]);
    await t.deliver(identity(CirrusDeletedSchema, ann, { username: 'ann' }));
    expect(await t.row(ann)).toBeUndefined();
    expect(await t.tombstoned(ann)).toBe(true);
    expect((await t.db.query(`SELECT 1 FROM ${t.schema}.notes`)).rows).toEqual([]);

    // Late or replayed, in any order: nothing of Ann again, and no after-hook runs for her.
    await t.deliver(
      identity(CirrusVerifiedSchema, ann, { username: 'ann' }),
      identity(CirrusProfileChangedSchema, ann, { username: 'ann', displayName: 'Ann Again', image: '' }),
      identity(CirrusCreatedSchema, ann, { username: 'ann', displayName: 'Ann', email: 'a@x.org' }),
      identity(CirrusDeletedSchema, ann, { username: 'ann' }),
    );
    expect(await t.row(ann)).toBeUndefined();
    expect(await t.counts()).toEqual({ created: 2 });

    const writes: string[] = [];
    const write = (what: string) => async () => void writes.push(what);
    await t.db.transaction(async (tx) => {
      expect(await t.model.unlessDeleted(tx, [bob, ann], write('both'))).toBe(false);
      expect(await t.model.unlessDeleted(tx, [bob], write('bob'))).toBe(true);
    });
    expect(writes).toEqual(['bob']);
    expect(await t.row(bob)).toEqual(
      row({ id: bob, username: 'bob', display_name: 'Bob', email: 'b@x.org', created: T0 }),
    );
  });

  it('rebuilds the same rows, counters and tombstones from the log, replay after replay', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const events = ids.flatMap((id, n) => [
      identity(CirrusCreatedSchema, id, { username: `c${n}`, displayName: 'first', email: `C${n}@X.org` }),
      ...(n === 0 ? [] : [identity(CirrusVerifiedSchema, id, { username: `c${n}` })]),
      identity(CirrusProfileChangedSchema, id, {
        username: `c${n}.2`,
        displayName: `second ${n}`,
        image: 'i',
      }),
      ...(n === 2 ? [identity(CirrusDeletedSchema, id, { username: `c${n}.2` })] : []),
    ]);
    await expectReplayRebuilds({
      subscription: t.subscription,
      events,
      damage: () => t.db.transaction((tx) => t.model.remember(tx, { id: randomUUID(), username: 'spoilt' })),
      snapshot: async () => ({
        rows: (await t.db.query(`SELECT * FROM ${t.schema}.people ORDER BY username`)).rows,
        counts: await t.counts(),
        tombstones: await Promise.all(ids.map((id) => t.tombstoned(id))),
      }),
    });
    expect(await t.row(ids[1]!)).toEqual(
      row({
        id: ids[1],
        username: 'c1.2',
        display_name: 'second 1',
        image: 'i',
        email: 'c1@x.org',
        verified: true,
        created: T0,
      }),
    );
  });
});

describe('the cirri read model, declared', () => {
  it('refuses a table or column name that is not a plain identifier', async () => {
    expect(() => cirriReadModel({ schema: 'social', table: 'cirri; DROP TABLE x' })).toThrow(
      'Invalid table name "cirri; DROP TABLE x"',
    );
    const model = cirriReadModel({ schema: 'social', table: 'cirri', remembered: () => ({ 'a, b': 1 }) });
    const never = { query: async () => ({ rows: [], rowCount: 0 }) };
    await expect(model.remember(never, { id: randomUUID(), username: 'x' })).rejects.toThrow(
      'Invalid column name "a, b"',
    );
  });
});
