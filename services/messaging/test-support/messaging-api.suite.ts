import {
  messagingMessages,
  messengerPaths,
  notificationMessages,
  notificationPaths,
  type ConversationAnswer,
  type NotificationCount,
  type NotificationsPage,
  presenceMessages,
  presencePaths,
  type PresenceAnswer,
  type ConversationsPage,
  type MessageSearchPage,
  type MessagesPage,
  type ReadAnswer,
  type SentMessage,
  type UnreadMessages,
} from '@vellum/proto';
import {
  eventually,
  TestClient,
  signedIn,
  type SignedIn as Person,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

const SLOW = 60_000;

/**
 * The messaging calls through the gateway, as the messenger and the editor remote make them, with accounts made
 * through identity (the messaging service learns of them from identity's events): both participants, a third
 * cirrus and a visitor. Runs against the embedded product (Postgres adapter) and against the processes.
 */
export function messagingApiSuite(baseUrl: () => string) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  let ann: Person;
  let bob: Person;
  let cy: Person;
  let visitor: TestClient;
  let conversation: string;

  beforeAll(async () => {
    [ann, bob, cy] = await Promise.all([
      signedIn(baseUrl(), 'Ann'),
      signedIn(baseUrl(), 'Bob'),
      signedIn(baseUrl(), 'Cy'),
    ]);
    visitor = new TestClient(baseUrl());
    // Bob is known (and verified) to the messaging service once identity's events arrived.
    const opened = await eventually(async () => {
      const res = await ann.client.post<ConversationAnswer>(messengerPaths.conversations, {
        username: bob.username,
      });
      return res.status === 201 ? res.body : undefined;
    }, SLOW);
    conversation = opened.conversation.conversation;
  }, 180_000);

  it('opens one conversation per pair, from either side', async () => {
    const again = await bob.client.post<ConversationAnswer>(messengerPaths.conversations, {
      username: ann.username,
    });
    expect([again.status, again.body.conversation.conversation]).toEqual([200, conversation]);
    expect(again.body.conversation.otherParticipant).toMatchObject({ i: ann.id, username: ann.username });
    const self = await ann.client.post(messengerPaths.conversations, { username: ann.username });
    expect([self.status, self.body]).toEqual([400, { errorMessage: messagingMessages.notYourself }]);
    const none = await visitor.post(messengerPaths.conversations, { username: bob.username });
    expect([none.status, none.body]).toEqual([401, { errorMessage: messagingMessages.signIn }]);
  });

  it('sends, counts unread, lists and marks read for the participants only', async () => {
    const sent = await ann.client.post<SentMessage>(messengerPaths.messages(conversation), {
      text: ' <script>alert(1)</script> ',
    });
    expect([sent.status, sent.body.message.text]).toEqual([201, '<script>alert(1)</script>']);
    expect((await bob.client.get<UnreadMessages>(messengerPaths.unread)).body).toEqual({ unreadMessages: 1 });
    const list = await bob.client.get<ConversationsPage>(messengerPaths.conversations);
    expect(list.body.conversations.map((c) => [c.conversation, c.unread, c.lastMessage?.id])).toEqual([
      [conversation, 1, sent.body.message.id],
    ]);
    const page = await bob.client.get<MessagesPage>(messengerPaths.messages(conversation));
    expect(page.body.messages.map((m) => [m.id, m.read])).toEqual([[sent.body.message.id, false]]);
    const read = await bob.client.post<ReadAnswer>(messengerPaths.read(conversation), {
      upTo: sent.body.message.id,
    });
    expect(read.body).toEqual({ conversation, unread: 0, unreadMessages: 0 });
    const seen = await ann.client.get<MessagesPage>(messengerPaths.messages(conversation));
    expect(seen.body.messages[0]!.read).toBe(true);

    for (const path of [messengerPaths.conversation(conversation), messengerPaths.messages(conversation)]) {
      const stranger = await cy.client.get(path);
      expect({ path, status: stranger.status, body: stranger.body }).toEqual({
        path,
        status: 404,
        body: { errorMessage: messagingMessages.conversationNotFound },
      });
      expect({ path, status: (await visitor.get(path)).status }).toEqual({ path, status: 401 });
    }
    expect((await cy.client.post(messengerPaths.messages(conversation), { text: 'hi' })).status).toBe(404);
    expect((await cy.client.get<UnreadMessages>(messengerPaths.unread)).body).toEqual({ unreadMessages: 0 });
    expect((await visitor.get(messengerPaths.unread)).status).toBe(401);
  });

  it('lets the sender edit and delete a message; the recipient reads the change and counts a deleted one no more', async () => {
    const sent = await ann.client.post<SentMessage>(messengerPaths.messages(conversation), { text: 'typo' });
    const path = messengerPaths.message(conversation, sent.body.message.id);
    const unread = async () =>
      (await bob.client.get<UnreadMessages>(messengerPaths.unread)).body.unreadMessages;
    const before = await unread();
    const edited = await ann.client.put<SentMessage>(path, { text: ' fixed ' });
    expect([edited.status, edited.body.message.text, edited.body.message.deleted]).toEqual([
      200,
      'fixed',
      false,
    ]);
    expect(edited.body.message.editedAt).toEqual(expect.any(String));
    expect(await unread()).toBe(before);
    const refused = await ann.client.put(path, { text: '' });
    expect([refused.status, refused.body]).toEqual([400, { errorMessage: messagingMessages.textRequired }]);
    const notHers = await bob.client.put(path, { text: 'mine now' });
    expect([notHers.status, notHers.body]).toEqual([403, { errorMessage: messagingMessages.senderOnly }]);
    const stranger = await cy.client.delete(path);
    expect([stranger.status, stranger.body]).toEqual([
      404,
      { errorMessage: messagingMessages.conversationNotFound },
    ]);
    expect((await visitor.delete(path)).status).toBe(401);
    const page = await bob.client.get<MessagesPage>(messengerPaths.messages(conversation));
    expect(page.body.messages[0]).toMatchObject({ id: sent.body.message.id, text: 'fixed' });

    const deleted = await ann.client.delete<SentMessage>(path);
    expect([deleted.status, deleted.body.message.text, deleted.body.message.deleted]).toEqual([
      200,
      '',
      true,
    ]);
    expect(await unread()).toBe(before - 1);
    const again = await ann.client.put(path, { text: 'back' });
    expect([again.status, again.body]).toEqual([409, { errorMessage: messagingMessages.messageDeleted }]);
    const list = await bob.client.get<ConversationsPage>(messengerPaths.conversations);
    expect(list.body.conversations.find((c) => c.conversation === conversation)!.lastMessage).toMatchObject({
      id: sent.body.message.id,
      text: '',
      deleted: true,
    });
  });

  it("takes a participant's typing notice, at most once a second, and refuses anyone else's", async () => {
    const told = await ann.client.post(messengerPaths.typing(conversation), {});
    expect([told.status, told.body]).toEqual([200, {}]);
    const again = await ann.client.post(messengerPaths.typing(conversation), {});
    expect([again.status, again.body]).toEqual([429, { errorMessage: messagingMessages.typingTooOften }]);
    const stranger = await cy.client.post(messengerPaths.typing(conversation), {});
    expect([stranger.status, stranger.body]).toEqual([
      404,
      { errorMessage: messagingMessages.conversationNotFound },
    ]);
    expect((await visitor.post(messengerPaths.typing(conversation), {})).status).toBe(401);
  });

  it("shows a participant's presence to the other only, and hides it, and everyone's, when they turn it off", async () => {
    const presenceOf = (who: Person, ids: string[]) =>
      who.client.get<PresenceAnswer>(presencePaths.presence(ids));
    const seen = await presenceOf(ann, [bob.id, cy.id]);
    expect(seen.status).toBe(200);
    expect(seen.body.visible).toBe(true);
    // No socket of Bob's is open: offline; Cy has no conversation with Ann: not hers to see.
    expect(seen.body.presence).toEqual([{ i: bob.id, online: false, lastSeen: null }]);
    expect((await presenceOf(cy, [ann.id, bob.id])).body).toEqual({ visible: true, presence: [] });

    const hide = await bob.client.put(presencePaths.settings, { visible: false });
    expect([hide.status, hide.body]).toEqual([200, { visible: false }]);
    expect((await bob.client.get(presencePaths.settings)).body).toEqual({ visible: false });
    expect((await presenceOf(ann, [bob.id])).body).toEqual({ visible: true, presence: [] });
    expect((await presenceOf(bob, [ann.id])).body).toEqual({ visible: false, presence: [] });
    expect((await bob.client.put(presencePaths.settings, { visible: true })).status).toBe(200);
    expect((await presenceOf(ann, [bob.id])).body.presence).toHaveLength(1);

    const bad = await ann.client.get('/api/messenger/presence?ids=not-an-id');
    expect([bad.status, bad.body]).toEqual([400, { errorMessage: presenceMessages.idsInvalid }]);
    const badBody = await ann.client.put(presencePaths.settings, { visible: 'yes' });
    expect([badBody.status, badBody.body]).toEqual([400, { errorMessage: presenceMessages.visibleRequired }]);
    expect((await visitor.get(presencePaths.presence([bob.id]))).status).toBe(401);
    expect((await visitor.put(presencePaths.settings, { visible: false })).status).toBe(401);
  });

  it("finds a participant's messages by their words, and opens the page around one; nobody else searches", async () => {
    const sent = await ann.client.post<SentMessage>(messengerPaths.messages(conversation), {
      text: 'The lighthouse keepers wave at the ferry',
    });
    expect(sent.status).toBe(201);
    const search = (who: TestClient, q: string) =>
      who.get<MessageSearchPage>(`${messengerPaths.search(conversation)}?q=${encodeURIComponent(q)}`);
    const found = await search(bob.client, 'lighthouses keep');
    expect(found.status).toBe(200);
    expect(found.body.results.map((r) => r.message.id)).toEqual([sent.body.message.id]);
    const { text, marks } = found.body.results[0]!.snippet;
    expect(marks.map(({ start, end }) => text.slice(start, end))).toEqual(['lighthouse', 'keepers']);
    const around = await bob.client.get<MessagesPage>(
      `${messengerPaths.messages(conversation)}?around=${sent.body.message.id}&limit=3`,
    );
    expect(around.status).toBe(200);
    expect(around.body.messages.map((m) => m.id)).toContain(sent.body.message.id);
    expect((await search(ann.client, ' ')).body).toEqual({ errorMessage: messagingMessages.searchRequired });
    const stranger = await search(cy.client, 'lighthouse');
    expect([stranger.status, stranger.body]).toEqual([
      404,
      { errorMessage: messagingMessages.conversationNotFound },
    ]);
    expect((await search(visitor, 'lighthouse')).status).toBe(401);
  });

  it('notifies a follow and a conversation started; marks them read and clears them, each their own only', async () => {
    expect((await cy.client.post(`/api/cirrus/${bob.username}/follow`)).status).toBe(200);
    // Learned from social's and messaging's events.
    const page = await eventually(async () => {
      const res = await bob.client.get<NotificationsPage>(notificationPaths.list);
      return res.body.notifications?.length === 2 ? res.body : undefined;
    }, SLOW);
    expect(page.unread).toBe(2);
    expect(page.notifications.map((n) => [n.kind, n.actor.username, n.read, n.target]).sort()).toEqual([
      ['conversationStarted', ann.username, false, `/messenger/${conversation}`],
      ['followed', cy.username, false, `/cirrus/${cy.username}`],
    ]);
    expect((await bob.client.get<NotificationCount>(notificationPaths.unread)).body).toEqual({ unread: 2 });
    const newest = page.notifications[0]!.id;
    const others = await cy.client.post(notificationPaths.read, { upTo: newest });
    expect([others.status, others.body]).toEqual([404, { errorMessage: notificationMessages.notFound }]);
    expect((await cy.client.get<NotificationsPage>(notificationPaths.list)).body.notifications).toEqual([]);
    expect((await visitor.get(notificationPaths.list)).status).toBe(401);
    expect((await bob.client.get(`${notificationPaths.list}?limit=0`)).status).toBe(400);
    const read = await bob.client.post<NotificationCount>(notificationPaths.read, { upTo: newest });
    expect([read.status, read.body]).toEqual([200, { unread: 0 }]);
    const cleared = await bob.client.request<NotificationCount>('DELETE', notificationPaths.list);
    expect([cleared.status, cleared.body]).toEqual([200, { unread: 0 }]);
    expect((await bob.client.get<NotificationsPage>(notificationPaths.list)).body).toEqual({
      notifications: [],
      nextCursor: null,
      unread: 0,
    });
  });

  it("serves each participant's conversation vellum: both view, only the owner saves", async () => {
    const path = messengerPaths.conversationVellum(conversation, ann.username);
    const mine = await ann.client.get<{ vellum: { i: string }; authorizedToEdit: boolean }>(path, {
      accept: 'application/json',
    });
    expect([mine.status, mine.body.authorizedToEdit]).toEqual([200, true]);
    const id = mine.body.vellum.i;
    const text = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plan' }] }],
    });
    const save = messengerPaths.saveConversationVellum(id);
    expect((await ann.client.post(save, { title: 'Our plan', text })).status).toBe(200);
    const theirs = await bob.client.get(path);
    expect(theirs.body).toMatchObject({
      vellum: { i: id, title: 'Our plan', text },
      authorizedToView: true,
      authorizedToEdit: false,
      otherParticipant: { username: ann.username },
    });
    expect((await bob.client.post(save, { title: 'Mine now', text })).status).toBe(403);
    expect((await cy.client.get(path)).status).toBe(404);
    expect((await cy.client.post(save, { title: 'Mine now', text })).status).toBe(404);
    expect((await visitor.get(path)).status).toBe(401);
    const unsafe = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    });
    expect((await ann.client.post(save, { title: 'Bad', text: unsafe })).status).toBe(400);
  });
}
