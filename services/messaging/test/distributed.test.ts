import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { CALLER_HEADER, signAssertion } from '@vellum/platform';
import {
  CirrusDeletedSchema,
  CirrusFollowedSchema,
  CirrusSessionsEndedSchema,
  CirrusSignedOutSchema,
  messagingMessages,
  messengerPaths,
  notificationPaths,
  PRESENCE_EVENT,
  presencePaths,
  REALTIME_EVENTS,
  SOCKETS_PER_PERSON,
  Topics,
  type MessageView,
  type NotificationSignal,
  type NotificationsPage,
  type PresenceAnswer,
  type PresenceEvent,
  type UserSignal,
} from '@vellum/proto';
import { describeDistributed, describeWithServer, eventually, signedIn } from '@vellum/platform/test-support';
import { messagingApiSuite, messagingRealtimeSuite } from '../test-support';
import { connected, describeReplicas, type Replica } from './support/replicas';

/** A socket.io client (websocket only, as the browser's) with these upgrade headers; rejects when refused. */
function connectSocket(sockets: Socket[], url: string, headers: Record<string, string>) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: headers });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Two messaging processes (replicas A and B, their built dist/main.js) on one MongoDB database (FerretDB here), one
 * Redis and Kafka, as the chart runs them: a socket connected to B receives what is sent through A.
 */
describeReplicas('messaging replicas: socket.io across them', (running) => {
  it('refuses a socket without a valid caller on either replica', async () => {
    const product = running();
    const stranger = { id: randomUUID(), username: 'stranger' };
    for (const replica of product.replicas) {
      const refused = (headers: Record<string, string>) => connected(product.socket(replica, headers));
      await expect(refused({})).rejects.toThrow();
      await expect(refused({ [CALLER_HEADER]: 'v1.forged.token' })).rejects.toThrow();
      await expect(
        refused({ [CALLER_HEADER]: signAssertion(stranger, 'another secret of 32 characters!') }),
      ).rejects.toThrow();
    }
  });

  it('delivers a message sent through replica A to the recipient connected to replica B', async () => {
    const product = running();
    const [a, b] = product.replicas as [Replica, Replica];
    const [ann, bob] = await Promise.all([product.person('Ann'), product.person('Bob')]);
    // Both replicas consume identity's events in one group; either may have applied them.
    const id = await product.open(a, ann, bob);
    const onB = await connected(product.socket(b, bob));
    const annOnA = await connected(product.socket(a, ann));
    const received = {
      message: new Promise<MessageView>((resolve) => onB.once(REALTIME_EVENTS.newMessage, resolve)),
      signal: new Promise<UserSignal>((resolve) => onB.once(bob.id, resolve)),
      senderTab: new Promise<MessageView>((resolve) => annOnA.once(REALTIME_EVENTS.newMessage, resolve)),
    };
    const sent = await product.call(a, ann, messengerPaths.messages(id), { text: 'across replicas' });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: MessageView };
    expect(await received.message).toEqual(message);
    expect(await received.signal).toEqual({ conversation: id, unreadMessages: 1 });
    expect((await received.senderTab).id).toBe(message.id);
    // And back: Bob's read mark through B reaches Ann's tab on A.
    const read = new Promise((resolve) => annOnA.once(REALTIME_EVENTS.read, resolve));
    expect((await product.call(b, bob, messengerPaths.read(id), { upTo: message.id })).status).toBe(200);
    expect(await read).toMatchObject({ conversation: id, reader: bob.id, upTo: message.id });
  }, 180_000);

  it("tells a follow to the followee's socket on the other replica, and lists it on either", async () => {
    const product = running();
    const [a, b] = product.replicas as [Replica, Replica];
    const [fay, gil] = await Promise.all([product.person('Fay'), product.person('Gil')]);
    // Both replicas know Fay (her name is read when the list is answered).
    await product.open(a, fay, gil);
    const onB = await connected(product.socket(b, gil));
    const told = new Promise<NotificationSignal>((resolve) => {
      const seen = (signal: NotificationSignal) => {
        if (signal.unread === 2) resolve(signal);
      };
      onB.on(REALTIME_EVENTS.notification, seen);
    });
    // Social's follow, on Kafka: either replica's consumer may store it; the emit reaches B through Redis.
    await product.publish('social', Topics.socialFollow, CirrusFollowedSchema, gil.id, {
      followerId: fay.id,
      followerUsername: fay.username,
      followeeId: gil.id,
      followeeUsername: gil.username,
    });
    expect(await told).toEqual({ unread: 2 });
    for (const replica of [a, b]) {
      const page = (await (
        await product.call(replica, gil, notificationPaths.list)
      ).json()) as NotificationsPage;
      expect(page.notifications.map((n) => [n.kind, n.actor.username]).sort()).toEqual([
        ['conversationStarted', fay.username],
        ['followed', fay.username],
      ]);
    }
  }, 180_000);

  it("disconnects an ended session's sockets on every replica, and every socket of a reset or deleted account", async () => {
    const product = running();
    const [a, b] = product.replicas as [Replica, Replica];
    const [cal, dot] = await Promise.all([product.person('Cal'), product.person('Dot')]);
    const chat = await product.open(a, dot, cal);
    // Cal's three sessions (keys as the gateway signs them), with sockets on both replicas.
    const session = (key: string) => ({ ...cal, session: key });
    const tabs = [
      { key: 'first', replica: b },
      { key: 'first', replica: a },
      { key: 'second', replica: a },
      { key: 'third', replica: b },
    ].map(({ key, replica }) => {
      const socket = product.socket(replica, session(key));
      const seen = { texts: [] as string[], reason: undefined as string | undefined };
      socket.on(REALTIME_EVENTS.newMessage, (m: MessageView) => void seen.texts.push(m.text));
      socket.on('disconnect', (reason) => void (seen.reason = reason));
      return { socket, seen };
    });
    await Promise.all(tabs.map((t) => connected(t.socket)));
    const send = async (text: string) =>
      expect((await product.call(a, dot, messengerPaths.messages(chat), { text })).status).toBe(201);
    const reached = (text: string, which: number[]) =>
      eventually(() => which.every((i) => tabs[i]!.seen.texts.includes(text)), 20_000, text);
    await send('to every tab');
    await reached('to every tab', [0, 1, 2, 3]);

    const base = { cirrusId: cal.id, username: cal.username };
    await product.identityEvent(CirrusSignedOutSchema, cal.id, { ...base, sessionKey: 'first' });
    await eventually(() => tabs[0]!.seen.reason && tabs[1]!.seen.reason, 60_000, 'the first session to end');
    await send('after the sign-out');
    await reached('after the sign-out', [2, 3]);
    expect([tabs[0]!.seen.texts, tabs[1]!.seen.texts]).toEqual([['to every tab'], ['to every tab']]);
    expect([tabs[2]!.seen.reason, tabs[3]!.seen.reason]).toEqual([undefined, undefined]);

    await product.identityEvent(CirrusSessionsEndedSchema, cal.id, {
      ...base,
      sessionKeys: ['second', 'third'],
    });
    await eventually(() => tabs.every((t) => t.seen.reason), 60_000, 'every session to end');
    // A socket of a session that began after the reset stays, until the account is deleted.
    const fresh = await connected(product.socket(b, session('fourth')));
    const gone = new Promise((resolve) => fresh.once('disconnect', resolve));
    await product.identityEvent(CirrusDeletedSchema, cal.id, base);
    expect(await gone).toBe('io server disconnect');
  }, 180_000);

  it(`counts a person's sockets on every replica: ${SOCKETS_PER_PERSON} open, the next refused`, async () => {
    const product = running();
    const [a, b] = product.replicas as [Replica, Replica];
    const eli = await product.person('Eli');
    const open = [];
    for (let i = 0; i < SOCKETS_PER_PERSON; i++)
      open.push(await connected(product.socket(i % 2 ? a : b, eli)));
    for (const replica of [a, b]) {
      await expect(connected(product.socket(replica, eli))).rejects.toThrow(messagingMessages.tooManySockets);
    }
    open.pop()!.disconnect();
    await eventually(() => connected(product.socket(a, eli)).catch(() => undefined), 10_000, 'a freed place');
  }, 60_000);

  it('shows presence across replicas: online while a socket is open on either, offline when the last closes', async () => {
    const product = running();
    const [a, b] = product.replicas as [Replica, Replica];
    const [fay, gus] = await Promise.all([product.person('Fay'), product.person('Gus')]);
    await product.open(a, fay, gus);
    const gusOnB = await connected(product.socket(b, gus));
    const told = (want: (event: PresenceEvent) => boolean) =>
      new Promise<PresenceEvent>((resolve) => {
        const listener = (event: PresenceEvent) => {
          if (!want(event)) return;
          gusOnB.off(PRESENCE_EVENT, listener);
          resolve(event);
        };
        gusOnB.on(PRESENCE_EVENT, listener);
      });
    const seenFrom = async (replica: Replica) =>
      ((await (await product.call(replica, gus, presencePaths.presence([fay.id]))).json()) as PresenceAnswer)
        .presence;

    const online = told((e) => e.i === fay.id && e.presence?.online === true);
    const fayOnA = await connected(product.socket(a, fay));
    await online;
    for (const replica of [a, b])
      expect((await seenFrom(replica))[0]).toMatchObject({ i: fay.id, online: true });
    // A second tab on B: closing the one on A leaves her online (B still holds a socket of hers).
    const fayOnB = await connected(product.socket(b, fay));
    fayOnA.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await seenFrom(a))[0]).toMatchObject({ online: true });
    const offline = told((e) => e.i === fay.id && e.presence?.online === false);
    fayOnB.disconnect();
    const event = await offline;
    expect(Date.parse(event.presence!.lastSeen!)).toBeLessThanOrEqual(Date.now());
    expect((await seenFrom(a))[0]).toEqual(event.presence);
  }, 60_000);
});

/**
 * Gateway, identity, messaging and social (whose follows are notifications) as processes, as the chart runs them: the
 * API suite through the gateway, and the socket upgraded through it with the session cookie (the gateway signs the
 * caller), refused without one.
 */
describeWithServer('MONGO_URL', 'the messaging service behind the gateway', () => {
  describeDistributed(['messaging', 'social'], (product) => {
    messagingApiSuite(() => product().gateway.url);

    const sockets: Socket[] = [];
    afterAll(() => sockets.forEach((s) => s.disconnect()));

    it('upgrades a socket through the gateway for a session only, and delivers to it', async () => {
      const gateway = product().gateway.url;
      await expect(connectSocket(sockets, gateway, {})).rejects.toThrow();
      await expect(connectSocket(sockets, gateway, { [CALLER_HEADER]: 'v1.forged.token' })).rejects.toThrow();
      const [gus, hal] = await Promise.all([signedIn(gateway, 'Gus'), signedIn(gateway, 'Hal')]);
      const id = await eventually(async () => {
        const res = await gus.client.post<{ conversation: { conversation: string } }>(
          messengerPaths.conversations,
          {
            username: hal.username,
          },
        );
        return res.status === 201 ? res.body.conversation.conversation : undefined;
      }, 150_000);
      const socket = await connectSocket(sockets, gateway, { cookie: hal.client.cookieHeader });
      const signal = new Promise<UserSignal>((resolve) => socket.once(hal.id, resolve));
      expect(
        (await gus.client.post(messengerPaths.messages(id), { text: 'through the gateway' })).status,
      ).toBe(201);
      expect(await signal).toEqual({ conversation: id, unreadMessages: 1 });
    }, 180_000);

    describe('sockets end with their sessions, through the gateway', () => {
      jest.setTimeout(180_000);
      messagingRealtimeSuite(
        () => product().gateway.url,
        (cookie) => connectSocket(sockets, product().gateway.url, { cookie }),
      );
    });
  });
});
