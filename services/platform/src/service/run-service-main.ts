import type { z } from 'zod';
import type { Logger } from 'pino';
import { loadConfig } from '../config/load-config';
import type { ServiceEnv } from '../config/service-env';
import type { Db } from '../db/db';
import { createPgDb } from '../db/pg-db';
import { createKafkaBus } from '../events/kafka-bus';
import type { ReadinessCheck } from '../http/health';
import { createLogger } from '../log/logger';
import type { ServiceDefinition } from './service-definition';
import { startServiceProcess } from './start-service';

/** What a service's `build` gets: its parsed environment and the connections every service has. */
export interface ServiceMainPorts<E> {
  env: E;
  logger: Logger;
  db: Db;
  /** The outbox relay's wake-up, so a write publishes without waiting for a poll. */
  wakeOutbox: () => void;
}

/** A service that connects more than Postgres and Kafka (identity: Redis, a mailer) says how to check and close it. */
export interface ServiceWithConnections {
  service: ServiceDefinition;
  checks?: Record<string, ReadinessCheck>;
  closers?: Array<() => Promise<void>>;
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
 * start failure stops the process with `<name> failed to start: ...`.
 */
export function runServiceMain<E extends ServiceEnv>(options: ServiceMainOptions<E>): void {
  startServiceMain(options).catch((err: unknown) => {
    process.stderr.write(
      `${options.name} failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}

async function startServiceMain<E extends ServiceEnv>(options: ServiceMainOptions<E>): Promise<void> {
  const { name, stopTelemetry } = options;
  const env = loadConfig(options.env);
  const logger = createLogger({ service: name, level: env.LOG_LEVEL });
  const db = createPgDb({ connectionString: env.DATABASE_URL, applicationName: name, logger });
  const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: name, logger });
  // The relay exists only once startServiceProcess has the definition: until then a wake-up has nothing to wake.
  let wake = () => {};
  const built = options.build({ env, logger, db, wakeOutbox: () => wake() });
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
