import { Pool, type PoolClient, type QueryConfig, type QueryResult as PgQueryResult } from 'pg';
import type { Logger } from 'pino';
import {
  DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
  DEFAULT_DATABASE_QUERY_TIMEOUT_MS,
  isStoreUnavailable,
  type Db,
  type QueryResult,
  type TransactionOptions,
  type Tx,
} from '@vellum/platform';

/**
 * How much longer than the server's own limit the client waits for an answer, before it gives up on the connection:
 * a live server cancels a slow statement itself first (SQLSTATE 57014, a 500 to look into), and only a connection
 * that answers nothing at all (a server or network gone without a word) ends on the client's side ('Query read
 * timeout', a 503).
 */
const NO_ANSWER_GRACE_MS = 1_000;

export interface PgDbOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  /** Shown in `pg_stat_activity`. */
  applicationName?: string;
  /** Receives errors of idle pooled connections (a restarted server); without it they are written to stderr. */
  logger?: Logger;
  /**
   * How long to wait for a connection, a new one to connect (to a server that is down or black-holed) or a pooled
   * one to come free, before failing (default `DATABASE_CONNECT_TIMEOUT_MS`'s, 5 s): without it pg waits for ever.
   */
  connectionTimeoutMs?: number;
  /**
   * How long a statement may run (default `DATABASE_QUERY_TIMEOUT_MS`'s, 15 s): the server's `statement_timeout`,
   * and a second more the client's wait for any answer (`query_timeout`), so that a query on a connection gone dead
   * fails instead of waiting for the operating system to notice (many minutes). A transaction opened
   * `{ unlimited: true }` (a migration) has neither.
   */
  queryTimeoutMs?: number;
}

/**
 * The `Db` port over a `pg.Pool` (distributed mode). A server that is down or unreachable fails a query within the
 * connection time-out, and a connection that stops answering within the query time-out (and its grace): errors the
 * platform's error handler answers 503 (`isStoreUnavailable`), so a request waiting for Postgres fails well within
 * the services' request time-out instead of hanging.
 */
export function createPgDb(options: PgDbOptions): Db {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_DATABASE_QUERY_TIMEOUT_MS;
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: queryTimeoutMs,
  });
  // An idle client losing its connection emits on the pool; unhandled, that would crash the process.
  pool.on('error', (error) => {
    if (options.logger) options.logger.error({ err: error }, 'idle postgres connection failed');
    else console.error('idle postgres connection failed', error);
  });
  /** A statement with the client's wait for its answer bounded (or not, in an unlimited transaction). */
  const statement = (sql: string, params: readonly unknown[] | undefined, bounded = true): Statement => ({
    text: sql,
    ...(params && { values: params as unknown[] }),
    ...(bounded && { query_timeout: queryTimeoutMs + NO_ANSWER_GRACE_MS }),
  });

  return {
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      return toResult<Row>(await pool.query(statement(sql, params)));
    },

    async transaction<T>(work: (tx: Tx) => Promise<T>, txOptions?: TransactionOptions): Promise<T> {
      const bounded = !txOptions?.unlimited;
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
          return toResult<Row>(await client.query(statement(sql, params, bounded)));
        },
      };
      let broken: Error | undefined;
      try {
        await client.query(statement('BEGIN', undefined, bounded));
        if (!bounded) await client.query('SET LOCAL statement_timeout = 0');
        const result = await work(tx);
        await client.query(statement('COMMIT', undefined, bounded));
        return result;
      } catch (error) {
        // A connection lost or silent is no place for a ROLLBACK (it would wait out a second time-out): dropping it
        // is one, the server rolls back a transaction whose connection is gone.
        broken =
          lost ??
          (isStoreUnavailable(error)
            ? toError(error)
            : await rollback(client, statement('ROLLBACK', undefined, bounded)));
        throw error;
      } finally {
        open = false;
        client.removeListener('error', onLost);
        // A connection lost, or whose rollback failed, is in an unknown state: destroy it rather than reuse it.
        client.release(broken ?? lost);
      }
    },

    connections: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),

    async ping(): Promise<boolean> {
      try {
        await pool.query(statement('SELECT 1', undefined));
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

/** pg reads a query's own `query_timeout` (milliseconds); its types do not declare it. */
type Statement = QueryConfig & { query_timeout?: number };

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

async function rollback(client: PoolClient, rollbackStatement: Statement): Promise<Error | undefined> {
  try {
    await client.query(rollbackStatement);
    return undefined;
  } catch (error) {
    return toError(error);
  }
}

/** A multi-statement text (no parameters) returns one result per statement; the port returns the last one. */
function toResult<Row>(result: PgQueryResult | PgQueryResult[]): QueryResult<Row> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  if (!last) return { rows: [], rowCount: 0 };
  return { rows: last.rows as Row[], rowCount: last.rowCount ?? last.rows.length };
}
