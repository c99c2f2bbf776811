import { z } from 'zod';
import { env } from './fields';

/**
 * The environment of every service process with its own Postgres schema on the bus (distributed mode): spread it
 * into the service's `z.object({...})` and add what is its own.
 */
export const serviceEnvShape = {
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  DATABASE_URL: env.postgresUrl(),
  KAFKA_BROKERS: env.brokers(),
  /** Verifies the gateway's caller assertion (shared with the gateway). */
  INTERNAL_AUTH_SECRET: env.secret(),
};

export type ServiceEnv = z.infer<z.ZodObject<typeof serviceEnvShape>>;
