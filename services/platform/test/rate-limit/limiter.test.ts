import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { memoryLimiters } from '../../src';
import { redisLimiters } from '@vellum/platform-redis';
import { describeWithServer } from '@vellum/platform/test-support';
import { limiterContract } from './limiter.contract';

describe('memoryLimiters', () => limiterContract(() => memoryLimiters));

describeWithServer('REDIS_URL', 'redisLimiters', (url) => {
  let redis: Redis;
  let replica: Redis;
  beforeAll(async () => {
    redis = new Redis(url);
    replica = new Redis(url);
    // Ready before the first call: until then the limiter answers from its in-memory insurance.
    await Promise.all([redis.ping(), replica.ping()]);
  });
  afterAll(async () => {
    await Promise.all([redis.quit(), replica.quit()]);
  });

  limiterContract(() => redisLimiters(redis));

  it('counts in Redis, so every replica shares the same limit', async () => {
    const rule = { keyPrefix: `test-${randomUUID()}`, points: 2, durationSeconds: 60 };
    const one = redisLimiters(redis)(rule);
    const two = redisLimiters(replica)(rule);
    const key = randomUUID();
    expect((await one.consume(key)).allowed).toBe(true);
    expect((await two.consume(key)).allowed).toBe(true);
    expect((await one.consume(key)).allowed).toBe(false);
    expect((await two.peek(key)).allowed).toBe(false);
    expect(Number(await redis.get(`rl:${rule.keyPrefix}:${key}`))).toBe(3);
    const ttl = await redis.ttl(`rl:${rule.keyPrefix}:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    await two.reset(key);
    expect(await redis.exists(`rl:${rule.keyPrefix}:${key}`)).toBe(0);
    expect((await one.consume(key)).allowed).toBe(true);
  });
});

describe('redisLimiters while Redis is unreachable', () => {
  let redis: Redis;
  beforeAll(() => {
    // Nothing listens on port 1: the client keeps reconnecting and is never ready.
    redis = new Redis({
      host: '127.0.0.1',
      port: 1,
      retryStrategy: () => 100,
      maxRetriesPerRequest: 1,
      disconnectTimeout: 10,
    });
    redis.on('error', () => undefined);
  });
  afterAll(() => redis.disconnect());

  it('answers every call from the in-memory insurance limiter at once, with the same rule', async () => {
    const limiter = redisLimiters(redis)({
      keyPrefix: `test-${randomUUID()}`,
      points: 2,
      durationSeconds: 60,
    });
    const key = randomUUID();
    const started = Date.now();
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await limiter.consume(key));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
    expect((await limiter.peek(key)).allowed).toBe(false);
    await limiter.refund(key);
    await limiter.refund(key);
    expect((await limiter.peek(key)).allowed).toBe(true);
    await limiter.reset(key);
    expect((await limiter.peek(key)).remaining).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
