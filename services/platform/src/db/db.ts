import type { PoolState } from '../metrics/store-metrics';

/** A SQL port with one shape over `pg` (distributed) and PGlite (embedded). Parameters are `$1, $2, ...`. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

/** A unit of work: everything done through `tx` commits together or not at all. */
export type Tx = Queryable;

export interface TransactionOptions {
  /**
   * Lifts the adapter's time limit on the transaction's statements (Postgres's `DATABASE_QUERY_TIMEOUT_MS`): for
   * the work that may rightly take minutes and runs on no request's path, a migration (and its wait for another
   * process's) or a projection's reset before a replay. Never on a request's path, which must fail rather than hang.
   */
  unlimited?: boolean;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Its connection pool's state now, where it has one (the metrics). */
  connections?(): PoolState;
  close(): Promise<void>;
}

/** One forward-only migration; `id` orders them and is recorded once applied. */
export interface Migration {
  id: string;
  sql: string;
}
