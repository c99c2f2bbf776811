import type { MongoClient } from 'mongodb';
import { storeOperations, type Registry } from '@vellum/platform';

/**
 * Measures every command `client` sends (`db_client_operation_duration_seconds{db_system_name="mongodb"}`), by
 * command name (`find`, `insert`, `update`, `aggregate`, ...), with the error's class when it failed. The client must
 * have been made with `monitorCommands` (connectMongo's option), or the driver emits no command events.
 */
export function measureMongo(client: MongoClient, registry: Registry): void {
  const record = storeOperations(registry, 'mongodb');
  client.on('commandSucceeded', (event) => record(event.commandName, event.duration / 1000));
  client.on('commandFailed', (event) =>
    record(event.commandName, event.duration / 1000, event.failure?.name ?? 'Error'),
  );
}
