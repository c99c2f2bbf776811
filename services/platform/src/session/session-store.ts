import session from 'express-session';

/** What passport keeps in a session: the signed-in cirrus. */
export interface SessionUser {
  id: string;
  username: string;
}

export type SessionRecord = session.SessionData & {
  passport?: { user?: SessionUser };
  /** When the person signed in (epoch ms): the absolute time-out counts from it. */
  createdAt?: number;
  /** When the session was last used (epoch ms), written at most once a minute: the idle time-out counts from it. */
  lastSeenAt?: number;
  /** The browser and system at sign-in ("Firefox on Linux", `deviceOf`), for the list of one's own sessions. */
  device?: string;
};

/** One session of an account, as `listUserSessions` finds it. */
export interface UserSession {
  sid: string;
  record: SessionRecord;
}

/** express-session's store, plus what identity needs on top: list and end the sessions of one account. */
export interface SessionStore extends session.Store {
  getSession(sid: string): Promise<SessionRecord | null>;
  /**
   * Ends every session of the account but `except` (the caller's own, on a password change); answers the ids of the
   * sessions it ended (none: empty).
   */
  destroyUserSessions(userId: string, except?: string): Promise<string[]>;
  /** The account's sessions the store still holds (the time-outs are the caller's to apply: `sessionIsLive`). */
  listUserSessions(userId: string): Promise<UserSession[]>;
  /** Writes the session's `lastSeenAt` (its expiry unchanged); a session that ended meanwhile stays ended. */
  markSeen(sid: string, at: number): Promise<void>;
  ping(): Promise<boolean>;
}

export const DEFAULT_TTL_MS = 14 * 24 * 3600 * 1000;

export function ttlOf(sess: session.SessionData): number {
  const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined;
  return Math.max(1000, expires ? expires - Date.now() : DEFAULT_TTL_MS);
}

export const userOf = (sess: session.SessionData) => (sess as SessionRecord).passport?.user?.id;

export type Callback<T = unknown> = (err?: unknown, value?: T) => void;

export function settle<T>(promise: Promise<T>, callback?: Callback<T>) {
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

  async destroyUserSessions(userId: string, except?: string): Promise<string[]> {
    const ended: string[] = [];
    for (const [sid, entry] of this.sessions) {
      if (entry.userId === userId && sid !== except) {
        this.sessions.delete(sid);
        ended.push(sid);
      }
    }
    return ended;
  }

  async listUserSessions(userId: string): Promise<UserSession[]> {
    const found: UserSession[] = [];
    for (const sid of [...this.sessions.keys()]) {
      if (this.sessions.get(sid)?.userId !== userId) continue;
      const record = await this.getSession(sid);
      if (record) found.push({ sid, record });
    }
    return found;
  }

  async markSeen(sid: string, at: number): Promise<void> {
    const entry = this.sessions.get(sid);
    if (!entry) return;
    entry.json = JSON.stringify({ ...(JSON.parse(entry.json) as SessionRecord), lastSeenAt: at });
  }

  async ping(): Promise<boolean> {
    return true;
  }
}
