import { Pool, type PoolClient, type QueryResult as PgQueryResult } from 'pg';
import type { Logger } from 'pino';
import type { Db, QueryResult, Tx } from '@vellum/platform';

export interface PgDbOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  /** Shown in `pg_stat_activity`. */
  applicationName?: string;
  /** Receives errors of idle pooled connections (a restarted server); without it they are written to stderr. */
  logger?: Logger;
}

/** The `Db` port over a `pg.Pool` (distributed mode). */
export function createPgDb(options: PgDbOptions): Db {
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
  });
  // An idle client losing its connection emits on the pool; unhandled, that would crash the process.
  pool.on('error', (error) => {
    if (options.logger) options.logger.error({ err: error }, 'idle postgres connection failed');
    else console.error('idle postgres connection failed', error);
  });

  return {
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      return toResult<Row>(await pool.query(sql, params as unknown[] | undefined));
    },

    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection lost while it is checked out emits on its client (the pool listens to idle ones only): unheard,
      // that would crash the process. Its queries fail with the same error, which is what the transaction throws.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      let open = true;
      const tx: Tx = {
        async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
          if (!open) throw new Error('Transaction is closed');
          return toResult<Row>(await client.query(sql, params as unknown[] | undefined));
        },
      };
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        broken = lost ?? (await rollback(client));
        throw error;
      } finally {
        open = false;
        client.removeListener('error', onLost);
        // A connection lost, or whose rollback failed, is in an unknown state: destroy it rather than reuse it.
        client.release(broken ?? lost);
      }
    },

    async ping(): Promise<boolean> {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },

    async close(): Promise<void> {
      await pool.end();
    },
  };
}

async function rollback(client: PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A multi-statement text (no parameters) returns one result per statement; the port returns the last one. */
function toResult<Row>(result: PgQueryResult | PgQueryResult[]): QueryResult<Row> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  if (!last) return { rows: [], rowCount: 0 };
  return { rows: last.rows as Row[], rowCount: last.rowCount ?? last.rows.length };
}
