import type { Logger } from 'pino';
import { pollingLoop } from '../events/polling-loop';
import type { ServiceWorker } from '../service/service-definition';
import type { Db } from './db';

// autovacuum's defaults (postgresql.conf): a table is vacuumed once its dead rows pass 50 + 20 % of its rows, and
// analyzed once the rows changed since its last ANALYZE pass 50 + 10 %.
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

export interface TableUpkeepOptions {
  db: Db;
  logger: Logger;
  /** Between rounds (default 60 s, autovacuum's naptime). */
  intervalMs?: number;
  /** Before the first round (default 10 s): a start is not held up by it. */
  firstAfterMs?: number;
}

export interface TableUpkeepRound {
  vacuumed: string[];
  analyzed: string[];
}

export interface TableUpkeep extends ServiceWorker {
  /** One round now: the tables it vacuumed and analyzed. */
  round(): Promise<TableUpkeepRound>;
}

/** Tables with rows and no statistics: never analyzed, or not since their first rows (the counters start at zero). */
const UNSEEN = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
     AND n.nspname NOT LIKE 'pg_toast%' AND pg_relation_size(c.oid) > 0
     AND NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid)`;

const DUE = `
  SELECT format('%I.%I', s.schemaname, s.relname) AS name,
         s.n_dead_tup > $1 + $2 * greatest(c.reltuples, 0) AS vacuum,
         s.n_mod_since_analyze > $3 + $4 * greatest(c.reltuples, 0) AS analyze
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`;

/**
 * What autovacuum does on a Postgres server, for a database that has none (the embedded mode's PGlite): without it
 * the planner has no statistics (a text search read every public vellum's index entry to intersect them) and the
 * dead rows of every update stay in the tables and their indexes for good. Each round vacuums the tables whose dead
 * rows passed autovacuum's threshold and analyzes those changed past its own; the first also analyzes every table
 * that has rows and no statistics (PGlite's counters start again at zero with each start). PGlite answers one
 * statement at a time, so a round holds the others up while it runs: autovacuum's rules keep rounds rare and short.
 */
export function tableUpkeep(options: TableUpkeepOptions): TableUpkeep {
  const { db, logger } = options;
  const intervalMs = options.intervalMs ?? 60_000;
  const firstAfterMs = options.firstAfterMs ?? 10_000;
  let first = true;

  const round = async (): Promise<TableUpkeepRound> => {
    const done: TableUpkeepRound = { vacuumed: [], analyzed: [] };
    const unseen = first ? (await db.query<{ name: string }>(UNSEEN)).rows.map((r) => r.name) : [];
    first = false;
    const { rows } = await db.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE, [
      VACUUM_THRESHOLD,
      VACUUM_SCALE,
      ANALYZE_THRESHOLD,
      ANALYZE_SCALE,
    ]);
    const due = new Map(rows.map((r) => [r.name, r]));
    for (const name of new Set([
      ...unseen,
      ...rows.filter((r) => r.vacuum || r.analyze).map((r) => r.name),
    ])) {
      const vacuum = due.get(name)?.vacuum ?? false;
      const analyze = unseen.includes(name) || (due.get(name)?.analyze ?? false);
      const started = Date.now();
      // `name` is the catalog's own name, quoted by format('%I.%I').
      await db.query(vacuum ? `VACUUM ${analyze ? '(ANALYZE) ' : ''}${name}` : `ANALYZE ${name}`);
      if (vacuum) done.vacuumed.push(name);
      if (analyze) done.analyzed.push(name);
      logger.debug({ table: name, vacuum, analyze, ms: Date.now() - started }, 'table upkeep');
    }
    return done;
  };

  let waited = firstAfterMs <= 0;
  const loop = pollingLoop(async () => {
    if (!waited) {
      waited = true;
      return { delayMs: firstAfterMs, wakeable: false };
    }
    try {
      await round();
    } catch (error) {
      logger.warn({ err: error }, 'table upkeep failed');
    }
    return { delayMs: intervalMs, wakeable: false };
  });
  return { name: 'table-upkeep', start: loop.start, stop: loop.stop, round };
}
