import { Unavailable } from './errors';

/**
 * Whether `error` says a store (Postgres, Redis, MongoDB, or any server reached over a socket) cannot be reached
 * right now (or is shutting down, or failing over), whatever its driver: the error handler answers it 503 with `Retry-After` instead of a 500. Matched by
 * the shape of the drivers' errors (code, name, message), never by importing a driver: the platform depends on none.
 * A query that failed for its own sake (a constraint, bad SQL, a statement the server cancelled) is no outage.
 * The error's `cause` chain and an `AggregateError` whose every error is one are followed too.
 */
export function isStoreUnavailable(error: unknown): boolean {
  return unavailableIn(error, 0);
}

/**
 * Node's errors of a socket that could not connect or was lost: refused, reset, timed out, no route, no such host
 * (or none right now), closed under a write.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * Postgres's SQLSTATEs of a server that cannot serve the connection: class 08 (connection exception) but 08P01 (a
 * protocol violation: the client's bug, such as too many parameters), 53300 (too many connections), 57P01 to 57P03
 * (administrator or crash shut-down, cannot connect now: a server starting or in recovery).
 */
const POSTGRES_CODES = /^(08(?!P01)[0-9A-Z]{3}|53300|57P0[123])$/;

/** The messages of the drivers' own connection failures, which carry no code. */
const MESSAGES = new Set([
  // pg: a connection lost under a query; the pool's connection time-out (waiting for a free connection, or for a
  // new one to connect); a query that got no answer within its `query_timeout`; a client's own connection time-out.
  'Connection terminated unexpectedly',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Query read timeout',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  // ioredis: a command on a closed connection, a command refused while disconnected without an offline queue, a
  // command past its `commandTimeout`.
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
]);

/**
 * The names of the drivers' connection errors: ioredis's retries given up; the mongodb driver's server selection
 * given up, no free connection of the pool within its wait, a connection lost or silent, a pool cleared after one
 * was (the last when its monitor timed out).
 */
const NAMES = new Set([
  'MaxRetriesPerRequestError',
  'MongoServerSelectionError',
  'MongoWaitQueueTimeoutError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
]);

/**
 * MongoDB's codes of a server shutting down or giving up its primary (a restart, a fail-over): the operation did not
 * run, and will on the next primary. ShutdownInProgress, InterruptedAtShutdown, InterruptedDueToReplStateChange,
 * PrimarySteppedDown, NotWritablePrimary, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary.
 */
const MONGO_CODES = new Set([91, 11600, 11602, 189, 10107, 13435, 13436]);

/** How far down a `cause` chain to look (a wrapped error wraps once or twice, never more in this code base). */
const MAX_DEPTH = 4;

function unavailableIn(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  if (error instanceof Unavailable) return true;
  const { code, name, message, cause, errors } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
  if (typeof name === 'string' && NAMES.has(name)) return true;
  if (name === 'MongoServerError' && typeof code === 'number' && MONGO_CODES.has(code)) return true;
  if (typeof message === 'string' && MESSAGES.has(message)) return true;
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => unavailableIn(e, depth + 1)))
    return true;
  return unavailableIn(cause, depth + 1);
}
