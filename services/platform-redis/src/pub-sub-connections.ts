import type { Redis, RedisOptions } from 'ioredis';

/**
 * The options of connections a pub/sub library owns (messaging's socket.io Redis adapter), over the product's
 * `redisOptions`: such a library catches none of its PUBLISHes and SUBSCRIBEs, so a command that fails (timed out, or
 * flushed after the retries of `maxRetriesPerRequest`) is an unhandled rejection that ends the process. Their
 * commands wait while Redis is away instead (no time-out, no retry limit) and go once it is back; no request waits on
 * them. Found by the fault drills: a Redis restart ended a messaging replica with MaxRetriesPerRequestError.
 */
export const pubSubConnectionOptions = {
  commandTimeout: undefined,
  maxRetriesPerRequest: null,
} as const satisfies RedisOptions;

/** A publisher and a subscriber (a subscribed connection sends nothing else): duplicates of `redis`. */
export function pubSubConnections(redis: Redis): { publisher: Redis; subscriber: Redis } {
  return {
    publisher: redis.duplicate(pubSubConnectionOptions),
    subscriber: redis.duplicate(pubSubConnectionOptions),
  };
}
