import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed-window counter: at most `limit` hits per `windowMs` for one key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

const decide = (count: number, limit: number, msLeft: number): RateDecision => ({
  allowed: count <= limit,
  remaining: Math.max(0, limit - count),
  retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
});

/** Embedded mode: one process, counters in memory, swept as their windows end. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = Date.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return decide(window.count, limit, window.resetAt - now);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Distributed mode: every gateway replica counts in the same Redis key. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const redisKey = this.prefix + key;
    const results = await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, windowMs, 'NX')
      .pttl(redisKey)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return decide(count, limit, ttl > 0 ? ttl : windowMs);
  }
}
