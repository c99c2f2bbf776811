import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Db, Mutex, type QueryResult, type Tx } from '@vellum/platform';

/** The worker's code: services/platform-pglite/worker/, one folder above this file in src/ and in dist/ alike. */
const WORKER_FILE = path.join(__dirname, '../worker/pglite-worker.cjs');

export interface PgliteDbOptions {
  /** Directory holding the database files; undefined keeps the database in memory. */
  dataDir?: string;
}

interface Reply {
  id?: number;
  result?: { rows: unknown[]; rowCount: number };
  error?: Record<string, unknown> & { message: string };
  ready?: boolean;
  probe?: object;
  initError?: { message: string };
}

/**
 * The `Db` port over PGlite (embedded mode), with `pg_trgm` available to `CREATE EXTENSION`.
 *
 * PGlite runs in a worker thread. Two reasons: its CommonJS build calls `import()`, which Jest's module sandbox
 * rejects without --experimental-vm-modules (a worker is outside the sandbox); and a query runs synchronously
 * inside WASM, so on the main thread a slow query would stall every HTTP request of the embedded process.
 *
 * PGlite is one connection: a mutex serializes transactions so their statements never interleave, and a plain
 * `query` waits for a running transaction. Inside `transaction`, use the `tx` handed to `work`: calling the outer
 * `db` there waits for the very transaction that is waiting for it.
 */
export async function createPgliteDb(options: PgliteDbOptions = {}): Promise<Db> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      dataDir: options.dataDir,
      pglitePath: require.resolve('@electric-sql/pglite'),
      pgTrgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    },
  });

  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  let closed = false;
  let foreignRealm = false;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if (reply.ready) {
        // Under Jest the test runs in a vm context: objects cloned from the worker belong to the host realm and
        // fail `instanceof Date` and `toStrictEqual`, so results are copied into this realm.
        foreignRealm = Object.getPrototypeOf(reply.probe) !== Object.prototype;
        resolve();
        return;
      }
      if (reply.initError) {
        reject(toError(reply.initError));
        return;
      }
      const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
      if (!waiter || reply.id === undefined) return;
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      waiter.resolve(reply);
    });
    const fail = (error: Error) => {
      failure = error;
      reject(error);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed) fail(new Error(`PGlite worker exited with code ${code}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  const send = (message: { sql?: string; params?: readonly unknown[]; close?: true }): Promise<Reply> => {
    if (failure) return Promise.reject(failure);
    if (closed && !message.close) return Promise.reject(new Error('Database is closed'));
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      // An idle database must not keep the process alive; one awaiting an answer must.
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, ...message });
      } catch (error) {
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  const run = async <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const reply = await send({ sql, params: params && params.length > 0 ? [...params] : undefined });
    if (reply.error) throw toError(reply.error);
    const result = reply.result ?? { rows: [], rowCount: 0 };
    const rows = (foreignRealm ? adopt(result.rows) : result.rows) as Row[];
    return { rows, rowCount: result.rowCount };
  };

  const lock = new Mutex();
  const query = <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> =>
    lock.run(() => run<Row>(sql, params));

  return {
    query,

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return lock.run(async () => {
        let open = true;
        const tx: Tx = {
          query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
            if (!open) return Promise.reject(new Error('Transaction is closed'));
            return run<Row>(sql, params);
          },
        };
        await run('BEGIN');
        try {
          const result = await work(tx);
          open = false;
          await run('COMMIT');
          return result;
        } catch (error) {
          open = false;
          // After a failed COMMIT the server has already rolled back; this ROLLBACK only warns then.
          await run('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },

    async ping(): Promise<boolean> {
      if (closed || failure) return false;
      try {
        await query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      await lock.run(async () => {
        closed = true;
        if (failure) return;
        const reply = await send({ close: true });
        if (reply.error) throw toError(reply.error);
      });
      await worker.terminate();
    },
  };
}

/** Rebuilds PGlite's DatabaseError fields (`code`, `detail`, `constraint`, ...) on an Error, as `pg` has them. */
function toError(fields: Record<string, unknown> & { message: string }): Error {
  const { message, name: _name, stack: _stack, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** Deep copy of cloned values into this realm (see `foreignRealm`). Typed arrays are shared by both realms. */
function adopt(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(adopt);
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  if (ArrayBuffer.isView(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = adopt(item);
  return copy;
}
