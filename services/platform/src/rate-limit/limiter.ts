import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * One limit: at most `points` per `durationSeconds` for each key (a fixed window that starts with the key's first
 * point). A key over its points is refused until its window ends, or, with `blockSeconds`, for that long from the
 * moment it went over.
 */
export interface LimitRule {
  /** Names the limit: keys of different rules never meet (in Redis: `rl:<keyPrefix>:<key>`). */
  keyPrefix: string;
  points: number;
  /** Whole seconds, at least 1. */
  durationSeconds: number;
  blockSeconds?: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Points left in the key's window. */
  remaining: number;
  /** 0 when allowed; otherwise whole seconds (at least 1) until a consume would be allowed again. */
  retryAfterSeconds: number;
}

/** A rule applied to keys. No method throws for "over the limit"; only a store failure with no fallback throws. */
export interface Limiter {
  /** Counts one point for `key`; `allowed` is false once the key is over its points or blocked. */
  consume(key: string): Promise<LimitDecision>;
  /** Would a consume be allowed now? Counts nothing. */
  peek(key: string): Promise<LimitDecision>;
  /** Gives back one point counted earlier by `consume` (an attempt that turned out not to count). */
  refund(key: string): Promise<void>;
  /** Forgets the key: its count and any block. */
  reset(key: string): Promise<void>;
}

/**
 * The limiter port: callers name a rule and get a limiter; the composition root picks the store
 * (`memoryLimiters` in embedded mode, `redisLimiters(redis)` in distributed mode). Build each rule once at start:
 * memory limiters built twice for the same prefix do not share counts.
 */
export type LimiterFactory = (rule: LimitRule) => Limiter;

export const libraryOptions = (rule: LimitRule) => {
  if (!Number.isInteger(rule.durationSeconds) || rule.durationSeconds < 1)
    throw new Error(
      `rate limit ${rule.keyPrefix}: durationSeconds must be a whole number of seconds, at least 1`,
    );
  return {
    keyPrefix: `rl:${rule.keyPrefix}`,
    points: rule.points,
    duration: rule.durationSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
};

/** Points counted in a live window (a memory record can outlive its expiry by a few milliseconds). */
const counted = (res: RateLimiterRes | null): res is RateLimiterRes =>
  res !== null && (res.msBeforeNext > 0 || res.msBeforeNext === -1);

const decision = (rule: LimitRule, res: RateLimiterRes | null, allowed: boolean): LimitDecision => ({
  allowed,
  remaining: counted(res) ? Math.max(0, rule.points - res.consumedPoints) : rule.points,
  retryAfterSeconds: allowed || !res ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

export function adapt(rule: LimitRule, limiter: RateLimiterAbstract): Limiter {
  return {
    async consume(key) {
      try {
        return decision(rule, await limiter.consume(key), true);
      } catch (refusal) {
        // The library rejects with its result when the key is over; anything else is a store failure.
        if (refusal instanceof RateLimiterRes) return decision(rule, refusal, false);
        throw refusal;
      }
    },
    async peek(key) {
      const res = await limiter.get(key);
      return decision(rule, res, !counted(res) || res.consumedPoints < rule.points);
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** Embedded mode: one process, counts in memory. */
export const memoryLimiters: LimiterFactory = (rule) =>
  adapt(rule, new RateLimiterMemory(libraryOptions(rule)));
