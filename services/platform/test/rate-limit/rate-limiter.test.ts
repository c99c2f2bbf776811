import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../../src';
import { describeWithServer } from '../support/servers';

function rateLimiterContract(make: () => RateLimiter) {
  it('allows up to the limit in a window, then refuses with a retry time', async () => {
    const limiter = make();
    const key = randomUUID();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(key, 3, 60_000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit(randomUUID(), 3, 60_000)).allowed).toBe(true);
  });

  it('starts a new window when the old one ends', async () => {
    const limiter = make();
    const key = randomUUID();
    expect((await limiter.hit(key, 1, 300)).allowed).toBe(true);
    expect((await limiter.hit(key, 1, 300)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await limiter.hit(key, 1, 300)).allowed).toBe(true);
  });
}

describe('MemoryRateLimiter', () => rateLimiterContract(() => new MemoryRateLimiter()));

describeWithServer('REDIS_URL', 'RedisRateLimiter', (url) => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(() => redis.quit());
  rateLimiterContract(() => new RedisRateLimiter(redis, `test-rl-${randomUUID()}:`));
});
