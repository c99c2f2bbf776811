import { randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  ActionPriority,
  ActionRequestedSchema,
  CirrusFollowedSchema,
  messagingMessages,
  NOTIFICATION_KEEP_DAYS,
  notificationMessages,
  notificationsPageSchema,
  packEnvelope,
  pagingMessages,
  RatingLevel,
  Topics,
  VellumRatedSchema,
  type DescMessage,
  type MessageInitShape,
  type NotificationsPage,
} from '@vellum/proto';
import { eventually } from '@vellum/platform/test-support';
import { postgresMessagingRepository } from '../src/service';
import { notificationsProjection } from '../src/events/notifications-projection';
import { notificationSweep } from '../src/workers/notification-sweep';
import { messagingHarness, type MessagingHarness, type Person } from './support/messaging-harness';

const paths = {
  list: '/api/messenger/notifications',
  unread: '/api/messenger/notifications/unread',
  read: '/api/messenger/notifications/read',
  conversations: '/api/messenger/conversations',
};
const DAY = 86_400_000;

describe('notifications (the messaging service alone: PGlite, in-process bus)', () => {
  let h: MessagingHarness;
  let ada: Person;
  let bob: Person;
  let eve: Person;
  beforeAll(async () => {
    h = await messagingHarness();
    [ada, bob, eve] = [await h.person('Ada'), await h.person('Bob'), await h.person('Eve')];
  }, 60_000);
  afterAll(() => h.close());

  /** One event of another service, at `at`, once the notifications' inbox recorded it. */
  const happen = async <D extends DescMessage>(
    topic: string,
    schema: D,
    key: string,
    payload: MessageInitShape<D>,
    { at = h.clock.now, id = randomUUID(), wait = true } = {},
  ) => {
    const value = packEnvelope({
      id,
      producer: 'test',
      aggregateId: key,
      payloadSchema: schema,
      payload,
      occurredAt: at,
    });
    await h.bus.publish([{ id, topic, key, type: schema.typeName, value }]);
    if (wait)
      await eventually(async () => {
        const { rows } = await h.db.query(
          `SELECT 1 FROM messaging.inbox WHERE event_id = $1 AND consumer = 'notifications'`,
          [id],
        );
        return rows.length > 0 || undefined;
      });
    return id;
  };
  const follow = (follower: Person, followee: Person, options: Parameters<typeof happen>[4] = {}) =>
    happen(
      Topics.socialFollow,
      CirrusFollowedSchema,
      followee.id,
      {
        followerId: follower.id,
        followerUsername: follower.username,
        followeeId: followee.id,
        followeeUsername: followee.username,
      },
      options,
    );
  const list = async (who: Person, query = '') => {
    const res = await h.as(who).get(`${paths.list}${query}`);
    expect(res.status).toBe(200);
    notificationsPageSchema.parse(res.body);
    return res.body as NotificationsPage;
  };
  const unread = async (who: Person) => (await h.as(who).get(paths.unread)).body.unread as number;
  const clear = async (who: Person) => expect((await h.as(who).delete(paths.list)).status).toBe(200);
  const noticesTo = (who: Person) =>
    h.notices.flatMap((n) => (n.kind === 'notification' && n.notice.to === who.id ? [n.notice.signal] : []));

  // Each test on a clean list, its events a minute after the last test's (a clear hides what happened up to it).
  beforeEach(async () => {
    for (const p of [ada, bob, eve]) await clear(p);
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
  });

  it('tells a follow, an action request, a rating and a conversation started, each naming who, what and when', async () => {
    const [action, vellum] = [randomUUID(), randomUUID()];
    await follow(bob, ada);
    await happen(Topics.actionAction, ActionRequestedSchema, ada.id, {
      actionId: action,
      ownerId: ada.id,
      requesterId: bob.id,
      requesterUsername: bob.username,
      priority: ActionPriority.HIGH,
    });
    await happen(Topics.vellumVellum, VellumRatedSchema, vellum, {
      vellumId: vellum,
      ownerId: ada.id,
      raterId: eve.id,
      level: RatingLevel.GOOD,
      ratingCount: 1,
    });
    const opened = await h.as(eve).post(paths.conversations, { username: ada.username });
    expect([200, 201]).toContain(opened.status);
    const conversation = opened.body.conversation.conversation as string;
    await eventually(async () => (await unread(ada)) === 4 || undefined, 10_000, 'the conversation told');

    const page = await list(ada);
    const at = h.clock.now.toISOString();
    const bobAs = { username: bob.username, displayName: bob.displayName };
    const eveAs = { username: eve.username, displayName: eve.displayName };
    expect(page.unread).toBe(4);
    expect(page.nextCursor).toBeNull();
    expect(
      page.notifications.map(({ id: _id, ...n }) => n).sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'actionRequested', actor: bobAs, at, read: false, target: `/cirrus/${ada.username}/actions` },
      { kind: 'conversationStarted', actor: eveAs, at, read: false, target: `/messenger/${conversation}` },
      { kind: 'followed', actor: bobAs, at, read: false, target: `/cirrus/${bob.username}` },
      { kind: 'vellumRated', actor: eveAs, at, read: false, target: `/vellum/${vellum}` },
    ]);
    // Told to Ada's tabs as each was stored, with her count read from the store.
    expect(noticesTo(ada).slice(-4)).toEqual([{ unread: 1 }, { unread: 2 }, { unread: 3 }, { unread: 4 }]);
    // Nothing for the others.
    expect((await list(bob)).notifications).toEqual([]);
    expect((await list(eve)).notifications).toEqual([]);
  });

  it('tells nobody of what they did to themselves', async () => {
    await follow(ada, ada, { wait: false });
    await follow(bob, ada);
    expect((await list(ada)).notifications.map((n) => n.actor.username)).toEqual([bob.username]);
  });

  it('stores a redelivered event once, and tells it once', async () => {
    const before = noticesTo(ada).length;
    const id = await follow(bob, ada);
    await follow(bob, ada, { id });
    expect((await list(ada)).notifications).toHaveLength(1);
    expect(noticesTo(ada).length - before).toBe(1);
  });

  it('tells a follow again after an unfollow as one, the newest', async () => {
    await follow(bob, ada, { at: new Date(h.clock.now.getTime() + 1000) });
    const again = await follow(bob, ada, { at: new Date(h.clock.now.getTime() + 2000) });
    expect((await list(ada)).notifications.map((n) => n.id)).toEqual([again]);
  });

  it('names the actor as they are called now', async () => {
    await follow(eve, ada);
    await h.profileChanged(eve, { displayName: 'Eve Renamed' });
    expect((await list(ada)).notifications[0]!.actor).toEqual({
      username: eve.username,
      displayName: 'Eve Renamed',
    });
    await h.profileChanged(eve, { displayName: eve.displayName });
  });

  it('marks read up to the newest seen: one that arrived meanwhile stays unread', async () => {
    await follow(bob, ada, { at: new Date(h.clock.now.getTime() + 1000) });
    const seen = (await list(ada)).notifications[0]!;
    await follow(eve, ada, { at: new Date(h.clock.now.getTime() + 2000) });
    const res = await h.as(ada).post(paths.read, { upTo: seen.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unread: 1 });
    const page = await list(ada);
    expect(page.notifications.map((n) => [n.actor.username, n.read])).toEqual([
      [eve.username, false],
      [bob.username, true],
    ]);
    expect(noticesTo(ada).at(-1)).toEqual({ unread: 1 });
    // An older mark moves nothing back.
    const older = await h.as(ada).post(paths.read, { upTo: seen.id });
    expect(older.body).toEqual({ unread: 1 });
  });

  it("refuses to mark another's notification, one that does not exist, or none", async () => {
    await follow(bob, ada);
    const adas = (await list(ada)).notifications[0]!;
    const refusal = (status: number, errorMessage: string) => ({ status, body: { errorMessage } });
    const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
    expect(answer(await h.as(eve).post(paths.read, { upTo: adas.id }))).toEqual(
      refusal(404, notificationMessages.notFound),
    );
    // A control character is refused before the route, as in every body.
    expect((await h.as(ada).post(paths.read, { upTo: '\u0000' })).status).toBe(400);
    for (const upTo of [randomUUID(), 'not-an-id', "' OR 1=1 --", randomUUID().toUpperCase()])
      expect(answer(await h.as(ada).post(paths.read, { upTo }))).toEqual(
        refusal(404, notificationMessages.notFound),
      );
    expect((await h.as(ada).post(paths.read, {})).status).toBe(400);
    expect(await unread(ada)).toBe(1);
  });

  it('clears them all: the list is empty, and a redelivered event does not bring one back', async () => {
    const id = await follow(bob, ada);
    await follow(eve, ada);
    const res = await h.as(ada).delete(paths.list);
    expect(res.body).toEqual({ unread: 0 });
    expect(await list(ada)).toEqual({ notifications: [], nextCursor: null, unread: 0 });
    await follow(bob, ada, { id });
    expect((await list(ada)).notifications).toEqual([]);
    await follow(bob, ada, { at: new Date(h.clock.now.getTime() + 1000) });
    expect((await list(ada)).notifications).toHaveLength(1);
  });

  it('pages newest first, and refuses a cursor it did not make or a bad limit with the messenger shape', async () => {
    const followers = [bob, eve, await h.person('Pia')];
    for (const [i, who] of followers.entries())
      await follow(who, ada, { at: new Date(h.clock.now.getTime() + (i + 1) * 1000) });
    const first = await list(ada, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unread).toBe(3);
    const second = await list(ada, `?limit=2&before=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.notifications).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(first.notifications[1]!.at > second.notifications[0]!.at).toBe(true);
    for (const query of ['?before=forged', '?limit=0', '?limit=51', '?limit=x', '?limit=1&limit=2']) {
      const res = await h.as(ada).get(`${paths.list}${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errorMessage: expect.any(String) });
    }
    expect((await h.as(ada).get(`${paths.list}?before=forged`)).body.errorMessage).toBe(
      pagingMessages.cursor,
    );
  });

  it('answers a visitor 401 on every call', async () => {
    for (const res of [
      await h.as().get(paths.list),
      await h.as().get(paths.unread),
      await h.as().post(paths.read, { upTo: randomUUID() }),
      await h.as().delete(paths.list),
    ])
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: { errorMessage: messagingMessages.signIn },
      });
  });

  it(`keeps them ${NOTIFICATION_KEEP_DAYS} days: never shown older, never stored older, swept`, async () => {
    // One who never cleared: a clear hides whatever happened before it.
    const zed = await h.person('Zed');
    const start = h.clock.now;
    try {
      await follow(bob, zed, { at: new Date(start.getTime() - (NOTIFICATION_KEEP_DAYS + 1) * DAY) });
      await follow(eve, zed, { at: new Date(start.getTime() - (NOTIFICATION_KEEP_DAYS - 1) * DAY) });
      expect((await list(zed)).notifications.map((n) => n.actor.username)).toEqual([eve.username]);
      h.clock.now = new Date(start.getTime() + 2 * DAY);
      expect(await list(zed)).toEqual({ notifications: [], nextCursor: null, unread: 0 });
      const count = async () =>
        Number(
          (
            await h.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM messaging.notifications WHERE recipient_id = $1',
              [zed.id],
            )
          ).rows[0]!.n,
        );
      expect(await count()).toBe(1);
      const sweep = notificationSweep(postgresMessagingRepository(h.db), {
        clock: () => h.clock.now,
        logger: pino({ level: 'silent' }),
      });
      sweep.start();
      await eventually(async () => (await count()) === 0 || undefined, 5000, 'the sweep');
      await sweep.stop();
    } finally {
      h.clock.now = start;
    }
  });

  describe('a deleted account', () => {
    it('removes every notification for or about it, and stores none of it after, even when the deletion came first', async () => {
      const [gone, other] = [await h.person('Gone'), await h.person('Other')];
      await follow(gone, ada);
      await follow(ada, gone);
      await follow(other, ada);
      await h.deleteCirrus(gone);
      expect((await list(ada)).notifications.map((n) => n.actor.username)).toEqual([other.username]);
      const { rows } = await h.db.query('SELECT 1 FROM messaging.notifications WHERE recipient_id = $1', [
        gone.id,
      ]);
      expect(rows).toEqual([]);
      // Events about it that arrive after its deletion.
      await follow(gone, ada);
      await follow(bob, gone);
      expect((await list(ada)).notifications.map((n) => n.actor.username)).toEqual([other.username]);
      expect(
        (await h.db.query('SELECT 1 FROM messaging.notifications WHERE recipient_id = $1', [gone.id])).rows,
      ).toEqual([]);
    });
  });

  it('is rebuilt by a replay, what was read or cleared staying so', async () => {
    const cleared = await follow(bob, ada, { at: new Date(h.clock.now.getTime() + 1000) });
    await clear(ada);
    const read = await follow(eve, ada, { at: new Date(h.clock.now.getTime() + 2000) });
    const fresh = await follow(bob, ada, { at: new Date(h.clock.now.getTime() + 3000) });
    await h.as(ada).post(paths.read, { upTo: read });
    const before = await list(ada);
    // What the replay does: the projection reset, then every event of its topics through its handler, in order.
    const projection = notificationsProjection({
      store: postgresMessagingRepository(h.db),
      realtime: { notifyNotification: () => {} },
      clock: () => h.clock.now,
    });
    await projection.reset!();
    expect((await list(ada)).notifications).toEqual([]);
    for (const [id, who, at] of [
      [cleared, bob, 1000],
      [read, eve, 2000],
      [fresh, bob, 3000],
    ] as const) {
      const value = packEnvelope({
        id,
        producer: 'test',
        aggregateId: ada.id,
        payloadSchema: CirrusFollowedSchema,
        payload: {
          followerId: who.id,
          followerUsername: who.username,
          followeeId: ada.id,
          followeeUsername: ada.username,
        },
        occurredAt: new Date(h.clock.now.getTime() + at),
      });
      await projection.handler({
        id,
        topic: Topics.socialFollow,
        key: ada.id,
        type: CirrusFollowedSchema.typeName,
        value,
      });
    }
    expect(await list(ada)).toEqual(before);
    expect(before.notifications.map((n) => [n.id, n.read])).toEqual([
      [fresh, false],
      [read, true],
    ]);
  });
});
