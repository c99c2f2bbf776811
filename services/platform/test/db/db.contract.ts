import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';

export interface DbContractSetup {
  open(): Promise<Db>;
  /** A second handle on the same database, as another process would have (PGlite: the same instance). */
  openAnother(first: Db): Promise<Db>;
  /** PGlite: one connection, so transactions and plain queries queue behind each other. */
  singleConnection: boolean;
}

const uniqueSchema = () => `c_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every `Db` adapter must have; run against PGlite and real Postgres. */
export function describeDbContract(setup: DbContractSetup): void {
  let db: Db;
  let schema: string;

  beforeAll(async () => {
    db = await setup.open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  }, 30_000);
  beforeEach(async () => {
    schema = uniqueSchema();
    await db.query(`CREATE SCHEMA ${schema}`);
    await db.query(
      `CREATE TABLE ${schema}.items (id serial PRIMARY KEY, name text NOT NULL UNIQUE, n bigint)`,
    );
  });

  it('binds parameters and returns values with the same JavaScript types on every adapter', async () => {
    const id = randomUUID();
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT $1::text AS text, $2::int AS int, $3::bigint AS big, $4::numeric AS num, $5::jsonb AS doc,
              $6::bytea AS bytes, $7::timestamptz AS at, $8::text[] AS tags, $9::boolean AS flag,
              $10::text AS nothing, $11::uuid AS id`,
      [
        "it's",
        42,
        '9007199254740993',
        '12.50',
        { a: [1, 'b'] },
        Buffer.from([0, 1, 255]),
        new Date('2024-05-01T10:00:00.000Z'),
        ['x', 'y'],
        true,
        null,
        id,
      ],
    );
    const row = rows[0]!;
    expect(row).toEqual({
      text: "it's",
      int: 42,
      big: '9007199254740993',
      num: '12.50',
      doc: { a: [1, 'b'] },
      bytes: expect.anything(),
      at: new Date('2024-05-01T10:00:00.000Z'),
      tags: ['x', 'y'],
      flag: true,
      nothing: null,
      id,
    });
    expect(row.at).toBeInstanceOf(Date);
    expect(row.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row.bytes as Uint8Array)]).toEqual([0, 1, 255]);
  });

  it('counts the rows a statement touched', async () => {
    const inserted = await db.query(`INSERT INTO ${schema}.items (name) VALUES ($1), ($2), ($3)`, [
      'a',
      'b',
      'c',
    ]);
    expect(inserted.rowCount).toBe(3);
    const updated = await db.query(`UPDATE ${schema}.items SET n = 1 WHERE name <> $1`, ['a']);
    expect(updated.rowCount).toBe(2);
    const selected = await db.query<{ name: string }>(`SELECT name FROM ${schema}.items ORDER BY name`);
    expect(selected).toEqual({ rows: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], rowCount: 3 });
    const deleted = await db.query(`DELETE FROM ${schema}.items WHERE name = $1`, ['zzz']);
    expect(deleted.rowCount).toBe(0);
  });

  it('runs a text of several statements when it has no parameters and returns the last result', async () => {
    const result = await db.query<{ count: string }>(
      `INSERT INTO ${schema}.items (name) VALUES ('a'); INSERT INTO ${schema}.items (name) VALUES ('b');
       SELECT count(*) AS count FROM ${schema}.items`,
    );
    expect(result.rows).toEqual([{ count: '2' }]);
  });

  it('reports database errors with their SQLSTATE code and constraint', async () => {
    await db.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['dup']);
    const error = await db
      .query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['dup'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key' });
  });

  it('commits a transaction and returns what the work returned', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['one']);
      await tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['two']);
      const { rows } = await tx.query<{ count: string }>(`SELECT count(*) AS count FROM ${schema}.items`);
      return rows[0]?.count;
    });
    expect(result).toBe('2');
    const { rows } = await db.query(`SELECT name FROM ${schema}.items ORDER BY name`);
    expect(rows).toEqual([{ name: 'one' }, { name: 'two' }]);
  });

  it('rolls a transaction back when the work throws, and rethrows the error', async () => {
    const failure = new Error('business rule');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['gone']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['also-gone']);
        await tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['also-gone']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query(`SELECT name FROM ${schema}.items`);
    expect(rows).toEqual([]);
    await db.transaction((tx) => tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, ['after']));
    expect((await db.query(`SELECT name FROM ${schema}.items`)).rows).toEqual([{ name: 'after' }]);
  });

  it('refuses a transaction handle used after the transaction ended', async () => {
    let leaked: { query: Db['query'] } | undefined;
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  if (setup.singleConnection) {
    it('serializes concurrent transactions so their statements never interleave', async () => {
      const step = (tx: { query: Db['query'] }, name: string) =>
        tx.query(`INSERT INTO ${schema}.items (name) VALUES ($1)`, [name]);
      const work = (label: string) =>
        db.transaction(async (tx) => {
          await step(tx, `${label}-begin`);
          await delay(40);
          await step(tx, `${label}-end`);
        });
      await Promise.all([work('a'), work('b'), work('c')]);
      const { rows } = await db.query<{ name: string }>(`SELECT name FROM ${schema}.items ORDER BY id`);
      expect(rows.map((row) => row.name)).toEqual([
        'a-begin',
        'a-end',
        'b-begin',
        'b-end',
        'c-begin',
        'c-end',
      ]);
    });

    it('lets a plain query wait for the running transaction', async () => {
      let inside!: () => void;
      const started = new Promise<void>((resolve) => (inside = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${schema}.items (name) VALUES ('first')`);
        inside();
        await delay(60);
        await tx.query(`INSERT INTO ${schema}.items (name) VALUES ('second')`);
      });
      await started;
      const count = await db.query<{ count: string }>(`SELECT count(*) AS count FROM ${schema}.items`);
      await transaction;
      expect(count.rows).toEqual([{ count: '2' }]);
    });
  }

  it('answers ping', async () => {
    expect(await db.ping()).toBe(true);
  });

  it('offers pg_trgm', async () => {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const { rows } = await db.query<{ close: boolean }>(
      `SELECT similarity('vellum', 'velum') > 0.3 AS close`,
    );
    expect(rows).toEqual([{ close: true }]);
  });

  describe('migrate', () => {
    const tableExists = async (name: string) => {
      const { rows } = await db.query<{ found: string | null }>(`SELECT to_regclass($1)::text AS found`, [
        name,
      ]);
      return rows[0]?.found != null;
    };

    it('creates the schema and applies migrations in id order, once', async () => {
      const target = uniqueSchema();
      const migrations = [
        { id: '0002_add_color', sql: `ALTER TABLE ${target}.things ADD COLUMN color text` },
        {
          id: '0001_things',
          sql: `CREATE TABLE ${target}.things (id int PRIMARY KEY); CREATE INDEX ON ${target}.things (id)`,
        },
      ];
      await migrate(db, target, migrations);
      await migrate(db, target, migrations);
      expect(await tableExists(`${target}.things`)).toBe(true);
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM ${target}.schema_migrations ORDER BY applied_at, id`,
      );
      expect(rows.map((row) => row.id)).toEqual(['0001_things', '0002_add_color']);
      await db.query(`INSERT INTO ${target}.things (id, color) VALUES (1, 'red')`);
    });

    it('applies only the new migrations on a later run', async () => {
      const target = uniqueSchema();
      const first = [{ id: '0001_a', sql: `CREATE TABLE ${target}.a (id int)` }];
      await migrate(db, target, first);
      await migrate(db, target, [...first, { id: '0002_b', sql: `CREATE TABLE ${target}.b (id int)` }]);
      expect(await tableExists(`${target}.b`)).toBe(true);
    });

    it('refuses an applied migration whose SQL changed, naming it', async () => {
      const target = uniqueSchema();
      await migrate(db, target, [{ id: '0001_a', sql: `CREATE TABLE ${target}.a (id int)` }]);
      await expect(
        migrate(db, target, [{ id: '0001_a', sql: `CREATE TABLE ${target}.a (id bigint)` }]),
      ).rejects.toThrow(/"0001_a".*changed/);
    });

    it('rolls back a failing migration and names it', async () => {
      const target = uniqueSchema();
      await expect(
        migrate(db, target, [
          { id: '0001_ok', sql: `CREATE TABLE ${target}.ok (id int)` },
          { id: '0002_bad', sql: `CREATE TABLE ${target}.half (id int); SELECT * FROM ${target}.missing` },
        ]),
      ).rejects.toThrow(/"0002_bad"/);
      expect(await tableExists(`${target}.ok`)).toBe(true);
      expect(await tableExists(`${target}.half`)).toBe(false);
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${target}.schema_migrations`);
      expect(rows).toEqual([{ id: '0001_ok' }]);
    });

    it('lets two processes migrate at once, applying each migration once', async () => {
      const target = uniqueSchema();
      // Not idempotent on purpose: applied twice, the second CREATE TABLE fails.
      const migrations = [
        { id: '0001_slow', sql: `SELECT pg_sleep(0.3); CREATE TABLE ${target}.slow (id int)` },
        { id: '0002_next', sql: `CREATE TABLE ${target}.next (id int)` },
      ];
      const other = await setup.openAnother(db);
      try {
        await Promise.all([migrate(db, target, migrations), migrate(other, target, migrations)]);
      } finally {
        if (other !== db) await other.close();
      }
      const { rows } = await db.query<{ count: string }>(
        `SELECT count(*) AS count FROM ${target}.schema_migrations`,
      );
      expect(rows).toEqual([{ count: '2' }]);
    });
  });
}
