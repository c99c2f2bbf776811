import { randomUUID } from 'node:crypto';
import { notificationOf } from '../../src/domain/notification';
import type { MessagingRepository, StoredNotification } from '../../src/store/messaging-repository';
import { t0 } from './stored-messages';

const DAY = 86_400_000;
/** The contract's keeping line: everything it stores happened after it. */
const since = new Date(t0 - 90 * DAY);

/** A follow of `recipient` by `actor`, `seconds` after t0, with an event id of its own. */
export const followOf = (
  actor: string,
  recipient: string,
  seconds = 0,
  id = randomUUID(),
): StoredNotification =>
  notificationOf({
    eventId: id,
    kind: 'followed',
    actor,
    recipient,
    subject: recipient,
    at: new Date(t0 + seconds * 1000),
  })!;

/**
 * What the notifications' part of `MessagingRepository` promises on every store (the real servers keep earlier
 * runs' data: every test uses cirri of its own).
 */
export function notificationsContract(store: () => MessagingRepository): void {
  const ids = (found: StoredNotification[]) => found.map((n) => n.id);
  const list = (recipient: string, page: { beforeKey?: string; limit?: number } = {}) =>
    store().notifications(recipient, { keptSince: since, limit: 10, ...page });

  it('stores a notification once per event, and lists them newest first a page at a time', async () => {
    const [me, a, b] = [randomUUID(), randomUUID(), randomUUID()];
    const older = followOf(a, me, 1);
    const newer = followOf(b, me, 2);
    expect(await store().addNotification(older, since)).toBe(true);
    expect(await store().addNotification(newer, since)).toBe(true);
    expect(await store().addNotification(older, since)).toBe(false);
    expect(await list(me)).toEqual([newer, older]);
    expect(ids(await list(me, { limit: 1 }))).toEqual([newer.id]);
    expect(ids(await list(me, { beforeKey: newer.key }))).toEqual([older.id]);
    expect(await store().notification(older.id)).toEqual(older);
    expect(await list(a)).toEqual([]);
  });

  it('keeps the newest of the same actor, kind and subject (a follow again after an unfollow)', async () => {
    const [me, a, b] = [randomUUID(), randomUUID(), randomUUID()];
    const first = followOf(a, me, 1);
    const other = followOf(b, me, 2);
    const again = followOf(a, me, 3);
    for (const n of [first, other, again]) expect(await store().addNotification(n, since)).toBe(true);
    expect(ids(await list(me))).toEqual([again.id, other.id]);
    // Delivered out of order, an older one is not stored.
    expect(await store().addNotification(followOf(a, me, 0), since)).toBe(false);
    expect(ids(await list(me))).toEqual([again.id, other.id]);
  });

  it('counts the unread past the read mark, and a cleared mark removes them for good', async () => {
    const me = randomUUID();
    const [n1, n2, n3] = [1, 2, 3].map((s) => followOf(randomUUID(), me, s)) as [
      StoredNotification,
      StoredNotification,
      StoredNotification,
    ];
    for (const n of [n1, n2]) await store().addNotification(n, since);
    expect(await store().unreadNotifications(me, since)).toBe(2);
    await store().markNotifications(me, 'read', n1.key, new Date(t0));
    await store().markNotifications(me, 'read', n1.key, new Date(t0));
    expect(await store().unreadNotifications(me, since)).toBe(1);
    expect(await store().notificationMarks(me)).toEqual({ read: n1.key, cleared: null });
    await store().markNotifications(me, 'cleared', n2.key, new Date(t0));
    expect(await list(me)).toEqual([]);
    expect(await store().unreadNotifications(me, since)).toBe(0);
    // A redelivered or replayed event up to the cleared mark stays cleared; a newer one is stored.
    await store().forgetNotifications();
    expect(await store().addNotification(n2, since)).toBe(false);
    expect(await store().addNotification(n3, since)).toBe(true);
    expect(ids(await list(me))).toEqual([n3.id]);
    expect(await store().notificationMarks(me)).toEqual({ read: n1.key, cleared: n2.key });
  });

  it('keeps nothing older than the keeping line, and the sweep removes what became older', async () => {
    const [me, a] = [randomUUID(), randomUUID()];
    const old = followOf(a, me, -91 * 86_400);
    expect(await store().addNotification(old, since)).toBe(false);
    const n = followOf(a, me, 1);
    await store().addNotification(n, since);
    const later = new Date(n.at.getTime() + 1);
    expect(await store().notifications(me, { keptSince: later, limit: 10 })).toEqual([]);
    expect(await store().unreadNotifications(me, later)).toBe(0);
    expect(await store().sweepNotifications(since)).toBeGreaterThanOrEqual(0);
    expect(ids(await list(me))).toEqual([n.id]);
    expect(await store().sweepNotifications(later)).toBeGreaterThanOrEqual(1);
    expect(await store().notification(n.id)).toBeNull();
  });

  it("removes a deleted cirrus's notifications, for and about them, and stores none of theirs after", async () => {
    const [me, gone, other] = [randomUUID(), randomUUID(), randomUUID()];
    const about = followOf(gone, me, 1);
    const forThem = followOf(me, gone, 2);
    const kept = followOf(other, me, 3);
    for (const n of [about, forThem, kept]) await store().addNotification(n, since);
    await store().markNotifications(gone, 'read', forThem.key, new Date(t0));
    await store().removeCirrus(randomUUID(), gone);
    expect(ids(await list(me))).toEqual([kept.id]);
    expect(await list(gone)).toEqual([]);
    expect(await store().notificationMarks(gone)).toEqual({ read: null, cleared: null });
    expect(await store().addNotification(followOf(gone, me, 4), since)).toBe(false);
    expect(await store().addNotification(followOf(me, gone, 5), since)).toBe(false);
    expect(ids(await list(me))).toEqual([kept.id]);
  });

  it('forgets every notification for a replay, which stores each again', async () => {
    const [me, a] = [randomUUID(), randomUUID()];
    const n = followOf(a, me, 1);
    await store().addNotification(n, since);
    await store().forgetNotifications();
    expect(await list(me)).toEqual([]);
    expect(await store().addNotification(n, since)).toBe(true);
    expect(await list(me)).toEqual([n]);
  });
}
