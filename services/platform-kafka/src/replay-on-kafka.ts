import type { Logger } from 'pino';
import {
  replayProjections,
  runOperatorTask,
  type Db,
  type ReplayReport,
  type ServiceDefinition,
  type ServiceWithConnections,
} from '@vellum/platform';
import { kafkaLog } from './kafka-log';

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
export function replayOnKafka(options: ReplayOnKafkaOptions): Promise<ReplayReport> {
  const { name, logger } = options;
  return runOperatorTask({
    db: options.db,
    build: options.build,
    task: (service) =>
      replayProjections({
        subscriptions: service.subscriptions,
        log: kafkaLog({ brokers: options.brokers, clientId: `${name}-replay`, logger }),
        logger,
      }),
  });
}
