import type { Logger } from 'pino';
import {
  createMetricsRegistry,
  eventMetrics,
  faultPointsRouter,
  storeMetrics,
  startServiceProcess,
  type Db,
  type EventBus,
  type Registry,
  type ServiceDefinition,
  type ServiceEnv,
  type ServiceWithConnections,
} from '@vellum/platform';
import { createKafkaBus } from './kafka-bus';

/** The environment every distributed process has, whatever its store. */
type ProcessEnv = Pick<
  ServiceEnv,
  | 'KAFKA_BROKERS'
  | 'PORT'
  | 'METRICS_PORT'
  | 'REQUEST_TIMEOUT_MS'
  | 'HEADERS_TIMEOUT_MS'
  | 'LOG_LEVEL'
  | 'NODE_ENV'
  | 'FAULT_POINTS'
>;

export interface StartOnKafkaOptions {
  name: string;
  env: ProcessEnv;
  logger: Logger;
  /** The service's Postgres, migrated and relayed from; none for a service on another store. */
  db?: Db;
  stopTelemetry?: () => Promise<void>;
  /**
   * Builds the service on the Kafka bus; `wakeOutbox` wakes the Postgres relay (a no-op without `db`); `metrics` is
   * the process's registry, for the service's own series.
   */
  build: (
    bus: EventBus,
    wakeOutbox: () => void,
    metrics: Registry,
  ) => ServiceDefinition | ServiceWithConnections | Promise<ServiceDefinition | ServiceWithConnections>;
}

/** Connects Kafka, builds the service and runs it (`startServiceProcess`) until SIGTERM. */
export async function startOnKafka(options: StartOnKafkaOptions): Promise<void> {
  const { name, env, logger, db, stopTelemetry } = options;
  // Refused in production before anything connects.
  const faultPoints = env.FAULT_POINTS ? faultPointsRouter(env.NODE_ENV) : undefined;
  const registry = createMetricsRegistry(name);
  const events = eventMetrics(registry);
  const stores = storeMetrics(registry);
  const bus = createKafkaBus({
    brokers: env.KAFKA_BROKERS,
    clientId: name,
    logger,
    observer: events.delivery,
  });
  events.watchLag(() => bus.lag());
  // The relay exists only once startServiceProcess has the definition: until then a wake-up has nothing to wake.
  let wake = () => {};
  const built = await options.build(bus, () => wake(), registry);
  const { service, checks, closers = [] } = 'service' in built ? built : { service: built };
  await startServiceProcess(
    (wakeOutbox) => {
      wake = wakeOutbox;
      return service;
    },
    {
      db,
      bus,
      logger,
      port: env.PORT,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      checks,
      faultPoints,
      metrics:
        env.METRICS_PORT === undefined ? undefined : { registry, port: env.METRICS_PORT, events, stores },
      closers: [...closers, async () => stopTelemetry?.()],
    },
  );
}
