import type { z } from 'zod';
import type { Logger } from 'pino';
import {
  createLogger,
  createMetricsRegistry,
  type EventBus,
  loadConfig,
  type MongoServiceEnv,
  parkedCommandOfProcess,
  processIo,
  runMain,
  runOperatorTask,
  runParkedCommand,
  type ServiceDefinition,
  type Registry,
  type ServiceWithConnections,
} from '@vellum/platform';
import { createKafkaBus, replayOnKafka, startOnKafka, wantsReplay } from '@vellum/platform-kafka';
import { mongoParkedEvents } from './parked';
import { connectMongo, type MongoConnection } from './connect';
import { measureMongo } from './measure-mongo';

/** What a MongoDB service's `build` gets: its environment, its database and the bus (for its outbox relay). */
export interface MongoServiceMainPorts<E> {
  env: E;
  logger: Logger;
  mongo: MongoConnection;
  bus: EventBus;
  /** The process's metrics registry, for the service's own series (served on METRICS_PORT). */
  metrics: Registry;
}

export interface MongoServiceMainOptions<E extends MongoServiceEnv> {
  name: string;
  env: z.ZodType<E>;
  stopTelemetry?: () => Promise<void>;
  /**
   * Builds the service on MongoDB. It has no Postgres schema (no migrations): it creates its indexes and runs its
   * outbox relay as `workers` of the definition, which start before it serves and stop while it drains.
   */
  build: (ports: MongoServiceMainPorts<E>) => Promise<ServiceDefinition | ServiceWithConnections>;
}

/**
 * `main.ts` of a service on MongoDB in distributed mode: reads the environment (`mongoServiceEnvShape`), connects
 * MongoDB and Kafka, builds the service and runs it until SIGTERM; `/readyz` checks MongoDB and Kafka. With
 * `--replay` it rebuilds the service's projections from Kafka instead and exits 0; with `--parked list|replay` it
 * lists or replays the events its consumers parked in its `parked_events` collection and exits.
 */
export function runMongoServiceMain<E extends MongoServiceEnv>(options: MongoServiceMainOptions<E>): void {
  const parked = parkedCommandOfProcess();
  runMain(options.name, async () => {
    const env = loadConfig(options.env);
    const logger = createLogger({ service: options.name, level: env.LOG_LEVEL });
    const measured = env.METRICS_PORT !== undefined && !parked && !wantsReplay();
    const mongo = await connectMongo({
      url: env.MONGO_URL,
      appName: options.name,
      logger,
      operationTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
      monitorCommands: measured,
    });
    // An operator's task (--parked, --replay) serves no metrics: its registry is never read.
    const buildForTask = (bus: EventBus) =>
      options.build({
        env,
        logger,
        mongo,
        bus,
        metrics: createMetricsRegistry(options.name, { runtime: false }),
      });
    if (parked) {
      // The bus is only handed to the build (its outbox relay, never started here).
      const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: `${options.name}-parked`, logger });
      const status = await runOperatorTask({
        build: () => buildForTask(bus),
        task: (service) =>
          runParkedCommand(parked, mongoParkedEvents(mongo.database), service.subscriptions, processIo),
      }).finally(async () => {
        await bus.close();
        await mongo.close();
      });
      process.exit(status);
    }
    if (wantsReplay()) {
      // The bus is only handed to the build (its outbox relay, never started here).
      const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: `${options.name}-replay`, logger });
      await replayOnKafka({
        name: options.name,
        brokers: env.KAFKA_BROKERS,
        logger,
        build: () => buildForTask(bus),
      }).finally(async () => {
        await bus.close();
        await mongo.close();
      });
      process.exit(0);
    }
    await startOnKafka({
      name: options.name,
      env,
      logger,
      stopTelemetry: options.stopTelemetry,
      build: async (bus, _wakeOutbox, metrics) => {
        if (measured) measureMongo(mongo.client, metrics);
        const built = await options.build({ env, logger, mongo, bus, metrics });
        const { service, checks, closers = [] } = 'service' in built ? built : { service: built };
        return {
          service,
          checks: { mongodb: () => mongo.ping(), ...checks },
          // Closers run last to first: the service's own go before the connection they use.
          closers: [() => mongo.close(), ...closers],
        };
      },
    });
  });
}
