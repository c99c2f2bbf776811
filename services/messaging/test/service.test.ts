import { randomUUID } from 'node:crypto';
import {
  CirrusSessionsEndedSchema,
  CirrusSignedOutSchema,
  CONVERSATIONS_PER_HOUR,
  ConversationStartedSchema,
  decodePayload,
  MESSAGE_EDIT_MINUTES,
  MESSAGES_PER_MINUTE,
  MessageSentSchema,
  messagingMessages,
  packEnvelope,
  Topics,
  unpackEnvelope,
  vellumMessages,
  type ConversationView,
  type DescMessage,
  type MessageInitShape,
  type MessageView,
} from '@vellum/proto';
import {
  doc,
  hostileDocuments,
  link,
  p,
  text,
  xssPayloads,
} from '@vellum/proto/test/fixtures/vellum-documents';
import { eventually } from '@vellum/platform/test-support';
import { messagingHarness, type MessagingHarness, type Person } from './support/messaging-harness';

const paths = {
  conversations: '/api/messenger/conversations',
  conversation: (id: string) => `/api/messenger/conversations/${id}`,
  messages: (id: string) => `/api/messenger/conversations/${id}/messages`,
  read: (id: string) => `/api/messenger/conversations/${id}/read`,
  typing: (id: string) => `/api/messenger/conversations/${id}/typing`,
  message: (id: string, messageId: string) => `/api/messenger/conversations/${id}/messages/${messageId}`,
  vellum: (conversation: string, username: string) => `/messenger/${conversation}/vellum/${username}`,
  save: (id: string) => `/messenger/vellum/${id}`,
};

describe('the messaging service alone (PGlite, in-process bus)', () => {
  let h: MessagingHarness;
  let ada: Person;
  let bob: Person;
  let eve: Person;
  let chat: ConversationView;
  beforeAll(async () => {
    h = await messagingHarness();
    [ada, bob, eve] = [await h.person('Ada'), await h.person('Bob'), await h.person('Eve')];
    const opened = await h.as(ada).post(paths.conversations, { username: ` ${bob.username.toUpperCase()} ` });
    expect(opened.status).toBe(201);
    chat = opened.body.conversation;
  }, 60_000);
  afterAll(() => h.close());

  const send = async (who: Person, conversation: string, body: string) => {
    const res = await h.as(who).post(paths.messages(conversation), { text: body });
    expect(res.status).toBe(201);
    return res.body.message as MessageView;
  };
  // What the messenger's use cases told (a conversation started is also a notification, told as it is stored).
  const messagingNotices = (from: number) => h.notices.slice(from).filter((n) => n.kind !== 'notification');
  const unread = async (who: Person) => (await h.as(who).get('/api/unread-messages')).body.unreadMessages;
  const refusal = (status: number, errorMessage: string) => ({ status, body: { errorMessage } });
  const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  it('starts one conversation per pair (201), and answers the same one to either participant after (200)', async () => {
    expect(chat).toEqual({
      conversation: expect.stringMatching(/^[0-9a-f-]{36}$/),
      otherParticipant: {
        i: bob.id,
        username: bob.username,
        displayName: bob.displayName,
        image: '',
        imageBackground: '',
      },
      lastMessage: null,
      unread: 0,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const again = await h.as(ada).post(paths.conversations, { username: bob.username });
    const reverse = await h.as(bob).post(paths.conversations, { username: ada.username });
    expect([again.status, again.body.conversation.conversation]).toEqual([200, chat.conversation]);
    expect([reverse.status, reverse.body.conversation.conversation]).toEqual([200, chat.conversation]);
    expect(reverse.body.conversation.otherParticipant.username).toBe(ada.username);
    // Both at once still make one.
    const [cy, dee] = [await h.person('Cy'), await h.person('Dee')];
    const both = await Promise.all([
      h.as(cy).post(paths.conversations, { username: dee.username }),
      h.as(dee).post(paths.conversations, { username: cy.username }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.conversation.conversation).toBe(both[1]!.body.conversation.conversation);
    const started = await eventually(() => {
      const found = h.published.filter(
        (m) => unpackEnvelope(m.value).type === ConversationStartedSchema.typeName,
      );
      return found.length >= 2 ? found : undefined;
    });
    const event = decodePayload(unpackEnvelope(started[0]!.value), ConversationStartedSchema);
    expect([started[0]!.key, event.conversationId, event.startedBy, event.otherParticipant]).toEqual([
      chat.conversation,
      chat.conversation,
      ada.id,
      bob.id,
    ]);
  });

  it('refuses to open a conversation for a visitor, an unverified caller, with oneself or an unknown cirrus', async () => {
    const ivy = await h.unverified('Ivy');
    const hidden = await h.unverified('Hidden');
    for (const [who, body, expected] of [
      [undefined, { username: bob.username }, refusal(401, messagingMessages.signIn)],
      [ivy, { username: bob.username }, refusal(403, messagingMessages.verifyFirst)],
      [ada, { username: ada.username }, refusal(400, messagingMessages.notYourself)],
      [ada, { username: 'nobody.at.all' }, refusal(404, messagingMessages.cirrusNotFound)],
      [ada, { username: hidden.username }, refusal(404, messagingMessages.cirrusNotFound)],
      [ada, { username: '   ' }, refusal(400, messagingMessages.usernameRequired)],
      [ada, {}, refusal(400, messagingMessages.usernameRequired)],
      [ada, { username: 'bo\u0007b' }, refusal(400, 'Username cannot contain control characters.')],
    ] as const) {
      expect(answer(await h.as(who).post(paths.conversations, body))).toEqual(expected);
    }
    // Once identity says Ivy is verified, she may.
    await h.verify(ivy);
    expect((await h.as(ivy).post(paths.conversations, { username: bob.username })).status).toBe(201);
    expect((await h.as(ada).get(paths.conversations)).body.conversations).toHaveLength(1);
  });

  it('lets only the two participants read or write anything of a conversation: others 404, visitors 401', async () => {
    const message = await send(ada, chat.conversation, 'only for Bob');
    const calls = [
      ['get', paths.conversation(chat.conversation)],
      ['get', paths.messages(chat.conversation)],
      ['post', paths.messages(chat.conversation), { text: 'intrusion' }],
      ['post', paths.read(chat.conversation), { upTo: message.id }],
      ['get', paths.vellum(chat.conversation, ada.username)],
    ] as const;
    for (const [method, path, body] of calls) {
      const visitor = await h.as()[method](path, body);
      expect({ path, ...answer(visitor) }).toEqual({ path, ...refusal(401, messagingMessages.signIn) });
      const stranger = await h.as(eve)[method](path, body);
      expect({ path, status: stranger.status }).toEqual({ path, status: 404 });
      if (method === 'get') {
        for (const who of [ada, bob]) {
          expect({ path, status: (await h.as(who).get(path)).status }).toEqual({ path, status: 200 });
        }
      }
    }
    expect((await h.as(eve).get(paths.conversation(chat.conversation))).body).toEqual({
      errorMessage: messagingMessages.conversationNotFound,
    });
    for (const missing of [randomUUID(), 'not-an-id']) {
      expect(answer(await h.as(ada).get(paths.conversation(missing)))).toEqual(
        refusal(404, messagingMessages.conversationNotFound),
      );
    }
    const texts = (await h.as(bob).get(paths.messages(chat.conversation))).body.messages.map(
      (m: MessageView) => m.text,
    );
    expect(texts).not.toContain('intrusion');
    expect(await unread(eve)).toBe(0);
    expect((await h.as(eve).get(paths.conversations)).body).toEqual({ conversations: [], nextCursor: null });
    expect(answer(await h.as().get('/api/unread-messages'))).toEqual(refusal(401, messagingMessages.signIn));
    expect(answer(await h.as().get(paths.conversations))).toEqual(refusal(401, messagingMessages.signIn));
  });

  it('takes message text of 1 to 2,000 characters after trimming, plain, and refuses the rest writing nothing', async () => {
    const [kim, lu] = [await h.person('Kim'), await h.person('Lu')];
    const c = (await h.as(kim).post(paths.conversations, { username: lu.username })).body.conversation;
    const max = '😀'.repeat(2000);
    expect((await send(kim, c.conversation, `  ${max}  `)).text).toBe(max);
    expect((await send(kim, c.conversation, 'x')).text).toBe('x');
    expect((await send(kim, c.conversation, 'two\nlines\tand a tab')).text).toBe('two\nlines\tand a tab');
    for (const [body, message] of [
      [{ text: '' }, messagingMessages.textRequired],
      [{ text: ' \n\t ' }, messagingMessages.textRequired],
      [{}, messagingMessages.textRequired],
      [{ text: null }, messagingMessages.textRequired],
      [{ text: 42 }, 'Message must be text.'],
      [{ text: 'x'.repeat(2001) }, messagingMessages.textTooLong],
      [{ text: 'bell\u0007' }, 'Message cannot contain control characters.'],
      [{ text: 'esc\u001b[31m' }, 'Message cannot contain control characters.'],
    ] as const) {
      const res = await h.as(kim).post(paths.messages(c.conversation), body);
      expect({ sent: body, ...answer(res) }).toEqual({ sent: body, ...refusal(400, message) });
    }
    // A NUL is refused by the platform before any route reads the body.
    expect((await h.as(kim).post(paths.messages(c.conversation), { text: 'nul\u0000' })).status).toBe(400);
    expect((await h.as(lu).get(paths.messages(c.conversation))).body.messages).toHaveLength(3);
    // Script payloads are stored and answered as the plain text they are.
    for (const payload of xssPayloads) expect((await send(lu, c.conversation, payload)).text).toBe(payload);
    const stored = (await h.as(kim).get(`${paths.messages(c.conversation)}?limit=${xssPayloads.length}`))
      .body;
    expect(stored.messages.map((m: MessageView) => m.text).reverse()).toEqual(xssPayloads);
  });

  it('pages messages newest first with a before-cursor, at most 100, marking which the recipient has read', async () => {
    const [mo, ned] = [await h.person('Mo'), await h.person('Ned')];
    const c = (await h.as(mo).post(paths.conversations, { username: ned.username })).body.conversation;
    const sent: MessageView[] = [];
    for (let i = 0; i < 7; i++) {
      h.clock.now = new Date(Date.UTC(2026, 0, 2, 10, 0, i));
      sent.push(await send(i % 2 ? ned : mo, c.conversation, `m${i}`));
    }
    const first = (await h.as(mo).get(`${paths.messages(c.conversation)}?limit=3`)).body;
    expect(first.messages.map((m: MessageView) => m.text)).toEqual(['m6', 'm5', 'm4']);
    expect(first.messages[0]).toEqual({
      id: sent[6]!.id,
      conversation: c.conversation,
      sender: mo.id,
      senderUsername: mo.username,
      text: 'm6',
      sentAt: '2026-01-02T10:00:06.000Z',
      read: false,
      editedAt: null,
      deleted: false,
    });
    const second = (
      await h.as(mo).get(`${paths.messages(c.conversation)}?limit=3&before=${first.nextCursor}`)
    ).body;
    expect(second.messages.map((m: MessageView) => m.text)).toEqual(['m3', 'm2', 'm1']);
    const last = (await h.as(mo).get(`${paths.messages(c.conversation)}?limit=3&before=${second.nextCursor}`))
      .body;
    expect([last.messages.map((m: MessageView) => m.text), last.nextCursor]).toEqual([['m0'], null]);
    // Ned reads up to m4: Mo's m0, m2, m4 are read, m6 not.
    await h.as(ned).post(paths.read(c.conversation), { upTo: sent[4]!.id });
    const marks = (await h.as(mo).get(paths.messages(c.conversation))).body.messages.map(
      (m: MessageView) => `${m.text}:${m.read}`,
    );
    expect(marks).toEqual(['m6:false', 'm5:false', 'm4:true', 'm3:false', 'm2:true', 'm1:false', 'm0:true']);
    const badLimit = 'The limit must be a whole number from 1 to 100.';
    const badCursor = 'That page of the list does not exist; start again from the first page.';
    for (const [query, errorMessage] of [
      ['limit=0', badLimit],
      ['limit=101', badLimit],
      ['limit=x', badLimit],
      ['limit=1e1', badLimit],
      ['limit=1&limit=2', 'The parameter limit must be given once, as text.'],
      ['before=bogus', badCursor],
      ['before=', badCursor],
    ]) {
      const res = await h.as(mo).get(`${paths.messages(c.conversation)}?${query}`);
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: { errorMessage },
      });
    }
    expect((await h.as(mo).get(`${paths.messages(c.conversation)}?limit=100`)).status).toBe(200);
  });

  it('counts unread messages from the store, per conversation and in total; marking read only moves forward', async () => {
    const [oz, pia, quin] = [await h.person('Oz'), await h.person('Pia'), await h.person('Quin')];
    const withPia = (await h.as(oz).post(paths.conversations, { username: pia.username })).body.conversation;
    const withQuin = (await h.as(oz).post(paths.conversations, { username: quin.username })).body
      .conversation;
    const fromPia = [await send(pia, withPia.conversation, 'a'), await send(pia, withPia.conversation, 'b')];
    await send(quin, withQuin.conversation, 'c');
    await send(oz, withPia.conversation, 'my own');
    expect(await unread(oz)).toBe(3);
    expect(await unread(pia)).toBe(1);
    const list = (await h.as(oz).get(paths.conversations)).body.conversations as ConversationView[];
    expect(list.map((c) => [c.otherParticipant.username, c.unread, c.lastMessage?.text])).toEqual([
      [pia.username, 2, 'my own'],
      [quin.username, 1, 'c'],
    ]);
    const marked = await h.as(oz).post(paths.read(withPia.conversation), { upTo: fromPia[1]!.id });
    expect(marked.body).toEqual({ conversation: withPia.conversation, unread: 0, unreadMessages: 1 });
    // Back to the first message: nothing moves, nothing is told.
    const told = h.notices.length;
    const back = await h.as(oz).post(paths.read(withPia.conversation), { upTo: fromPia[0]!.id });
    expect(back.body).toEqual({ conversation: withPia.conversation, unread: 0, unreadMessages: 1 });
    expect(h.notices.length).toBe(told);
    expect(await unread(oz)).toBe(1);
    for (const [upTo, expected] of [
      [randomUUID(), refusal(404, messagingMessages.messageNotFound)],
      ['nope', refusal(404, messagingMessages.messageNotFound)],
      // A message of another conversation is not in this one.
      [(await send(quin, withQuin.conversation, 'd')).id, refusal(404, messagingMessages.messageNotFound)],
      ['', refusal(404, messagingMessages.messageNotFound)],
    ] as const) {
      expect(answer(await h.as(oz).post(paths.read(withPia.conversation), { upTo }))).toEqual(expected);
    }
    expect(await unread(oz)).toBe(2);
  });

  it('tells both participants of a new message, and the recipient its unread total; read marks to both', async () => {
    const [rae, sol] = [await h.person('Rae'), await h.person('Sol')];
    const c = (await h.as(rae).post(paths.conversations, { username: sol.username })).body.conversation;
    const from = h.notices.length;
    const m1 = await send(rae, c.conversation, 'hello');
    await send(rae, c.conversation, 'again');
    await h.as(sol).post(paths.read(c.conversation), { upTo: m1.id });
    const told = messagingNotices(from);
    expect(told.map((t) => t.kind)).toEqual(['message', 'message', 'read']);
    expect(told[0]!.notice).toEqual({
      participants: [rae.id, sol.id].sort(),
      message: m1,
      recipient: sol.id,
      signal: { conversation: c.conversation, unreadMessages: 1 },
    });
    expect((told[1]!.notice as { signal: unknown }).signal).toEqual({
      conversation: c.conversation,
      unreadMessages: 2,
    });
    expect(told[2]!.notice).toEqual({
      participants: [rae.id, sol.id].sort(),
      mark: { conversation: c.conversation, reader: sol.id, upTo: m1.id, at: expect.any(String) },
      reader: sol.id,
      signal: { conversation: c.conversation, unreadMessages: 1 },
    });
  });

  it(`limits sending to ${MESSAGES_PER_MINUTE} messages a minute per sender, with a clear 429`, async () => {
    const [tam, uma] = [await h.person('Tam'), await h.person('Uma')];
    const c = (await h.as(tam).post(paths.conversations, { username: uma.username })).body.conversation;
    const statuses = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      statuses.push((await h.as(tam).post(paths.messages(c.conversation), { text: `n${i}` })).status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const over = await h.as(tam).post(paths.messages(c.conversation), { text: 'one too many' });
    expect(answer(over)).toEqual(refusal(429, messagingMessages.tooFast));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is the sender's: Uma still sends.
    expect((await h.as(uma).post(paths.messages(c.conversation), { text: 'fine' })).status).toBe(201);
    const texts = (await h.as(uma).get(`${paths.messages(c.conversation)}?limit=100`)).body.messages;
    expect(texts.map((m: MessageView) => m.text)).not.toContain('one too many');
  });

  it('tells the other participant only that one is typing, at most once a second per typist, storing nothing', async () => {
    const [kai, lea] = [await h.person('Kai'), await h.person('Lea')];
    const c = (await h.as(kai).post(paths.conversations, { username: lea.username })).body.conversation;
    const from = h.notices.length;
    const before = (await h.as(lea).get(paths.messages(c.conversation))).body;
    expect(answer(await h.as(kai).post(paths.typing(c.conversation), {}))).toEqual({ status: 200, body: {} });
    const again = await h.as(kai).post(paths.typing(c.conversation), {});
    expect(answer(again)).toEqual(refusal(429, messagingMessages.typingTooOften));
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Each typist's own limit: Lea types in the same second.
    expect((await h.as(lea).post(paths.typing(c.conversation), {})).status).toBe(200);
    expect(answer(await h.as(eve).post(paths.typing(c.conversation), {}))).toEqual(
      refusal(404, messagingMessages.conversationNotFound),
    );
    expect(answer(await h.as().post(paths.typing(c.conversation), {}))).toEqual(
      refusal(401, messagingMessages.signIn),
    );
    for (const missing of [randomUUID(), 'not-an-id'])
      expect((await h.as(kai).post(paths.typing(missing), {})).status).toBe(404);
    expect(messagingNotices(from)).toEqual([
      { kind: 'typing', notice: { to: lea.id, typing: { conversation: c.conversation, typist: kai.id } } },
      { kind: 'typing', notice: { to: kai.id, typing: { conversation: c.conversation, typist: lea.id } } },
    ]);
    expect((await h.as(lea).get(paths.messages(c.conversation))).body).toEqual(before);
    expect(await unread(lea)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await h.as(kai).post(paths.typing(c.conversation), {})).status).toBe(200);
  });

  it(`lets the sender edit a message for ${MESSAGE_EDIT_MINUTES} minutes, checked as a new one, told to both, unread unchanged`, async () => {
    const [vi, wu] = [await h.person('Vi'), await h.person('Wu')];
    const c = (await h.as(vi).post(paths.conversations, { username: wu.username })).body.conversation;
    const elsewhere = (await h.as(vi).post(paths.conversations, { username: eve.username })).body
      .conversation;
    const sentAt = Date.UTC(2026, 0, 5, 9);
    h.clock.now = new Date(sentAt);
    const m = await send(vi, c.conversation, 'helo');
    const other = await send(vi, elsewhere.conversation, 'elsewhere');
    const path = paths.message(c.conversation, m.id);
    const from = h.notices.length;
    h.clock.now = new Date(sentAt + 5 * 60_000);
    const edited = await h.as(vi).put(path, { text: '  hello  ' });
    const expected = { ...m, text: 'hello', editedAt: '2026-01-05T09:05:00.000Z', deleted: false };
    expect(answer(edited)).toEqual({ status: 200, body: { message: expected } });
    expect(messagingNotices(from)).toEqual([
      { kind: 'change', notice: { participants: [vi.id, wu.id].sort(), message: expected } },
    ]);
    expect((await h.as(wu).get(paths.messages(c.conversation))).body.messages).toEqual([expected]);
    expect(await unread(wu)).toBe(1);

    const tooLong = 'x'.repeat(2001);
    for (const [who, at, body, expectedAnswer] of [
      [vi, path, { text: '   ' }, refusal(400, messagingMessages.textRequired)],
      [vi, path, {}, refusal(400, messagingMessages.textRequired)],
      [vi, path, { text: tooLong }, refusal(400, messagingMessages.textTooLong)],
      [vi, path, { text: 'a\u0007b' }, refusal(400, 'Message cannot contain control characters.')],
      [wu, path, { text: 'not mine' }, refusal(403, messagingMessages.senderOnly)],
      [eve, path, { text: 'not ours' }, refusal(404, messagingMessages.conversationNotFound)],
      [undefined, path, { text: 'visitor' }, refusal(401, messagingMessages.signIn)],
      [
        vi,
        paths.message(c.conversation, randomUUID()),
        { text: 'x' },
        refusal(404, messagingMessages.messageNotFound),
      ],
      [
        vi,
        paths.message(c.conversation, 'not-an-id'),
        { text: 'x' },
        refusal(404, messagingMessages.messageNotFound),
      ],
      [
        vi,
        paths.message(c.conversation, other.id),
        { text: 'x' },
        refusal(404, messagingMessages.messageNotFound),
      ],
      [
        vi,
        paths.message(randomUUID(), m.id),
        { text: 'x' },
        refusal(404, messagingMessages.conversationNotFound),
      ],
    ] as const)
      expect(answer(await h.as(who).put(at, body))).toEqual(expectedAnswer);
    // Exactly 15 minutes after sending still edits; a second later is too late.
    h.clock.now = new Date(sentAt + MESSAGE_EDIT_MINUTES * 60_000);
    expect((await h.as(vi).put(path, { text: 'hello!' })).status).toBe(200);
    h.clock.now = new Date(sentAt + MESSAGE_EDIT_MINUTES * 60_000 + 1000);
    expect(answer(await h.as(vi).put(path, { text: 'too late' }))).toEqual(
      refusal(409, messagingMessages.editTooLate),
    );
    const [stored] = (await h.as(vi).get(paths.messages(c.conversation))).body.messages;
    expect([stored.text, stored.editedAt]).toEqual(['hello!', '2026-01-05T09:15:00.000Z']);
    expect(messagingNotices(from).filter((n) => n.kind === 'change')).toHaveLength(2);
  });

  it('lets the sender delete a message at any time: its text gone from the store, told to both, no longer unread', async () => {
    const [xi, yu] = [await h.person('Xi'), await h.person('Yu')];
    const c = (await h.as(xi).post(paths.conversations, { username: yu.username })).body.conversation;
    const sentAt = Date.UTC(2026, 0, 6, 9);
    h.clock.now = new Date(sentAt);
    const [first, second] = [
      await send(xi, c.conversation, 'first'),
      await send(xi, c.conversation, 'second'),
    ];
    await h.as(yu).post(paths.read(c.conversation), { upTo: first.id });
    expect(await unread(yu)).toBe(1);
    const path = paths.message(c.conversation, second.id);
    for (const [who, expectedAnswer] of [
      [yu, refusal(403, messagingMessages.senderOnly)],
      [eve, refusal(404, messagingMessages.conversationNotFound)],
      [undefined, refusal(401, messagingMessages.signIn)],
    ] as const)
      expect(answer(await h.as(who).delete(path))).toEqual(expectedAnswer);
    expect(answer(await h.as(xi).delete(paths.message(c.conversation, randomUUID())))).toEqual(
      refusal(404, messagingMessages.messageNotFound),
    );

    const from = h.notices.length;
    const deletedView = { ...second, text: '', deleted: true };
    expect(answer(await h.as(xi).delete(path))).toEqual({ status: 200, body: { message: deletedView } });
    const { rows } = await h.db.query<{ text: string }>('SELECT text FROM messaging.messages WHERE id = $1', [
      second.id,
    ]);
    expect(rows).toEqual([{ text: '' }]);
    // The unread message no longer counts: the recipient's badge is told again.
    expect(messagingNotices(from)).toEqual([
      {
        kind: 'change',
        notice: {
          participants: [xi.id, yu.id].sort(),
          message: deletedView,
          recount: { recipient: yu.id, signal: { conversation: c.conversation, unreadMessages: 0 } },
        },
      },
    ]);
    expect(await unread(yu)).toBe(0);
    const listed = (await h.as(yu).get(paths.conversations)).body.conversations as ConversationView[];
    expect(listed.find((v) => v.conversation === c.conversation)).toMatchObject({
      unread: 0,
      lastMessage: { id: second.id, text: '', deleted: true },
    });
    expect(answer(await h.as(xi).put(path, { text: 'back' }))).toEqual(
      refusal(409, messagingMessages.messageDeleted),
    );
    // Again: the same answer, nobody told.
    expect(answer(await h.as(xi).delete(path))).toEqual({ status: 200, body: { message: deletedView } });
    expect(messagingNotices(from)).toHaveLength(1);

    // A read message, a day later (no window): deleted, and no recount.
    h.clock.now = new Date(sentAt + 24 * 3600_000);
    const gone = await h.as(xi).delete(paths.message(c.conversation, first.id));
    expect(gone.body.message).toEqual({ ...first, text: '', read: true, deleted: true });
    expect(h.notices.slice(from + 1)).toEqual([
      { kind: 'change', notice: { participants: [xi.id, yu.id].sort(), message: gone.body.message } },
    ]);
    expect(
      (await h.as(yu).get(paths.messages(c.conversation))).body.messages.map((m: MessageView) => m.text),
    ).toEqual(['', '']);
  });

  it(`limits starting conversations to ${CONVERSATIONS_PER_HOUR} an hour per person, never opening an existing one`, async () => {
    const [vic, wes] = [await h.person('Vic'), await h.person('Wes')];
    const known = (await h.as(vic).post(paths.conversations, { username: wes.username })).body.conversation;
    const statuses = [];
    for (let i = 1; i < CONVERSATIONS_PER_HOUR; i++) {
      const other = await h.person(`Xan${i}`);
      statuses.push((await h.as(vic).post(paths.conversations, { username: other.username })).status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const zed = await h.person('Zed');
    const over = await h.as(vic).post(paths.conversations, { username: zed.username });
    expect(answer(over)).toEqual(refusal(429, messagingMessages.startingTooFast));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was started: Zed has no conversation with Vic.
    expect((await h.as(zed).get(paths.conversations)).body.conversations).toEqual([]);
    // Opening one that exists is not limited, from either side; the limit is the starter's: Zed still starts one.
    const again = await h.as(vic).post(paths.conversations, { username: wes.username });
    expect([again.status, again.body.conversation.conversation]).toEqual([200, known.conversation]);
    expect((await h.as(zed).post(paths.conversations, { username: vic.username })).status).toBe(201);
  });

  it("ends the sockets of what identity ended: a signed-out session's, a reset's sessions, a deleted cirrus's", async () => {
    const [kit, lou] = [await h.person('Kit'), await h.person('Lou')];
    // Events no read model keeps (nothing in the inbox to wait for): published as identity's relay would.
    const publish = async <D extends DescMessage>(schema: D, payload: MessageInitShape<D>) => {
      const id = randomUUID();
      const value = packEnvelope({
        id,
        producer: 'identity',
        aggregateId: kit.id,
        payloadSchema: schema,
        payload,
      });
      await h.bus.publish([{ id, topic: Topics.identityCirrus, key: kit.id, type: schema.typeName, value }]);
    };
    const before = h.ended.length;
    const base = { cirrusId: kit.id, username: kit.username };
    await publish(CirrusSignedOutSchema, { ...base, sessionKey: 'key-of-one-session' });
    await publish(CirrusSessionsEndedSchema, { ...base, sessionKeys: ['key-a', 'key-b'] });
    await h.deleteCirrus(lou);
    await eventually(() => h.ended.length === before + 3);
    expect(h.ended.slice(before)).toEqual([
      { sessions: ['key-of-one-session'] },
      { sessions: ['key-a', 'key-b'] },
      { cirrus: lou.id },
    ]);
    // Each is only an ending of sockets: Kit still messages.
    expect((await h.as(kit).post(paths.conversations, { username: ada.username })).status).toBe(201);
  });

  it('publishes MessageSent keyed by the conversation, with the length and not the text', async () => {
    const message = await send(bob, chat.conversation, 'héllo 😀');
    const seen = await eventually(() =>
      h.published.find((m) => {
        const env = unpackEnvelope(m.value);
        return (
          env.type === MessageSentSchema.typeName &&
          decodePayload(env, MessageSentSchema).messageId === message.id
        );
      }),
    );
    const event = decodePayload(unpackEnvelope(seen.value), MessageSentSchema);
    expect([seen.key, event.conversationId, event.senderId, event.recipientId, event.length]).toEqual([
      chat.conversation,
      chat.conversation,
      bob.id,
      ada.id,
      7,
    ]);
    expect(Buffer.from(seen.value).toString('utf8')).not.toContain('héllo');
  });

  it('gives each participant a conversation vellum: both view both, only its owner edits', async () => {
    h.clock.now = new Date('2026-01-04T08:00:00Z');
    const mine = await h.as(ada).get(paths.vellum(chat.conversation, ada.username));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      vellum: { i: expect.stringMatching(/^[0-9a-f-]{36}$/), title: '', text: '', last_edited: null },
      vellumTitle: '',
      otherParticipant: {
        username: bob.username,
        display_name: bob.displayName,
        displayName: bob.displayName,
        image: '',
      },
      otherVellum: { conversation: chat.conversation, username: bob.username },
      authorizedToView: true,
      authorizedToEdit: true,
    });
    const id = mine.body.vellum.i as string;
    const body = { title: ' Our plan ', text: JSON.stringify(doc(p(text('Shared notes')))) };
    const saved = await h.as(ada).post(paths.save(id), body);
    expect(saved.status).toBe(200);
    expect(saved.body.vellum).toMatchObject({
      i: id,
      title: 'Our plan',
      last_edited: '2026-01-04T08:00:00.000Z',
    });
    const seenByBob = await h.as(bob).get(paths.vellum(chat.conversation, ada.username.toUpperCase()));
    expect(seenByBob.body).toMatchObject({
      vellum: { i: id, title: 'Our plan', text: body.text },
      vellumTitle: 'Our plan',
      otherParticipant: { username: ada.username },
      otherVellum: { conversation: chat.conversation, username: bob.username },
      authorizedToView: true,
      authorizedToEdit: false,
    });
    const bobs = (await h.as(bob).get(paths.vellum(chat.conversation, bob.username))).body;
    expect([bobs.vellum.i !== id, bobs.authorizedToEdit, bobs.otherVellum.username]).toEqual([
      true,
      true,
      ada.username,
    ]);
    // Bob may not edit Ada's; Eve (no participant) and a visitor learn nothing.
    expect(answer(await h.as(bob).post(paths.save(id), body))).toEqual(
      refusal(403, messagingMessages.vellumOwnerOnly),
    );
    expect(answer(await h.as(eve).post(paths.save(id), body))).toEqual(refusal(404, vellumMessages.notFound));
    expect(answer(await h.as().post(paths.save(id), body))).toEqual(refusal(401, messagingMessages.signIn));
    expect((await h.as(eve).get(paths.vellum(chat.conversation, ada.username))).status).toBe(404);
    expect((await h.as(ada).get(paths.vellum(chat.conversation, eve.username))).status).toBe(404);
    expect((await h.as(ada).post(paths.save(randomUUID()), body)).status).toBe(404);
    // A save without text keeps the body; an empty one empties it.
    await h.as(ada).post(paths.save(id), { title: 'Renamed' });
    expect((await h.as(bob).get(paths.vellum(chat.conversation, ada.username))).body.vellum).toMatchObject({
      title: 'Renamed',
      text: body.text,
    });
    // As large a document as any vellum's (over express's default 100 KB body).
    const large = JSON.stringify(doc(p(text('x'.repeat(200_000)))));
    expect((await h.as(ada).post(paths.save(id), { title: 'Large', text: large })).status).toBe(200);
    await h.as(ada).post(paths.save(id), { title: 'Empty', text: '' });
    expect((await h.as(ada).get(paths.vellum(chat.conversation, ada.username))).body.vellum.text).toBe('');
  });

  it('refuses conversation vellum documents the schema of every vellum refuses (javascript: links, XSS), changing nothing', async () => {
    const id = (await h.as(bob).get(paths.vellum(chat.conversation, bob.username))).body.vellum.i as string;
    const good = JSON.stringify(doc(p(text('kept'))));
    expect((await h.as(bob).post(paths.save(id), { title: 'Mine', text: good })).status).toBe(200);
    const cases: Array<[string, unknown]> = [
      ['javascript link', JSON.stringify(doc(p(link('javascript:alert(1)')))) as unknown],
      ...hostileDocuments(),
    ];
    for (const [name, hostile] of cases) {
      const res = await h.as(bob).post(paths.save(id), { title: 'Hacked', text: hostile });
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      // The schema's message, or the platform's for a NUL (refused before any route reads the body).
      expect(typeof (res.body.errorMessage ?? res.body.error)).toBe('string');
    }
    for (const [body, message] of [
      [{ title: '', text: good }, vellumMessages.titleRequired],
      [{ title: 'x'.repeat(93), text: good }, vellumMessages.titleTooLong],
      [{ title: 'bell\u0007', text: good }, 'Title cannot contain control characters.'],
    ] as const) {
      expect(answer(await h.as(bob).post(paths.save(id), body))).toEqual(refusal(400, message));
    }
    expect((await h.as(ada).get(paths.vellum(chat.conversation, bob.username))).body.vellum).toMatchObject({
      title: 'Mine',
      text: good,
    });
  });

  it("lists conversations newest first, cursor-paged, with identity's names applied once", async () => {
    const vic = await h.person('Vic');
    const others = [await h.person('W1'), await h.person('W2'), await h.person('W3')];
    for (const [i, other] of others.entries()) {
      h.clock.now = new Date(Date.UTC(2026, 0, 3, 0, i));
      await h.as(vic).post(paths.conversations, { username: other.username });
    }
    h.clock.now = new Date(Date.UTC(2026, 0, 3, 1));
    const firstChat = (await h.as(vic).get(paths.conversations)).body.conversations.at(
      -1,
    ) as ConversationView;
    await send(others[0]!, firstChat.conversation, 'bump');
    const page1 = (await h.as(vic).get(`${paths.conversations}?limit=2`)).body;
    const page2 = (await h.as(vic).get(`${paths.conversations}?limit=2&cursor=${page1.nextCursor}`)).body;
    const names = (page: { conversations: ConversationView[] }) =>
      page.conversations.map((c) => c.otherParticipant.username);
    expect([...names(page1), ...names(page2)]).toEqual([
      others[0]!.username,
      others[2]!.username,
      others[1]!.username,
    ]);
    expect(page2.nextCursor).toBeNull();
    expect((await h.as(vic).get(`${paths.conversations}?cursor=zzz`)).status).toBe(400);
    const eventId = await h.profileChanged(others[0]!, {
      displayName: 'W One',
      image: 'https://example.com/w.png',
    });
    await h.profileChanged(others[0]!, { displayName: 'W Again' });
    await h.profileChanged(others[0]!, { displayName: 'W One' }, eventId);
    expect((await h.as(vic).get(paths.conversations)).body.conversations[0].otherParticipant).toMatchObject({
      displayName: 'W Again',
      image: '',
    });
    expect(
      (await h.as(vic).get(paths.conversation(firstChat.conversation))).body.conversation.conversation,
    ).toBe(firstChat.conversation);
  });
});
