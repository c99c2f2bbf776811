import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { adapt, libraryOptions, type LimiterFactory } from '@vellum/platform';

/**
 * Distributed mode: every replica counts in the same Redis key (atomically, in a Lua script). While Redis is not
 * ready, each call goes straight to an in-memory insurance limiter with the same rule, so an outage degrades to
 * per-replica limits instead of failing the calls the limit guards.
 */
export function redisLimiters(redis: Redis): LimiterFactory {
  return (rule) => {
    const options = libraryOptions(rule);
    return adapt(
      rule,
      new RateLimiterRedis({
        ...options,
        storeClient: redis,
        // ioredis, not the `redis` package: the library talks to it through its own command interface.
        useRedisPackage: false,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    );
  };
}
