import type { Logger } from 'pino';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { kafkaLog } from '../events/kafka-log';
import { replayProjections, type ReplayReport } from '../events/replay';
import type { ServiceDefinition } from './service-definition';
import type { ServiceWithConnections } from './start-on-kafka';

/** The argument that makes a service's entry rebuild its projections and exit instead of serving (the chart's Job). */
export const REPLAY_ARGUMENT = '--replay';

export function wantsReplay(argv: readonly string[] = process.argv): boolean {
  return argv.slice(2).includes(REPLAY_ARGUMENT);
}

export interface ReplayOnKafkaOptions {
  name: string;
  brokers: readonly string[] | string;
  logger: Logger;
  /** The service's Postgres, migrated first; none for a service on another store. */
  db?: Db;
  build: () => Promise<ServiceDefinition | ServiceWithConnections>;
}

/**
 * `<service> --replay` in distributed mode: migrates, rebuilds the service's projections from the Kafka topics'
 * beginning up to their ends when it starts (`replayProjections`), closes what it opened and resolves. Run with the
 * service's consumers scaled to zero (charts/README.md, "Replaying a service's projections").
 */
export async function replayOnKafka(options: ReplayOnKafkaOptions): Promise<ReplayReport> {
  const { name, logger, db } = options;
  const built = await options.build();
  const { service, closers = [] } = 'service' in built ? built : { service: built };
  try {
    if (db) await migrate(db, service.schema, service.migrations);
    return await replayProjections({
      subscriptions: service.subscriptions,
      log: kafkaLog({ brokers: options.brokers, clientId: `${name}-replay`, logger }),
      logger,
    });
  } finally {
    for (const close of [...closers].reverse()) await close();
    await db?.close();
  }
}
