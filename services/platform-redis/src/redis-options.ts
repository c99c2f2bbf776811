import type { RedisOptions } from 'ioredis';

/**
 * The options of every Redis connection of the product (`new Redis(env.REDIS_URL, redisOptions)` in a `main.ts`): a
 * command fails instead of waiting while Redis cannot be reached, so a request that needs it (a session, an
 * account's sessions) is answered 503 by the platform's error handler (`isStoreUnavailable`) within seconds. ioredis
 * otherwise queues commands for as long as it reconnects, and a server that accepts a connection but never answers
 * holds them for ever.
 *
 * - `maxRetriesPerRequest` 3: a command queued while disconnected fails after three reconnection attempts
 *   (`MaxRetriesPerRequestError`): about half a second while the server refuses connections.
 * - `connectTimeout` 5 s: a connection attempt to a black-holed address ends then (ioredis's default is 10 s).
 * - `commandTimeout` 5 s: the bound on everything else, a command of a connection that answers nothing ('Command
 *   timed out'); a healthy Redis answers in milliseconds, so only an outage reaches it. A command that timed out may
 *   still be sent once the connection is back: the product's commands (session reads and writes, counters) bear that.
 *
 * The rate limits never fail for it: `redisLimiters` falls back to its in-memory limiter on any Redis failure (at once
 * while disconnected, after `commandTimeout` on a connection that answers nothing).
 */
export const redisOptions = {
  maxRetriesPerRequest: 3,
  connectTimeout: 5_000,
  commandTimeout: 5_000,
} as const satisfies RedisOptions;
