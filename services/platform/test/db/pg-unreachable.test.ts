import { createPgDb } from '@vellum/platform-postgres';
import { fakePostgres, type FakeServer } from '../support/unreachable-stores';

/** The pg adapter when Postgres stops answering, on fake servers (no real Postgres needed). */
describe('the pg adapter when Postgres goes away', () => {
  const servers: FakeServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('fails a transaction whose connection is lost under it, without crashing the process, and frees the connection', async () => {
    const server = await fakePostgres({ otherwise: 'hang up', answers: (sql) => sql === 'BEGIN' });
    servers.push(server);
    const db = createPgDb({ connectionString: `postgres://u:p@127.0.0.1:${server.port}/db` });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things DEFAULT VALUES');
      }),
    ).rejects.toThrow('Connection terminated unexpectedly');
    expect(server.queries).toEqual(['BEGIN', 'INSERT INTO things DEFAULT VALUES']);
    // The lost connection was released (destroyed): closing the pool does not wait for it.
    await expect(db.close()).resolves.toBeUndefined();
  });
});
