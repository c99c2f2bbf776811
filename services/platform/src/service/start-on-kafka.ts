import type { Logger } from 'pino';
import type { ServiceEnv } from '../config/service-env';
import type { Db } from '../db/db';
import { createKafkaBus } from '../events/kafka-bus';
import type { EventBus } from '../events/types';
import type { ReadinessCheck } from '../http/health';
import type { ServiceDefinition } from './service-definition';
import { startServiceProcess } from './start-service';

/** A service that connects more than Postgres and Kafka (identity: Redis, a mailer) says how to check and close it. */
export interface ServiceWithConnections {
  service: ServiceDefinition;
  checks?: Record<string, ReadinessCheck>;
  closers?: Array<() => Promise<void>>;
}

/** Runs `start`; a failure stops the process with `<name> failed to start: ...`. */
export function runMain(name: string, start: () => Promise<void>): void {
  start().catch((err: unknown) => {
    process.stderr.write(`${name} failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}

/** The environment every distributed process has, whatever its store. */
type ProcessEnv = Pick<
  ServiceEnv,
  'KAFKA_BROKERS' | 'PORT' | 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'LOG_LEVEL'
>;

export interface StartOnKafkaOptions {
  name: string;
  env: ProcessEnv;
  logger: Logger;
  /** The service's Postgres, migrated and relayed from; none for a service on another store. */
  db?: Db;
  stopTelemetry?: () => Promise<void>;
  /** Builds the service on the Kafka bus; `wakeOutbox` wakes the Postgres relay (a no-op without `db`). */
  build: (
    bus: EventBus,
    wakeOutbox: () => void,
  ) => ServiceDefinition | ServiceWithConnections | Promise<ServiceDefinition | ServiceWithConnections>;
}

/** Connects Kafka, builds the service and runs it (`startServiceProcess`) until SIGTERM. */
export async function startOnKafka(options: StartOnKafkaOptions): Promise<void> {
  const { name, env, logger, db, stopTelemetry } = options;
  const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: name, logger });
  // The relay exists only once startServiceProcess has the definition: until then a wake-up has nothing to wake.
  let wake = () => {};
  const built = await options.build(bus, () => wake());
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
      closers: [...closers, async () => stopTelemetry?.()],
    },
  );
}
