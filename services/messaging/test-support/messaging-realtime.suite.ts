import {
  messagingMessages,
  messengerPaths,
  REALTIME_EVENTS,
  SOCKETS_PER_PERSON,
  type ConversationAnswer,
  type MessageView,
  type NotificationSignal,
} from '@vellum/proto';
import {
  eventually,
  TestClient,
  mailedLink,
  signIn,
  signedIn,
  type SignedIn as Person,
} from '@vellum/platform/test-support';

const SLOW = 60_000;

/** A socket.io client as the suite uses it; the caller brings socket.io-client (the kit does not depend on it). */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

/**
 * Opens the realtime socket (websocket only, no reconnection of its own) through the gateway with this session
 * cookie; resolves once connected, rejects with the `connect_error` (its message) when refused.
 */
export type ConnectRealtime = (cookie: string) => Promise<RealtimeSocket>;

/** What one socket saw: the texts of `message:new`, and why it was disconnected (socket.io's reason). */
function watch(socket: RealtimeSocket) {
  const seen = { texts: [] as string[], disconnected: undefined as string | undefined };
  socket.on(REALTIME_EVENTS.newMessage, (message: MessageView) => void seen.texts.push(message.text));
  socket.on('disconnect', (reason: string) => void (seen.disconnected = reason));
  return seen;
}

/**
 * The realtime socket ends with the session it was opened with (the probe: a socket kept receiving every message
 * after sign-out, a password reset and the account's deletion), and one person opens at most SOCKETS_PER_PERSON.
 * Through the gateway, with accounts made through identity; runs embedded and against the processes.
 */
export function messagingRealtimeSuite(baseUrl: () => string, connect: ConnectRealtime) {
  let sender: Person;
  beforeAll(async () => {
    sender = await signedIn(baseUrl(), 'Sal');
  }, SLOW);

  /** The conversation `sender` starts with `who` (once messaging has heard of them from identity). */
  const conversationWith = (who: Person) =>
    eventually(
      async () => {
        const res = await sender.client.post<ConversationAnswer>(messengerPaths.conversations, {
          username: who.username,
        });
        return res.status === 201 || res.status === 200 ? res.body.conversation.conversation : undefined;
      },
      SLOW,
      `a conversation with ${who.username}`,
    );
  const send = async (conversation: string, text: string) =>
    expect((await sender.client.post(messengerPaths.messages(conversation), { text })).status).toBe(201);
  /** Sends until `socket` has received one (its delivery proves the socket is in its rooms). */
  const deliveredTo = async (conversation: string, seen: ReturnType<typeof watch>, text: string) => {
    await send(conversation, text);
    await eventually(() => seen.texts.includes(text), 10_000, `${text} on the socket`);
  };

  it("tells a new notification to its recipient's socket with their unread count, and to nobody else", async () => {
    const kim = await signedIn(baseUrl(), 'Kim');
    const heard: Array<{ who: string; unread: number }> = [];
    const kimSocket = await connect(kim.client.cookieHeader);
    const senderSocket = await connect(sender.client.cookieHeader);
    kimSocket.on(
      REALTIME_EVENTS.notification,
      (s: NotificationSignal) => void heard.push({ who: 'kim', ...s }),
    );
    senderSocket.on(
      REALTIME_EVENTS.notification,
      (s: NotificationSignal) => void heard.push({ who: 'sender', ...s }),
    );
    // The sender starts a conversation with Kim: messaging's own ConversationStarted, a notification for Kim.
    await conversationWith(kim);
    await eventually(() => heard.length > 0, 15_000, 'the notification on the socket');
    expect(heard).toEqual([{ who: 'kim', unread: 1 }]);
    kimSocket.disconnect();
    senderSocket.disconnect();
  });

  it("ends a session's sockets at its sign-out, and only that session's: another one of the same person keeps its own", async () => {
    const ida = await signedIn(baseUrl(), 'Ida');
    const other = await signIn(baseUrl(), ida.account);
    const chat = await conversationWith(ida);
    const [first, second] = [await connect(ida.client.cookieHeader), await connect(other.cookieHeader)];
    const [seenFirst, seenSecond] = [watch(first), watch(second)];
    await deliveredTo(chat, seenFirst, 'before signing out');
    await eventually(() => seenSecond.texts.includes('before signing out'));

    const cookie = ida.client.cookieHeader;
    expect((await ida.client.post('/api/signout')).status).toBe(200);
    await eventually(() => seenFirst.disconnected, 10_000, 'the signed-out socket to be disconnected');
    expect(seenFirst.disconnected).toBe('io server disconnect');
    await deliveredTo(chat, seenSecond, 'after signing out');
    expect(seenFirst.texts).toEqual(['before signing out']);
    expect([second.connected, seenSecond.disconnected]).toEqual([true, undefined]);
    // The ended session opens no new socket.
    await expect(connect(cookie)).rejects.toThrow();
    second.disconnect();
  });

  it("ends every socket of the account at a password reset, and the reset's new sign-in opens one again", async () => {
    const joe = await signedIn(baseUrl(), 'Joe');
    const other = await signIn(baseUrl(), joe.account);
    const chat = await conversationWith(joe);
    const sockets = [await connect(joe.client.cookieHeader), await connect(other.cookieHeader)];
    const seen = sockets.map(watch);
    await deliveredTo(chat, seen[1]!, 'before the reset');

    const visitor = new TestClient(baseUrl());
    await visitor.post('/api/password-reset/send', { email: joe.account.email });
    const token = (await mailedLink(visitor, joe.account.email, '/password-reset')).searchParams.get('token');
    const password = 'Another-Good-Pass-7';
    expect((await visitor.post('/api/password-reset', { token, password })).status).toBe(200);
    expect((await joe.client.get('/api/sc')).body).toEqual({ signedCirrus: null });
    await eventually(() => seen.every((s) => s.disconnected), 10_000, 'every socket to be disconnected');
    await send(chat, 'after the reset');

    const again = await signIn(baseUrl(), { ...joe.account, password });
    const fresh = watch(await connect(again.cookieHeader));
    await deliveredTo(chat, fresh, 'to the new session');
    expect(seen.map((s) => s.texts)).toEqual([['before the reset'], ['before the reset']]);
  });

  it("ends the other sessions' sockets at a password change and keeps the changing session's own", async () => {
    const uma = await signedIn(baseUrl(), 'Uma');
    const phone = await signIn(baseUrl(), uma.account);
    const tablet = await signIn(baseUrl(), uma.account);
    const chat = await conversationWith(uma);
    const [mine, ...others] = [uma.client, phone, tablet].map((c) => c.cookieHeader);
    const [seenMine, ...seenOthers] = [await connect(mine!), ...(await Promise.all(others.map(connect)))].map(
      watch,
    );
    await deliveredTo(chat, seenMine!, 'before the change');
    await eventually(() => seenOthers.every((s) => s.texts.includes('before the change')));

    const password = 'Changed-Horse-Pass-5';
    const changed = await uma.client.post('/api/password', {
      currentPassword: uma.account.password,
      password,
    });
    expect([changed.status, changed.body]).toEqual([200, { endedSessions: 2 }]);
    await eventually(
      () => seenOthers.every((s) => s.disconnected),
      10_000,
      "the other sessions' sockets to end",
    );
    await deliveredTo(chat, seenMine!, 'after the change');
    expect(seenMine!.disconnected).toBeUndefined();
    expect(seenOthers.map((s) => s.texts)).toEqual([['before the change'], ['before the change']]);
    await expect(connect(others[0]!)).rejects.toThrow();
  });

  it("ends a session's sockets when it is ended from the list of sessions", async () => {
    const vic = await signedIn(baseUrl(), 'Vic');
    const laptop = await signIn(baseUrl(), vic.account);
    const chat = await conversationWith(vic);
    const [seenMine, seenLaptop] = [
      await connect(vic.client.cookieHeader),
      await connect(laptop.cookieHeader),
    ].map(watch);
    await deliveredTo(chat, seenLaptop!, 'before ending it');
    const { sessions } = (
      await vic.client.get<{ sessions: Array<{ key: string; current: boolean }> }>('/api/sessions')
    ).body;
    const other = sessions.find((s) => !s.current)!;
    expect((await vic.client.delete(`/api/sessions/${other.key}`)).status).toBe(200);
    await eventually(() => seenLaptop!.disconnected, 10_000, "the ended session's socket to end");
    await deliveredTo(chat, seenMine!, 'after ending it');
    expect(seenMine!.disconnected).toBeUndefined();
  });

  it('ends every socket of the account when it is deleted', async () => {
    const kay = await signedIn(baseUrl(), 'Kay');
    const chat = await conversationWith(kay);
    const seen = watch(await connect(kay.client.cookieHeader));
    await deliveredTo(chat, seen, 'before the deletion');
    const deleted = await kay.client.post(`/api/cirrus/${kay.username}/delete`, {
      password: kay.account.password,
    });
    expect(deleted.status).toBe(200);
    await eventually(() => seen.disconnected, 10_000, 'the socket to be disconnected');
    expect(seen.texts).toEqual(['before the deletion']);
  });

  it(`opens at most ${SOCKETS_PER_PERSON} sockets per person, refusing the next with a clear connect_error`, async () => {
    const lee = await signedIn(baseUrl(), 'Lee');
    const cookie = lee.client.cookieHeader;
    const open: RealtimeSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_PERSON; i++) open.push(await connect(cookie));
    await expect(connect(cookie)).rejects.toThrow(messagingMessages.tooManySockets);
    // Another person is not counted with Lee.
    const other = await signedIn(baseUrl(), 'Mo');
    (await connect(other.client.cookieHeader)).disconnect();
    // A closed tab frees its place.
    open.pop()!.disconnect();
    open.push(await eventually(() => connect(cookie).catch(() => undefined), 10_000, 'a freed place'));
    // Opened all at once, the ones past the cap do not stay.
    const burst = await Promise.allSettled(Array.from({ length: 10 }, () => connect(cookie)));
    const all = [...open, ...burst.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))];
    await eventually(() => all.filter((s) => s.connected).length <= SOCKETS_PER_PERSON || undefined, 10_000);
    all.forEach((s) => s.disconnect());
  });
}
