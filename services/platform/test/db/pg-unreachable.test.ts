import { createPgDb } from '@vellum/platform-postgres';
import { isStoreUnavailable, migrate, type Db } from '../../src';
import { closedPort, fakePostgres, silentServer, type FakeServer } from '../support/unreachable-stores';

/** How long `work` took to fail, and with what. */
async function failureIn(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error('expected a failure');
}

/** The pg adapter when Postgres stops answering, on fake servers (no real Postgres needed). */
describe('the pg adapter when Postgres goes away', () => {
  const servers: FakeServer[] = [];
  const dbs: Db[] = [];
  const dbAt = (port: number, options: { connectionTimeoutMs?: number; queryTimeoutMs?: number } = {}) => {
    const db = createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${port}/db`, ...options });
    dbs.push(db);
    return db;
  };
  const server = async <S extends FakeServer>(made: Promise<S>) => {
    const started = await made;
    servers.push(started);
    return started;
  };
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const db of dbs) await db.close();
  });

  it('fails a transaction whose connection is lost under it, without crashing the process, and frees the connection', async () => {
    const hangingUp = await server(fakePostgres({ otherwise: 'hang up', answers: (sql) => sql === 'BEGIN' }));
    const db = createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${hangingUp.port}/db` });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things DEFAULT VALUES');
      }),
    ).rejects.toThrow('Connection terminated unexpectedly');
    expect(hangingUp.queries).toEqual(['BEGIN', 'INSERT INTO things DEFAULT VALUES']);
    // The lost connection was released (destroyed): closing the pool does not wait for it.
    await expect(db.close()).resolves.toBeUndefined();
  });

  it('fails a query at once while the server refuses connections', async () => {
    const db = dbAt(await closedPort());
    const { error, ms } = await failureIn(() => db.query('SELECT 1'));
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(ms).toBeLessThan(1000);
    expect(await db.ping()).toBe(false);
  });

  it('gives up connecting to a server that never answers after the connection time-out (5 s unless told)', async () => {
    const silent = await server(silentServer());
    const quick = await failureIn(() => dbAt(silent.port, { connectionTimeoutMs: 300 }).query('SELECT 1'));
    expect(quick.error).toMatchObject({ message: 'Connection terminated due to connection timeout' });
    expect(quick.ms).toBeGreaterThanOrEqual(250);
    expect(quick.ms).toBeLessThan(1500);
    const byDefault = await failureIn(() => dbAt(silent.port).transaction(async () => 1));
    expect(isStoreUnavailable(byDefault.error)).toBe(true);
    expect(byDefault.ms).toBeGreaterThanOrEqual(4900);
    expect(byDefault.ms).toBeLessThan(6500);
  });

  it('asks the server to cancel a statement past the query time-out (15 s unless told), and gives up on a connection that answers nothing a second later', async () => {
    const silent = await server(fakePostgres({ otherwise: 'silent', answers: (sql) => sql === 'SELECT 1' }));
    expect(await dbAt(silent.port).ping()).toBe(true);
    const db = dbAt(silent.port, { queryTimeoutMs: 1000 });
    const { error, ms } = await failureIn(() => db.query('SELECT pg_sleep(60)'));
    expect(silent.startups.map((s) => s.statement_timeout)).toEqual(['15000', '1000']);
    expect(error).toMatchObject({ message: 'Query read timeout' });
    expect(isStoreUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(3000);
  });

  it('fails a transaction on a silent connection within one time-out, not a second one for its ROLLBACK', async () => {
    const silent = await server(fakePostgres({ otherwise: 'silent', answers: (sql) => sql === 'BEGIN' }));
    const db = dbAt(silent.port, { queryTimeoutMs: 1000 });
    const { error, ms } = await failureIn(() =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things DEFAULT VALUES');
      }),
    );
    expect(error).toMatchObject({ message: 'Query read timeout' });
    expect(ms).toBeLessThan(3000);
    expect(silent.queries).toEqual(['BEGIN', 'INSERT INTO things DEFAULT VALUES']);
  });

  it('lifts both limits for a migration: however long it waits (here for the lock), it is not given up', async () => {
    const answered = ['BEGIN', 'SET LOCAL statement_timeout = 0'];
    const slow = await server(
      fakePostgres({ otherwise: 'silent', answers: (sql) => answered.includes(sql) }),
    );
    const db = dbAt(slow.port, { queryTimeoutMs: 1000 });
    let settled = false;
    const migrating = migrate(db, 'things', [{ id: '001', sql: 'CREATE TABLE things.a (x int)' }]).finally(
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Past the client's 2 s, still waiting for the advisory lock (sent with a parameter, so not in `queries`).
    expect(settled).toBe(false);
    expect(slow.queries).toEqual(answered);
    await slow.close();
    await expect(migrating).rejects.toThrow('Connection terminated unexpectedly');
  });
});
