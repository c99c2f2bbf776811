import { Gauge, type Registry } from 'prom-client';

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
