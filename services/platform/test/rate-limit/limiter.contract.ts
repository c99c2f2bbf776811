import { randomUUID } from 'node:crypto';
import type { LimiterFactory, LimitRule } from '../../src';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every limiter store must do; run against memory and against real Redis (limiter.test.ts). */
export function limiterContract(factory: () => LimiterFactory) {
  const rule = (overrides: Partial<LimitRule> = {}): LimitRule => ({
    keyPrefix: `test-${randomUUID()}`,
    points: 3,
    durationSeconds: 60,
    ...overrides,
  });

  it('allows up to the points in a window, counting down, then refuses with a retry time', async () => {
    const limiter = factory()(rule());
    const key = randomUUID();
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiter.consume(key));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(decisions[0]!.retryAfterSeconds).toBe(0);
    expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume(randomUUID())).allowed).toBe(true);
  });

  it('keeps the keys of different rules apart', async () => {
    const make = factory();
    const one = make(rule({ points: 1 }));
    const other = make(rule({ points: 1 }));
    const key = randomUUID();
    expect((await one.consume(key)).allowed).toBe(true);
    expect((await one.consume(key)).allowed).toBe(false);
    expect((await other.consume(key)).allowed).toBe(true);
  });

  it('starts a new window when the old one ends', async () => {
    const limiter = factory()(rule({ points: 1, durationSeconds: 1 }));
    const key = randomUUID();
    expect((await limiter.consume(key)).allowed).toBe(true);
    expect((await limiter.consume(key)).allowed).toBe(false);
    await sleep(1_100);
    expect(await limiter.consume(key)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it('peeks without counting: allowed while a consume would be, then refused with the retry time', async () => {
    const limiter = factory()(rule({ points: 2 }));
    const key = randomUUID();
    expect(await limiter.peek(key)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(await limiter.peek(key)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    await limiter.consume(key);
    expect(await limiter.peek(key)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    await limiter.consume(key);
    const spent = await limiter.peek(key);
    expect(spent).toMatchObject({ allowed: false, remaining: 0 });
    expect(spent.retryAfterSeconds).toBeGreaterThan(0);
    expect(spent.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume(key)).allowed).toBe(false);
  });

  it('with blockSeconds, refuses a key that went over for that long, beyond the end of its window', async () => {
    const limiter = factory()(rule({ points: 2, durationSeconds: 1, blockSeconds: 3 }));
    const key = randomUUID();
    expect((await limiter.consume(key)).allowed).toBe(true);
    expect((await limiter.consume(key)).allowed).toBe(true);
    const over = await limiter.consume(key);
    expect(over).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 3 });
    await sleep(1_300); // the 1 s window is over, the block is not
    const blocked = await limiter.consume(key);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBe(2);
    expect((await limiter.peek(key)).allowed).toBe(false);
    await sleep(1_900);
    expect((await limiter.peek(key)).allowed).toBe(true);
    expect((await limiter.consume(key)).allowed).toBe(true);
  }, 10_000);

  it('without blockSeconds, a key over its points is refused only until its window ends', async () => {
    const limiter = factory()(rule({ points: 1, durationSeconds: 2 }));
    const key = randomUUID();
    await limiter.consume(key);
    const over = await limiter.consume(key);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(2);
  });

  it('reset forgets the count and a block', async () => {
    const limiter = factory()(rule({ points: 1, blockSeconds: 3600 }));
    const key = randomUUID();
    await limiter.consume(key);
    const blocked = await limiter.consume(key);
    expect(blocked).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 3600 });
    await limiter.reset(key);
    expect(await limiter.peek(key)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect((await limiter.consume(key)).allowed).toBe(true);
    await limiter.reset(randomUUID()); // an unknown key is no error
  });

  it('refund gives back one point', async () => {
    const limiter = factory()(rule({ points: 2 }));
    const key = randomUUID();
    await limiter.consume(key);
    await limiter.consume(key);
    expect((await limiter.peek(key)).allowed).toBe(false);
    await limiter.refund(key);
    expect(await limiter.peek(key)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect((await limiter.consume(key)).allowed).toBe(true);
    expect((await limiter.consume(key)).allowed).toBe(false);
  });

  it('refuses a rule whose window is not whole seconds', () => {
    expect(() => factory()(rule({ durationSeconds: 0.5 }))).toThrow(/durationSeconds/);
  });
}
