import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import type { ServiceDefinition } from './service-definition';
import type { ServiceWithConnections } from './service-definition';

export interface OperatorTaskOptions<T> {
  /** The service's Postgres, migrated first and closed last; none for a service on another store. */
  db?: Db;
  build: () => Promise<ServiceDefinition | ServiceWithConnections>;
  /** What the operator asked for, given the built service (its subscriptions), which never serves meanwhile. */
  task: (service: ServiceDefinition) => Promise<T>;
}

/**
 * A service's entry run for an operator instead of serving (`--replay`, `--parked`): builds the service, migrates
 * its schema, runs the task and closes what the build opened, whatever the task's outcome.
 */
export async function runOperatorTask<T>(options: OperatorTaskOptions<T>): Promise<T> {
  const { db } = options;
  const built = await options.build();
  const { service, closers = [] } = 'service' in built ? built : { service: built };
  try {
    if (db) await migrate(db, service.schema, service.migrations);
    return await options.task(service);
  } finally {
    for (const close of [...closers].reverse()) await close();
    await db?.close();
  }
}
