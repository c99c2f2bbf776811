import { MemorySessionStore, type SessionRecord } from '../../src';
import {
  deviceOf,
  liveSession,
  SEEN_REFRESH_MS,
  sessionIsLive,
  sessionLimitsOf,
  sessionNeedsSeen,
} from '../../src/session/session-life';

const limits = sessionLimitsOf({ SESSION_IDLE_MINUTES: 30, SESSION_ABSOLUTE_HOURS: 24 });
const t0 = Date.parse('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0 + ms);
const minutes = (n: number) => n * 60_000;

const record = (fields: Partial<SessionRecord> = {}): SessionRecord =>
  ({
    cookie: { originalMaxAge: minutes(60 * 48), expires: at(minutes(60 * 48)) },
    passport: { user: { id: 'u1', username: 'ann' } },
    createdAt: t0,
    lastSeenAt: t0,
    ...fields,
  }) as SessionRecord;

describe('sessionIsLive', () => {
  it('is live until the idle limit since it was last used', () => {
    expect(sessionIsLive(record(), at(minutes(29)), limits)).toBe(true);
    expect(sessionIsLive(record(), at(minutes(30)), limits)).toBe(false);
    expect(sessionIsLive(record({ lastSeenAt: t0 + minutes(20) }), at(minutes(49)), limits)).toBe(true);
  });

  it('ends at the absolute limit since sign-in, however recently it was used', () => {
    const used = (ms: number) => record({ lastSeenAt: t0 + ms - 1000 });
    expect(sessionIsLive(used(minutes(60 * 24) - 1), at(minutes(60 * 24) - 1), limits)).toBe(true);
    expect(sessionIsLive(used(minutes(60 * 24)), at(minutes(60 * 24)), limits)).toBe(false);
  });

  it("ends with its cookie's expiry; a record from before the time-outs is bounded by it alone", () => {
    const old = record({
      createdAt: undefined,
      lastSeenAt: undefined,
      cookie: { expires: at(1000) } as never,
    });
    expect(sessionIsLive(old, at(999), limits)).toBe(true);
    expect(sessionIsLive(old, at(1000), limits)).toBe(false);
  });

  it('asks for lastSeenAt to be written at most once a minute', () => {
    expect(sessionNeedsSeen(record(), at(SEEN_REFRESH_MS - 1))).toBe(false);
    expect(sessionNeedsSeen(record(), at(SEEN_REFRESH_MS))).toBe(true);
    expect(sessionNeedsSeen(record({ lastSeenAt: undefined }), at(0))).toBe(true);
  });
});

describe('liveSession', () => {
  const put = (store: MemorySessionStore, sid: string, r: SessionRecord) =>
    new Promise<void>((resolve) => store.set(sid, r as never, () => resolve()));

  it('destroys an idle session and answers none', async () => {
    const store = new MemorySessionStore();
    await put(store, 'sid-idle', record({ cookie: { expires: new Date(Date.now() + 60_000) } as never }));
    expect(await liveSession(store, 'sid-idle', limits, at(minutes(31)))).toBeNull();
    expect(await store.getSession('sid-idle')).toBeNull();
  });

  it('refreshes lastSeenAt once a minute, not on every request', async () => {
    const store = new MemorySessionStore();
    await put(store, 'sid-1', record({ cookie: { expires: new Date(Date.now() + 60_000) } as never }));
    const markSeen = jest.spyOn(store, 'markSeen');
    await liveSession(store, 'sid-1', limits, at(10_000));
    expect(markSeen).not.toHaveBeenCalled();
    await liveSession(store, 'sid-1', limits, at(SEEN_REFRESH_MS + 5));
    await liveSession(store, 'sid-1', limits, at(SEEN_REFRESH_MS + 30_000));
    expect(markSeen).toHaveBeenCalledTimes(1);
    expect((await store.getSession('sid-1'))?.lastSeenAt).toBe(t0 + SEEN_REFRESH_MS + 5);
  });
});

describe('deviceOf', () => {
  it('names the browser and system, never the raw header', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceOf(undefined)).toBe('Unknown device');
    expect(deviceOf(`${'x'.repeat(100_000)}\u0000<script>`)).toBe('Unknown device');
  });
});
