import { randomUUID } from 'node:crypto';
import {
  messagingMessages,
  messengerPaths,
  pagingMessages,
  TEXT_SEARCH_MAX,
  type MessageSearchPage,
  type MessagesPage,
  type MessageView,
} from '@vellum/proto';
import { messagingHarness, type MessagingHarness, type Person } from './support/messaging-harness';

describe('searching a conversation, and the page around a result (PGlite)', () => {
  let h: MessagingHarness;
  let ada: Person;
  let bob: Person;
  let eve: Person;
  let conversation: string;
  const sent: MessageView[] = [];
  beforeAll(async () => {
    h = await messagingHarness();
    [ada, bob, eve] = [await h.person('Ada'), await h.person('Bob'), await h.person('Eve')];
    conversation = (await h.as(ada).post(messengerPaths.conversations, { username: bob.username })).body
      .conversation.conversation;
    for (let i = 0; i < 9; i++) {
      h.clock.now = new Date(Date.UTC(2026, 0, 3, 10, 0, i));
      const text = i === 4 ? 'Our running shoes are at the station' : `Note ${i} about lunch`;
      const res = await h.as(i % 2 ? bob : ada).post(messengerPaths.messages(conversation), { text });
      expect(res.status).toBe(201);
      sent.push(res.body.message);
    }
  }, 60_000);
  afterAll(() => h.close());

  const search = (who: Person | undefined, query: string, id = conversation) =>
    h.as(who).get(`${messengerPaths.search(id)}?${query}`);
  const around = (who: Person | undefined, query: string, id = conversation) =>
    h.as(who).get(`${messengerPaths.messages(id)}?${query}`);
  const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
  const refusal = (status: number, errorMessage: string) => ({ status, body: { errorMessage } });

  it('finds messages by the stems of their words, newest first, with their snippets and as the list shows them', async () => {
    const res = await search(bob, 'q=RUNS station');
    expect(res.status).toBe(200);
    const page = res.body as MessageSearchPage;
    expect(page).toEqual({
      results: [
        {
          message: sent[4],
          // ts_headline's passage (it leaves out the stop word before the first found word).
          snippet: {
            text: 'running shoes are at the station',
            marks: [
              { start: 0, end: 7 },
              { start: 25, end: 32 },
            ],
          },
        },
      ],
      nextCursor: null,
    });
    const lunch = (await search(ada, 'q=lunch&limit=3')).body as MessageSearchPage;
    expect(lunch.results.map((r) => r.message.text)).toEqual([
      'Note 8 about lunch',
      'Note 7 about lunch',
      'Note 6 about lunch',
    ]);
    const next = (await search(ada, `q=lunch&limit=3&before=${lunch.nextCursor}`)).body as MessageSearchPage;
    expect(next.results.map((r) => r.message.text)).toEqual([
      'Note 5 about lunch',
      'Note 3 about lunch',
      'Note 2 about lunch',
    ]);
    // Nothing but separators: nothing to look for, nothing found.
    expect((await search(ada, 'q=%26%7C!')).body).toEqual({ results: [], nextCursor: null });
  });

  it('lets only the two participants search: anyone else 404 as for a missing conversation, a visitor 401', async () => {
    expect(answer(await search(undefined, 'q=lunch'))).toEqual(refusal(401, messagingMessages.signIn));
    for (const id of [conversation, randomUUID(), 'not-an-id']) {
      expect(answer(await search(eve, 'q=lunch', id))).toEqual(
        refusal(404, messagingMessages.conversationNotFound),
      );
    }
    expect(answer(await search(ada, 'q=lunch', randomUUID()))).toEqual(
      refusal(404, messagingMessages.conversationNotFound),
    );
  });

  it('refuses an empty, blank, too long or repeated search, a bad limit and a forged cursor', async () => {
    for (const [query, errorMessage] of [
      ['', messagingMessages.searchRequired],
      ['q=', messagingMessages.searchRequired],
      ['q=%20%20%20', messagingMessages.searchRequired],
      [`q=${'x'.repeat(TEXT_SEARCH_MAX + 1)}`, messagingMessages.searchTooLong],
      ['q=a&q=b', 'The parameter q must be given once, as text.'],
      ['q=lunch&limit=0', pagingMessages.limit(100)],
      ['q=lunch&limit=101', pagingMessages.limit(100)],
      ['q=lunch&before=bogus', pagingMessages.cursor],
      ['q=lunch&before=', pagingMessages.cursor],
    ] as const) {
      expect({ query, ...answer(await search(ada, query)) }).toEqual({
        query,
        ...refusal(400, errorMessage),
      });
    }
    expect((await search(ada, `q=${'x'.repeat(TEXT_SEARCH_MAX)}`)).status).toBe(200);
    // A control character is refused by the platform before any route reads the query.
    expect((await search(ada, 'q=bell%07')).status).toBe(400);
  });

  it('never finds a deleted message, and finds an edited one by its new words', async () => {
    h.clock.now = new Date(Date.UTC(2026, 0, 3, 10, 1));
    const gone = (await h.as(ada).post(messengerPaths.messages(conversation), { text: 'Secret platypus' }))
      .body.message as MessageView;
    const fixed = (await h.as(ada).post(messengerPaths.messages(conversation), { text: 'Wombat typo' })).body
      .message as MessageView;
    expect((await h.as(ada).delete(messengerPaths.message(conversation, gone.id))).status).toBe(200);
    expect(
      (await h.as(ada).put(messengerPaths.message(conversation, fixed.id), { text: 'Koala' })).status,
    ).toBe(200);
    expect((await search(bob, 'q=platypus')).body.results).toEqual([]);
    expect((await search(bob, 'q=wombat')).body.results).toEqual([]);
    expect(
      (await search(bob, 'q=koala')).body.results.map((r: { message: MessageView }) => r.message.id),
    ).toEqual([fixed.id]);
  });

  it('answers the page around a message, with cursors both ways that read on from it', async () => {
    const texts = (page: MessagesPage) => page.messages.map((m) => m.text);
    const page = (await around(bob, `around=${sent[4]!.id}&limit=5`)).body as MessagesPage;
    expect(page.messages.map((m) => m.id)).toEqual(
      [sent[6], sent[5], sent[4], sent[3], sent[2]].map((m) => m!.id),
    );
    const older = (await around(bob, `before=${page.nextCursor}&limit=5`)).body as MessagesPage;
    expect(texts(older)).toEqual(['Note 1 about lunch', 'Note 0 about lunch']);
    const newer = (await around(bob, `after=${page.newerCursor}&limit=2`)).body as MessagesPage;
    expect(texts(newer)).toEqual(['Note 8 about lunch', 'Note 7 about lunch']);
    expect(newer.nextCursor).not.toBeNull();
    const newest = (await around(bob, `after=${newer.newerCursor}&limit=2`)).body as MessagesPage;
    // Past what was sent when the page was read: the messages sent later (the deletion test's), then the end.
    expect(newest.messages.length).toBeGreaterThan(0);
    let cursor = newest.newerCursor;
    while (cursor) cursor = ((await around(bob, `after=${cursor}&limit=2`)).body as MessagesPage).newerCursor;
    // The first message has nothing older, the last nothing newer.
    const first = (await around(ada, `around=${sent[0]!.id}&limit=3`)).body as MessagesPage;
    expect([texts(first), first.nextCursor]).toEqual([['Note 1 about lunch', 'Note 0 about lunch'], null]);
    const one = (await around(ada, `around=${sent[0]!.id}&limit=1`)).body as MessagesPage;
    expect([texts(one), one.nextCursor, typeof one.newerCursor]).toEqual([
      ['Note 0 about lunch'],
      null,
      'string',
    ]);
  });

  it('refuses a page around a message for anyone else, a message of another conversation, and two kinds of page', async () => {
    const path = `around=${sent[4]!.id}`;
    expect(answer(await around(undefined, path))).toEqual(refusal(401, messagingMessages.signIn));
    expect(answer(await around(eve, path))).toEqual(refusal(404, messagingMessages.conversationNotFound));
    const theirs = (await h.as(eve).post(messengerPaths.conversations, { username: ada.username })).body
      .conversation.conversation;
    const elsewhere = (await h.as(eve).post(messengerPaths.messages(theirs), { text: 'Hi Ada' })).body
      .message as MessageView;
    for (const id of [elsewhere.id, randomUUID(), 'not-an-id']) {
      expect(answer(await around(bob, `around=${id}`))).toEqual(
        refusal(404, messagingMessages.messageNotFound),
      );
    }
    const cursor = ((await around(bob, 'limit=1')).body as MessagesPage).nextCursor;
    for (const query of [`${path}&before=${cursor}`, `after=${cursor}&before=${cursor}`]) {
      expect(answer(await around(bob, query))).toEqual(refusal(400, messagingMessages.onePageAtATime));
    }
    expect(answer(await around(bob, 'after=bogus'))).toEqual(refusal(400, pagingMessages.cursor));
  });
});
