import session from 'express-session';
import type { Redis } from 'ioredis';

/** What passport keeps in a session: the signed-in cirrus. */
export interface SessionUser {
  id: string;
  username: string;
}

type SessionRecord = session.SessionData & { passport?: { user?: SessionUser } };

/** express-session's store, plus what identity needs on top: end every session of one account. */
export interface SessionStore extends session.Store {
  getSession(sid: string): Promise<SessionRecord | null>;
  destroyUserSessions(userId: string): Promise<number>;
  ping(): Promise<boolean>;
}

const DEFAULT_TTL_MS = 14 * 24 * 3600 * 1000;

function ttlOf(sess: session.SessionData): number {
  const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined;
  return Math.max(1000, expires ? expires - Date.now() : DEFAULT_TTL_MS);
}

const userOf = (sess: session.SessionData) => (sess as SessionRecord).passport?.user?.id;

type Callback<T = unknown> = (err?: unknown, value?: T) => void;

function settle<T>(promise: Promise<T>, callback?: Callback<T>) {
  promise.then(
    (value) => callback?.(undefined, value),
    (err: unknown) => callback?.(err),
  );
}

/** For the embedded mode: sessions live in this process and end when it stops. */
export class MemorySessionStore extends session.Store implements SessionStore {
  private readonly sessions = new Map<string, { json: string; expiresAt: number; userId?: string }>();

  async getSession(sid: string): Promise<SessionRecord | null> {
    const entry = this.sessions.get(sid);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.sessions.delete(sid);
      return null;
    }
    return JSON.parse(entry.json) as SessionRecord;
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    settle(this.getSession(sid), callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    this.sessions.set(sid, {
      json: JSON.stringify(sess),
      expiresAt: Date.now() + ttlOf(sess),
      userId: userOf(sess),
    });
    callback?.();
  }

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    const entry = this.sessions.get(sid);
    if (entry) entry.expiresAt = Date.now() + ttlOf(sess);
    callback?.();
  }

  override destroy(sid: string, callback?: Callback): void {
    this.sessions.delete(sid);
    callback?.();
  }

  async destroyUserSessions(userId: string): Promise<number> {
    let ended = 0;
    for (const [sid, entry] of this.sessions) {
      if (entry.userId === userId) {
        this.sessions.delete(sid);
        ended++;
      }
    }
    return ended;
  }

  async ping(): Promise<boolean> {
    return true;
  }
}

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

  async destroyUserSessions(userId: string): Promise<number> {
    const sids = await this.redis.smembers(this.userKey(userId));
    if (sids.length === 0) return 0;
    const [deleted] = (await this.redis
      .multi()
      .del(...sids.map(this.key))
      .del(this.userKey(userId))
      .exec()) ?? [[null, 0]];
    return Number(deleted?.[1] ?? 0);
  }

  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }
}
