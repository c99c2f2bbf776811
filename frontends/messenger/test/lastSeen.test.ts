import { lastSeenText } from '../src/presence/lastSeen';

describe('last seen, as chat tools say it', () => {
  const now = Date.UTC(2026, 10, 29, 18, 0);
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [10_000, 'last seen just now'],
    [60_000, 'last seen 1 minute ago'],
    [59 * 60_000, 'last seen 59 minutes ago'],
    [60 * 60_000, 'last seen 1 hour ago'],
    [23 * 3600_000, 'last seen 23 hours ago'],
    [30 * 3600_000, 'last seen yesterday'],
    // A clock a little ahead of the reader's is 'just now', never a negative time.
    [-30_000, 'last seen just now'],
  ])('%d ms ago: %s', (ms, text) => expect(lastSeenText(ago(ms), now)).toBe(text));

  it('names the date after two days', () => {
    expect(lastSeenText(ago(5 * 24 * 3600_000), now)).toBe('last seen Nov 24, 2026');
  });
});
