import { Gauge, Histogram, type Registry } from 'prom-client';

/** A connection pool's state now (`Db.connections`). */
export interface PoolState {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  max: number;
}

export interface StoreMetrics {
  /** Reads a pool's state at each scrape. */
  watchPool(pool: string, state: () => PoolState): void;
}

/**
 * The stores' series, OpenTelemetry's database conventions in Prometheus' form: `db_client_connection_count`
 * (by `state`: used, idle), `db_client_connection_max` and `db_client_connection_pending_requests` by pool.
 */
export function storeMetrics(registry: Registry): StoreMetrics {
  const registers = [registry];
  const pools = new Map<string, () => PoolState>();
  const each = (read: (pool: string, state: PoolState) => void) => {
    for (const [pool, state] of pools) read(pool, state());
  };
  new Gauge({
    name: 'db_client_connection_count',
    help: 'Connections of a pool, by state (used, idle).',
    labelNames: ['pool_name', 'state'] as const,
    registers,
    collect() {
      each((pool_name, s) => {
        this.set({ pool_name, state: 'used' }, s.total - s.idle);
        this.set({ pool_name, state: 'idle' }, s.idle);
      });
    },
  });
  new Gauge({
    name: 'db_client_connection_max',
    help: 'The most connections a pool opens.',
    labelNames: ['pool_name'] as const,
    registers,
    collect() {
      each((pool_name, s) => this.set({ pool_name }, s.max));
    },
  });
  new Gauge({
    name: 'db_client_connection_pending_requests',
    help: 'Requests waiting for a connection of a pool.',
    labelNames: ['pool_name'] as const,
    registers,
    collect() {
      each((pool_name, s) => this.set({ pool_name }, s.waiting));
    },
  });
  return {
    watchPool: (pool, state) => {
      pools.set(pool, state);
    },
  };
}

/** Records one command a store client sent: its name, how long it took, and why it failed (`error_type`). */
export type StoreOperationRecorder = (operation: string, seconds: number, errorType?: string) => void;

const operationHistograms = new WeakMap<
  Registry,
  Histogram<'db_system_name' | 'db_operation_name' | 'error_type'>
>();

/**
 * `db_client_operation_duration_seconds` (OpenTelemetry's `db.client.operation.duration`) by `db_system_name`
 * (redis, mongodb), `db_operation_name` (the command: `get`, `evalsha`, `find`, `insert`: names the code chooses,
 * never a key or a document, so the series stay few) and `error_type` (empty when it succeeded). One histogram per
 * registry, shared by every client of the process.
 */
export function storeOperations(registry: Registry, system: 'redis' | 'mongodb'): StoreOperationRecorder {
  let histogram = operationHistograms.get(registry);
  if (!histogram) {
    histogram = new Histogram({
      name: 'db_client_operation_duration_seconds',
      help: 'Duration of a command a store client sent (Redis, MongoDB), by system, command and error type.',
      labelNames: ['db_system_name', 'db_operation_name', 'error_type'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    operationHistograms.set(registry, histogram);
  }
  const measured = histogram;
  return (operation, seconds, errorType = '') =>
    measured.observe(
      { db_system_name: system, db_operation_name: operation.toLowerCase(), error_type: errorType },
      seconds,
    );
}
