import { z } from 'zod';
import type { SessionRecord, SessionStore } from './session-store';

/** The two time-outs of a signed-in session (ASVS 5.0 V7.3): idle (since last used) and absolute (since sign-in). */
export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** SESSION_IDLE_MINUTES' default: 12 hours (docs/security.md says why). */
export const DEFAULT_SESSION_IDLE_MINUTES = 12 * 60;
/** SESSION_ABSOLUTE_HOURS' default: 14 days, the cookie's max age before the time-outs. */
export const DEFAULT_SESSION_ABSOLUTE_HOURS = 14 * 24;

/** The two variables, read by identity and the gateway alike (and the embedded mode). */
export const sessionLimitsEnvShape = {
  /** Minutes a session may go unused before it ends (the idle time-out). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(DEFAULT_SESSION_IDLE_MINUTES),
  /** Hours after sign-in at which a session ends however much it is used (the absolute time-out). */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(DEFAULT_SESSION_ABSOLUTE_HOURS),
};

export const sessionLimitsOf = (e: { SESSION_IDLE_MINUTES: number; SESSION_ABSOLUTE_HOURS: number }) => ({
  idleMs: e.SESSION_IDLE_MINUTES * 60_000,
  absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
});

export const DEFAULT_SESSION_LIMITS: SessionLimits = sessionLimitsOf({
  SESSION_IDLE_MINUTES: DEFAULT_SESSION_IDLE_MINUTES,
  SESSION_ABSOLUTE_HOURS: DEFAULT_SESSION_ABSOLUTE_HOURS,
});

/** `lastSeenAt` is written at most this often per session, never on every request. */
export const SEEN_REFRESH_MS = 60_000;

/**
 * Whether a session may still be used at `now`: its cookie has not expired, it was used within the idle limit and
 * it started within the absolute one. A record from before the time-outs (no `createdAt`/`lastSeenAt`) is bounded by
 * its cookie's expiry alone until its first use writes `lastSeenAt`. The one rule of the gateway, the embedded
 * mode (the same gateway code) and identity's own session middleware.
 */
export function sessionIsLive(record: SessionRecord, now: Date, limits: SessionLimits): boolean {
  const at = now.getTime();
  const expires = record.cookie?.expires ? new Date(record.cookie.expires).getTime() : undefined;
  if (expires !== undefined && expires <= at) return false;
  if (typeof record.createdAt === 'number' && at - record.createdAt >= limits.absoluteMs) return false;
  if (typeof record.lastSeenAt === 'number' && at - record.lastSeenAt >= limits.idleMs) return false;
  return true;
}

/** Whether this use of the session should write its `lastSeenAt` (at most once a minute). */
export const sessionNeedsSeen = (record: SessionRecord, now: Date) =>
  typeof record.lastSeenAt !== 'number' || now.getTime() - record.lastSeenAt >= SEEN_REFRESH_MS;

/**
 * The session `sid` names, when it is live; a dead one (idle, past its absolute limit) is destroyed and is no
 * session. A live one's `lastSeenAt` is refreshed when more than a minute old.
 */
export async function liveSession(
  store: Pick<SessionStore, 'getSession' | 'markSeen' | 'destroy'>,
  sid: string,
  limits: SessionLimits,
  now = new Date(),
): Promise<SessionRecord | null> {
  const record = await store.getSession(sid);
  if (!record) return null;
  if (!sessionIsLive(record, now, limits)) {
    await new Promise<void>((resolve, reject) =>
      store.destroy(sid, (err) => (err ? reject(err) : resolve())),
    );
    return null;
  }
  if (sessionNeedsSeen(record, now)) {
    await store.markSeen(sid, now.getTime());
    record.lastSeenAt = now.getTime();
  }
  return record;
}

/** Drops C0 and C1 control characters (and DEL): the description is shown as text, on one line. */
const withoutControls = (text: string) =>
  [...text]
    .filter((c) => !(c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f)))
    .join('');

/**
 * A short description of the browser and system a User-Agent names ("Firefox on Linux"), for the list of one's own
 * sessions: never the raw header (its length is the client's to choose, it may carry control characters).
 */
export function deviceOf(userAgent: string | undefined): string {
  const ua = withoutControls((userAgent ?? '').slice(0, 512));
  const browser =
    (/Edg(e|A|iOS)?\//.test(ua) && 'Edge') ||
    (/OPR\/|Opera/.test(ua) && 'Opera') ||
    (/Firefox\/|FxiOS\//.test(ua) && 'Firefox') ||
    (/Chrom(e|ium)\/|CriOS\//.test(ua) && 'Chrome') ||
    (/Safari\//.test(ua) && 'Safari') ||
    (/curl\//i.test(ua) && 'curl') ||
    undefined;
  const system =
    (/Android/.test(ua) && 'Android') ||
    (/iPhone|iPad|iPod/.test(ua) && 'iOS') ||
    (/Windows/.test(ua) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(ua) && 'macOS') ||
    (/CrOS/.test(ua) && 'ChromeOS') ||
    (/Linux/.test(ua) && 'Linux') ||
    undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
