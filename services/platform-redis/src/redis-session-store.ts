import session from 'express-session';
import type { Redis } from 'ioredis';
import {
  type Callback,
  DEFAULT_TTL_MS,
  type SessionRecord,
  type SessionStore,
  settle,
  ttlOf,
  userOf,
  type UserSession,
} from '@vellum/platform';

/** For the distributed mode: sessions in Redis, with a set per account so a password reset can end them all. */
export class RedisSessionStore extends session.Store implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'sess:',
  ) {
    super();
  }

  private key = (sid: string) => `${this.prefix}${sid}`;
  private userKey = (userId: string) => `${this.prefix}user:${userId}`;

  async getSession(sid: string): Promise<SessionRecord | null> {
    const json = await this.redis.get(this.key(sid));
    return json ? (JSON.parse(json) as SessionRecord) : null;
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    settle(this.getSession(sid), callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    const ttl = ttlOf(sess);
    const userId = userOf(sess);
    const tx = this.redis.multi().set(this.key(sid), JSON.stringify(sess), 'PX', ttl);
    if (userId) tx.sadd(this.userKey(userId), sid).pexpire(this.userKey(userId), DEFAULT_TTL_MS * 2);
    settle(
      tx.exec().then(() => undefined),
      callback,
    );
  }

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    settle(
      this.redis.pexpire(this.key(sid), ttlOf(sess)).then(() => undefined),
      callback,
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(
      this.redis.del(this.key(sid)).then(() => undefined),
      callback,
    );
  }

  async destroyUserSessions(userId: string, except?: string): Promise<string[]> {
    const sids = (await this.redis.smembers(this.userKey(userId))).filter((sid) => sid !== except);
    if (sids.length === 0) return [];
    // The account's set may still name sessions that ended on their own (expired, signed out): ending them again
    // changes nothing, and naming them does no harm.
    const tx = this.redis.multi().del(...sids.map(this.key));
    if (except === undefined) tx.del(this.userKey(userId));
    else tx.srem(this.userKey(userId), ...sids);
    await tx.exec();
    return sids;
  }

  async listUserSessions(userId: string): Promise<UserSession[]> {
    const sids = await this.redis.smembers(this.userKey(userId));
    if (sids.length === 0) return [];
    const values = await this.redis.mget(...sids.map(this.key));
    // Members whose session ended on its own (expired, signed out) are pruned from the account's set here.
    const dead = sids.filter((_, i) => !values[i]);
    if (dead.length) await this.redis.srem(this.userKey(userId), ...dead);
    return sids.flatMap((sid, i) =>
      values[i] ? [{ sid, record: JSON.parse(values[i]) as SessionRecord }] : [],
    );
  }

  async markSeen(sid: string, at: number): Promise<void> {
    const json = await this.redis.get(this.key(sid));
    if (!json) return;
    const record = { ...(JSON.parse(json) as SessionRecord), lastSeenAt: at };
    // KEEPTTL: the expiry stays the absolute one; XX: a session ended meanwhile is not written back.
    await this.redis.set(this.key(sid), JSON.stringify(record), 'KEEPTTL', 'XX');
  }

  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }
}
