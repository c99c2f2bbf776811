import { createPgDb } from '@vellum/platform-postgres';
import { describeWithServer, metricValue } from '@vellum/platform/test-support';
import { createMetricsRegistry, storeMetrics, type Registry } from '../../src';

async function valueOf(registry: Registry, name: string, labels: Record<string, string> = {}) {
  return metricValue(await registry.metrics(), name, { pool_name: 'app', service: 'test', ...labels });
}

describeWithServer('DATABASE_URL', "a Postgres pool's metrics", (url) => {
  it('shows the connections in use and idle, the pool size and the requests waiting for one', async () => {
    const db = createPgDb({ connectionString: url, max: 2 });
    const registry = createMetricsRegistry('test', { runtime: false });
    storeMetrics(registry).watchPool('app', db.connections!);
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const holders = [1, 2].map(() => db.transaction(() => held));
      const waiting = db.query('SELECT 1');
      for (
        let i = 0;
        i < 200 && (await valueOf(registry, 'db_client_connection_pending_requests')) !== 1;
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect({
        used: await valueOf(registry, 'db_client_connection_count', { state: 'used' }),
        idle: await valueOf(registry, 'db_client_connection_count', { state: 'idle' }),
        max: await valueOf(registry, 'db_client_connection_max'),
        pending: await valueOf(registry, 'db_client_connection_pending_requests'),
      }).toEqual({ used: 2, idle: 0, max: 2, pending: 1 });
      release();
      await Promise.all([...holders, waiting]);
      expect(await valueOf(registry, 'db_client_connection_count', { state: 'used' })).toBe(0);
      expect(await valueOf(registry, 'db_client_connection_pending_requests')).toBe(0);
    } finally {
      await db.close();
    }
  });
});
