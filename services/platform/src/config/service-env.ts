import { z } from 'zod';
import { env } from './fields';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from '../http/serve';

/** How long a client may take to send a request, and its headers (every process that listens). */
export const timeoutEnvShape = {
  REQUEST_TIMEOUT_MS: env.timeoutMs(DEFAULT_REQUEST_TIMEOUT_MS),
  HEADERS_TIMEOUT_MS: env.timeoutMs(DEFAULT_HEADERS_TIMEOUT_MS),
};

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
  ...timeoutEnvShape,
};

export type ServiceEnv = z.infer<z.ZodObject<typeof serviceEnvShape>>;

/**
 * The environment of a service process on MongoDB instead of Postgres (distributed mode): the same as
 * `serviceEnvShape` with `MONGO_URL` (the database is the URL's path, else the service's name) for `DATABASE_URL`.
 */
export const mongoServiceEnvShape = (({ DATABASE_URL: _postgres, ...rest }) => ({
  ...rest,
  MONGO_URL: env.mongoUrl(),
}))(serviceEnvShape);

export type MongoServiceEnv = z.infer<z.ZodObject<typeof mongoServiceEnvShape>>;
