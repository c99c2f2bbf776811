import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type session from 'express-session';
import { MemorySessionStore, type SessionStore } from '../../src';
import { RedisSessionStore } from '@vellum/platform-redis';
import { describeWithServer } from '@vellum/platform/test-support';

const promised = <T>(fn: (cb: (err?: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));

function record(userId?: string, maxAgeMs = 60_000): session.SessionData {
  return {
    cookie: { originalMaxAge: maxAgeMs, expires: new Date(Date.now() + maxAgeMs) },
    ...(userId && { passport: { user: { id: userId, username: `u-${userId.slice(0, 6)}` } } }),
  } as unknown as session.SessionData;
}

function sessionStoreContract(make: () => SessionStore) {
  it('stores, reads, touches and destroys a session', async () => {
    const store = make();
    const sid = randomUUID();
    await promised((cb) => store.set(sid, record('a-user'), cb));
    expect((await store.getSession(sid))?.passport?.user?.id).toBe('a-user');
    await promised((cb) => store.touch!(sid, record('a-user'), cb));
    await promised((cb) => store.destroy(sid, cb));
    expect(await store.getSession(sid)).toBeNull();
  });

  it("ends every session of one account and no one else's", async () => {
    const store = make();
    const [user, other] = [randomUUID(), randomUUID()];
    const sids = [randomUUID(), randomUUID(), randomUUID()];
    await promised((cb) => store.set(sids[0]!, record(user), cb));
    await promised((cb) => store.set(sids[1]!, record(user), cb));
    await promised((cb) => store.set(sids[2]!, record(other), cb));
    expect((await store.destroyUserSessions(user)).sort()).toEqual([sids[0]!, sids[1]!].sort());
    expect(await store.getSession(sids[0]!)).toBeNull();
    expect(await store.getSession(sids[1]!)).toBeNull();
    expect(await store.getSession(sids[2]!)).not.toBeNull();
    expect(await store.destroyUserSessions(user)).toEqual([]);
  });

  it("lists one account's sessions, ends all but one, and writes lastSeenAt keeping the expiry", async () => {
    const store = make();
    const [user, other] = [randomUUID(), randomUUID()];
    const sids = [randomUUID(), randomUUID(), randomUUID()];
    await promised((cb) => store.set(sids[0]!, record(user), cb));
    await promised((cb) => store.set(sids[1]!, record(user), cb));
    await promised((cb) => store.set(sids[2]!, record(other), cb));
    const listed = await store.listUserSessions(user);
    expect(listed.map((s) => s.sid).sort()).toEqual([sids[0]!, sids[1]!].sort());
    expect(listed[0]!.record.passport?.user?.id).toBe(user);

    await store.markSeen(sids[0]!, 1234);
    expect((await store.getSession(sids[0]!))?.lastSeenAt).toBe(1234);
    await store.markSeen('gone', 1234);
    expect(await store.getSession('gone')).toBeNull();

    expect(await store.destroyUserSessions(user, sids[0]!)).toEqual([sids[1]!]);
    expect((await store.listUserSessions(user)).map((s) => s.sid)).toEqual([sids[0]!]);
    expect(await store.listUserSessions(other)).toHaveLength(1);
  });

  it('leaves ended sessions out of the list', async () => {
    const store = make();
    const user = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    await promised((cb) => store.set(a, record(user), cb));
    await promised((cb) => store.set(b, record(user), cb));
    await promised((cb) => store.destroy(a, cb));
    expect((await store.listUserSessions(user)).map((s) => s.sid)).toEqual([b]);
    expect((await store.listUserSessions(user)).map((s) => s.sid)).toEqual([b]);
  });

  it('forgets a session once it expires', async () => {
    const store = make();
    const sid = randomUUID();
    await promised((cb) => store.set(sid, record(undefined, 1000), cb));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.getSession(sid)).toBeNull();
  });

  it('answers its health check', async () => {
    expect(await make().ping()).toBe(true);
  });
}

describe('MemorySessionStore', () => sessionStoreContract(() => new MemorySessionStore()));

describeWithServer('REDIS_URL', 'RedisSessionStore', (url) => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(() => redis.quit());
  sessionStoreContract(() => new RedisSessionStore(redis, `test-sess-${randomUUID()}:`));
});
