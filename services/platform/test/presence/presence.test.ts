import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { PRESENCE_TTL_S } from '@vellum/proto';
import { redisPresence } from '@vellum/platform-redis';
import { memoryPresence, type PresenceStore } from '../../src';
import { describeWithServer } from '../../test-support';

/** The rules every presence store keeps (memory embedded, Redis distributed). */
function presenceContract(store: () => PresenceStore) {
  const at = (ms: number) => new Date(Date.now() + ms);

  it('answers who arrived, keeps them online while they beat, and offline with the time they left', async () => {
    const presence = store();
    const [ann, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await presence.beat([ann, bob], at(0))).toEqual([ann, bob]);
    const second = at(1000);
    expect(await presence.beat([ann, bob, cy], second)).toEqual([cy]);
    const left = at(2000);
    await presence.left(bob, left);
    const states = await presence.read([ann, bob, cy, randomUUID()], at(2000));
    expect([...states.values()].map((s) => s.online)).toEqual([true, false, true, false]);
    expect(states.get(bob)!.lastSeen!.getTime()).toBe(left.getTime());
    expect(states.get(ann)!.lastSeen!.getTime()).toBe(second.getTime());
    expect([...states.values()].at(-1)).toEqual({ online: false, lastSeen: null });
    // Back after leaving: an arrival again.
    expect(await presence.beat([bob], at(3000))).toEqual([bob]);
    expect(await presence.beat([], at(3000))).toEqual([]);
    // An account deleted: nothing of it is kept.
    await presence.forget(bob);
    expect((await presence.read([bob], at(3000))).get(bob)).toEqual({ online: false, lastSeen: null });
  });
}

describe('presence in one process (memory)', () => {
  presenceContract(memoryPresence);

  it(`lets a person go ${PRESENCE_TTL_S} s after their last beat (a replica that died)`, async () => {
    const presence = memoryPresence();
    const ann = randomUUID();
    const beat = new Date();
    await presence.beat([ann], beat);
    const later = new Date(beat.getTime() + PRESENCE_TTL_S * 1000);
    expect((await presence.read([ann], later)).get(ann)).toEqual({ online: false, lastSeen: beat });
    expect(await presence.beat([ann], later)).toEqual([ann]);
  });
});

describeWithServer('REDIS_URL', 'presence shared by replicas (Redis)', (url) => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(() => redis.quit());
  presenceContract(() => redisPresence(redis));

  it('keeps a person online only for the TTL after a beat, and one person in one hash slot', async () => {
    const ann = randomUUID();
    await redisPresence(redis).beat([ann], new Date());
    const ttl = await redis.pttl(`presence:on:{${ann}}`);
    expect(ttl).toBeGreaterThan(PRESENCE_TTL_S * 1000 - 5000);
    expect(ttl).toBeLessThanOrEqual(PRESENCE_TTL_S * 1000);
    expect(await redis.ttl(`presence:seen:{${ann}}`)).toBeGreaterThan(300 * 24 * 3600);
  });
});
