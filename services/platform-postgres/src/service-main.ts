import type { z } from 'zod';
import type { Logger } from 'pino';
import {
  createLogger,
  createMetricsRegistry,
  type Db,
  loadConfig,
  parkedCommandOfProcess,
  postgresParkedEvents,
  processIo,
  runMain,
  runOperatorTask,
  runParkedCommand,
  type ServiceDefinition,
  type ServiceEnv,
  type Registry,
  type ServiceWithConnections,
} from '@vellum/platform';
import { replayOnKafka, startOnKafka, wantsReplay } from '@vellum/platform-kafka';
import { createPgDb } from './pg-db';

/** What a service's `build` gets: its parsed environment and the connections every service has. */
export interface ServiceMainPorts<E> {
  env: E;
  logger: Logger;
  db: Db;
  /** The outbox relay's wake-up, so a write publishes without waiting for a poll. */
  wakeOutbox: () => void;
  /** The process's metrics registry, for the service's own series (served on METRICS_PORT). */
  metrics: Registry;
}

export interface ServiceMainOptions<E extends ServiceEnv> {
  /** Names the logger, the Kafka client, the Postgres connections and the start-failure line. */
  name: string;
  env: z.ZodType<E>;
  /** What `startTelemetry` returned: main.ts starts it before anything instrumented is imported. */
  stopTelemetry?: () => Promise<void>;
  build: (ports: ServiceMainPorts<E>) => ServiceDefinition | ServiceWithConnections;
}

/**
 * A service's `main.ts` in distributed mode: reads the environment (a bad one stops the process with one line naming
 * the variable), connects Postgres and Kafka, and runs the service (`startServiceProcess`) until SIGTERM. Any other
 * start failure stops the process with `<name> failed to start: ...`. With `--replay` it rebuilds the service's
 * projections from Kafka instead and exits 0 (`replayOnKafka`); with `--parked list|replay` it lists or replays the
 * events its consumers parked in `<schema>.parked_events` and exits (`runParkedCommand`).
 */
export function runServiceMain<E extends ServiceEnv>(options: ServiceMainOptions<E>): void {
  const parked = parkedCommandOfProcess();
  // An operator's task (--parked, --replay) serves no metrics: its registry is never read.
  const taskMetrics = () => createMetricsRegistry(options.name, { runtime: false });
  runMain(options.name, async () => {
    const env = loadConfig(options.env);
    const logger = createLogger({ service: options.name, level: env.LOG_LEVEL });
    const db = createPgDb({
      connectionString: env.DATABASE_URL,
      applicationName: options.name,
      logger,
      connectionTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    });
    if (parked) {
      const status = await runOperatorTask({
        db,
        build: async () => options.build({ env, logger, db, wakeOutbox: () => {}, metrics: taskMetrics() }),
        task: (service) =>
          runParkedCommand(
            parked,
            postgresParkedEvents(db, service.schema),
            service.subscriptions,
            processIo,
          ),
      });
      process.exit(status);
    }
    if (wantsReplay()) {
      await replayOnKafka({
        name: options.name,
        brokers: env.KAFKA_BROKERS,
        logger,
        db,
        build: async () => options.build({ env, logger, db, wakeOutbox: () => {}, metrics: taskMetrics() }),
      });
      process.exit(0);
    }
    await startOnKafka({
      name: options.name,
      env,
      logger,
      db,
      stopTelemetry: options.stopTelemetry,
      build: (_bus, wakeOutbox, metrics) => options.build({ env, logger, db, wakeOutbox, metrics }),
    });
  });
}
