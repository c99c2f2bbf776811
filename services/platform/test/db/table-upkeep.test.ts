import pino from 'pino';
import { createPgliteDb } from '@vellum/platform-pglite';
import { tableUpkeep, type Db } from '../../src';

// The embedded mode's stand-in for autovacuum, on PGlite (which has none): statistics for a table that has rows and
// none, then VACUUM and ANALYZE at autovacuum's thresholds, and nothing for a table below them.
describe('table upkeep on PGlite', () => {
  let db: Db;
  const logger = pino({ level: 'silent' });
  const statistics = async (table: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_statistic WHERE starelid = $1::regclass`,
        [table],
      )
    ).rows[0]!.n;
  /** Writes reach the statistics counters at most once a second, or at the next chance after this. */
  const written = () => db.query('SELECT pg_stat_force_next_flush()');
  const dead = async (table: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relid = $1::regclass`,
        [table],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    db = await createPgliteDb();
    await db.query(`CREATE SCHEMA "up keep"`);
    await db.query(`CREATE TABLE "up keep".notes (id int PRIMARY KEY, body text NOT NULL)`);
    await db.query(`CREATE TABLE "up keep".empty (id int PRIMARY KEY)`);
    await db.query(`INSERT INTO "up keep".notes SELECT i, 'note ' || i FROM generate_series(1, 1000) i`);
  });
  afterAll(() => db.close());

  it('analyzes a table that has rows and no statistics on its first round, then only what passed a threshold', async () => {
    await written();
    const upkeep = tableUpkeep({ db, logger });
    expect(await statistics('"up keep".notes')).toBe(0);
    const first = await upkeep.round();
    expect(first.analyzed).toContain('"up keep".notes');
    expect(first.analyzed).not.toContain('"up keep".empty');
    expect(await statistics('"up keep".notes')).toBeGreaterThan(0);
    // Below autovacuum's thresholds (1,000 rows: vacuum past 250 dead, analyze past 150 changed): nothing.
    await db.query(`UPDATE "up keep".notes SET body = body || '!' WHERE id <= 100`);
    await written();
    expect(await upkeep.round()).toEqual({ vacuumed: [], analyzed: [] });
    // Past both: one VACUUM (ANALYZE), and the dead rows are gone.
    await db.query(`DELETE FROM "up keep".notes WHERE id > 600`);
    await written();
    expect(await dead('"up keep".notes')).toBeGreaterThan(250);
    expect(await upkeep.round()).toEqual({ vacuumed: ['"up keep".notes'], analyzed: ['"up keep".notes'] });
    await written();
    expect(await dead('"up keep".notes')).toBe(0);
    expect(await upkeep.round()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('waits before its first round, runs rounds on its interval and stops', async () => {
    await db.query(`CREATE TABLE "up keep".later (id int PRIMARY KEY)`);
    await db.query(`INSERT INTO "up keep".later SELECT generate_series(1, 100)`);
    const upkeep = tableUpkeep({ db, logger, firstAfterMs: 300, intervalMs: 100 });
    upkeep.start();
    expect(await statistics('"up keep".later')).toBe(0);
    for (let i = 0; i < 100 && (await statistics('"up keep".later')) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statistics('"up keep".later')).toBeGreaterThan(0);
    await upkeep.stop();
  });
});
