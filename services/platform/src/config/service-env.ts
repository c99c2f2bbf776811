import { z } from 'zod';
import { env } from './fields';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from '../http/serve';

/** How long a client may take to send a request, and its headers (every process that listens). */
export const timeoutEnvShape = {
  REQUEST_TIMEOUT_MS: env.timeoutMs(DEFAULT_REQUEST_TIMEOUT_MS),
  HEADERS_TIMEOUT_MS: env.timeoutMs(DEFAULT_HEADERS_TIMEOUT_MS),
};

/**
 * Where the process serves its Prometheus metrics (`GET /metrics`): a port of its own, never the public one (the
 * Ingress routes only to that). 0 takes a free port (tests that run many processes on one machine); `off` serves
 * none and measures no request (what `npm run bench:api` compares against).
 */
export const metricsEnvShape = {
  METRICS_PORT: env.portOrOff(9464),
};

/** How long a request waits for a Postgres connection (a server down or black-holed) before it fails with a 503. */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a Postgres statement may run, under the request time-out (30 s) so that a request on a connection gone
 * silent fails with a 503 before the request time-out. Migrations have no limit (`TransactionOptions`).
 */
export const DEFAULT_DATABASE_QUERY_TIMEOUT_MS = 15_000;

/** The Postgres client's time-outs (`createPgDb`'s `connectionTimeoutMs` and `queryTimeoutMs`). */
export const databaseTimeoutEnvShape = {
  DATABASE_CONNECT_TIMEOUT_MS: env.timeoutMs(DEFAULT_DATABASE_CONNECT_TIMEOUT_MS),
  DATABASE_QUERY_TIMEOUT_MS: env.timeoutMs(DEFAULT_DATABASE_QUERY_TIMEOUT_MS),
};

/**
 * The environment of every service process with its own Postgres schema on the bus (distributed mode): spread it
 * into the service's `z.object({...})` and add what is its own.
 */
export const serviceEnvShape = {
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  ...metricsEnvShape,
  DATABASE_URL: env.postgresUrl(),
  ...databaseTimeoutEnvShape,
  KAFKA_BROKERS: env.brokers(),
  /** Verifies the gateway's caller assertion (shared with the gateway). */
  INTERNAL_AUTH_SECRET: env.secret(),
  ...timeoutEnvShape,
  /**
   * The fault drills' handle (`faultPointsRouter`): `on` lets a test kill the process at a fault point. Off unless
   * turned on; refused with NODE_ENV=production.
   */
  FAULT_POINTS: env.switch(),
};

export type ServiceEnv = z.infer<z.ZodObject<typeof serviceEnvShape>>;

/**
 * The environment of a service process on MongoDB instead of Postgres (distributed mode): the same as
 * `serviceEnvShape` with `MONGO_URL` (the database is the URL's path, else the service's name) for `DATABASE_URL`
 * and its connection time-out; `DATABASE_QUERY_TIMEOUT_MS` bounds an operation's waits (`connectMongo`).
 */
export const mongoServiceEnvShape = (({
  DATABASE_URL: _postgres,
  DATABASE_CONNECT_TIMEOUT_MS: _connect,
  ...rest
}) => ({
  ...rest,
  MONGO_URL: env.mongoUrl(),
}))(serviceEnvShape);

export type MongoServiceEnv = z.infer<z.ZodObject<typeof mongoServiceEnvShape>>;
