import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messagingMessages, PRESENCE_EVENT, REALTIME_EVENTS } from '@vellum/proto/api';
import { isMessageSoundMuted, realtime } from '@vellum/ui';
import MessengerPage from '../src/pages/MessengerPage';
import {
  ann,
  bob,
  connectedSocket,
  conversation,
  conversationsPage,
  cy,
  fakeSocketIo,
  message,
  renderPage,
  serve,
} from './support';

const LIST = 'GET /api/messenger/conversations';
const OPEN = 'POST /api/messenger/conversations';
const open = () => renderPage(<MessengerPage />, '/messenger', '/messenger');
const rows = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');
const where = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  fakeSocketIo.sockets.length = 0;
  localStorage.clear();
});
afterEach(() => realtime.disconnect());

describe('the Messenger', () => {
  it('lists my conversations in the order the service gives, newest first, with names, previews and unread counts', async () => {
    serve({
      [LIST]: {
        body: conversationsPage([
          conversation(
            'k2',
            cy,
            { ...message(7, 'See you at 5', 'bob'), sender: cy.i, conversation: 'k2' },
            2,
          ),
          conversation('k1', bob, message(3, 'Thanks!')),
        ]),
      },
    });
    open();
    await screen.findByRole('list', { name: 'Conversations' });
    expect(document.title).toBe('Messenger');
    screen.getByRole('heading', { level: 1, name: 'Messenger' });
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
      'Chat with Cy Park, 2 unread',
      'Chat with Bob Stone',
    ]);
    expect(rows().map((row) => row.getAttribute('href'))).toEqual(['/messenger/k2', '/messenger/k1']);
    within(rows()[0]!).getByText('See you at 5');
    within(rows()[0]!).getByRole('img', { name: '@cy' });
    expect(within(rows()[0]!).getByTestId('conversation-unread').textContent).toBe('2 unread');
    within(rows()[1]!).getByText('You: Thanks!');
    expect(within(rows()[1]!).queryByTestId('conversation-unread')).toBeNull();
  });

  it('shows each person online or when last seen, asks for their ids once, and changes at presence:changed', async () => {
    const seen = new Date(Date.now() - 5 * 60_000).toISOString();
    const calls = serve({
      [LIST]: { body: conversationsPage([conversation('k2', cy, null), conversation('k1', bob, null)]) },
      [`GET /api/messenger/presence?ids=${bob.i},${cy.i}`]: {
        body: {
          visible: true,
          presence: [
            { i: bob.i, online: true, lastSeen: seen },
            { i: cy.i, online: false, lastSeen: seen },
          ],
        },
      },
    });
    open();
    await waitFor(() => expect(within(rows()[1]!).getByTestId('presence').textContent).toBe('Online'));
    expect(within(rows()[0]!).getByTestId('presence').textContent).toBe('last seen 5 minutes ago');
    expect(calls.filter((call) => call.path.startsWith('/api/messenger/presence'))).toHaveLength(1);
    const socket = await connectedSocket();
    act(() =>
      socket.serverEmits(PRESENCE_EVENT, { i: cy.i, presence: { i: cy.i, online: true, lastSeen: seen } }),
    );
    await waitFor(() => expect(within(rows()[0]!).getByTestId('presence').textContent).toBe('Online'));
    // Bob hides his: gone from his row; someone not listed changes nothing.
    act(() => socket.serverEmits(PRESENCE_EVENT, { i: bob.i, presence: null }));
    act(() =>
      socket.serverEmits(PRESENCE_EVENT, {
        i: 'c-other',
        presence: { i: 'c-other', online: true, lastSeen: seen },
      }),
    );
    await waitFor(() => expect(within(rows()[1]!).queryByTestId('presence')).toBeNull());
    expect(within(rows()[0]!).getByTestId('presence').textContent).toBe('Online');
  });

  it("shows nobody's presence while I hide mine", async () => {
    serve({
      [LIST]: { body: conversationsPage([conversation('k1', bob, null)]) },
      [`GET /api/messenger/presence?ids=${bob.i}`]: { body: { visible: false, presence: [] } },
    });
    open();
    await screen.findByRole('list', { name: 'Conversations' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('presence')).toBeNull();
  });

  it("says 'No conversations yet.' when there are none", async () => {
    serve({ [LIST]: { body: conversationsPage([]) } });
    open();
    await screen.findByText(messagingMessages.noConversations);
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
  });

  it('loads older conversations with the cursor and adds them below', async () => {
    const calls = serve({
      [LIST]: { body: conversationsPage([conversation('k2', cy, null)], 'next-1') },
      [`${LIST}?cursor=next-1`]: { body: conversationsPage([conversation('k1', bob, message(1, 'Old'))]) },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Load older conversations' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.getAttribute('href')).toBe('/messenger/k1');
    expect(calls.map((call) => call.path)).toContain('/api/messenger/conversations?cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Load older conversations' })).toBeNull();
  });

  it("shows the service's message when the list cannot be loaded", async () => {
    serve({ [LIST]: { status: 503, body: { errorMessage: 'Messaging is unavailable.' } } });
    open();
    await screen.findByText('Messaging is unavailable.');
  });

  it('is Not Found for a visitor', async () => {
    const calls = serve({}, null);
    open();
    await screen.findByText('Not Found');
    expect(calls.filter((call) => call.path.startsWith('/api/messenger'))).toEqual([]);
  });

  it('shows a last message with markup as text', async () => {
    serve({
      [LIST]: {
        body: conversationsPage([
          conversation('k1', bob, message(1, '<img src=x onerror="window.__xss=1">', 'bob')),
        ]),
      },
    });
    open();
    await screen.findByText('<img src=x onerror="window.__xss=1">');
    expect(screen.getByRole('list', { name: 'Conversations' }).querySelectorAll('img')).toHaveLength(0);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('fetches the list again when a message arrives for me in real time', async () => {
    let list = conversationsPage([conversation('k1', bob, message(1, 'Old'))]);
    serve({ [LIST]: () => ({ body: list }) });
    open();
    await screen.findByText('You: Old');
    const socket = await connectedSocket();
    list = conversationsPage([conversation('k1', bob, message(2, 'New one', 'bob'), 1)]);
    act(() => socket.serverEmits(ann.i, { unreadMessages: 1, conversation: 'k1' }));
    await screen.findByText('New one');
    list = conversationsPage([conversation('k1', bob, message(3, 'Newer', 'bob'), 2)]);
    act(() => socket.serverEmits(REALTIME_EVENTS.newMessage, message(3, 'Newer', 'bob')));
    await screen.findByText('Newer');
  });

  it('shows a deleted last message as deleted, and fetches the list again when a message changes', async () => {
    let list = conversationsPage([conversation('k1', bob, message(1, 'Old', 'bob'))]);
    serve({ [LIST]: () => ({ body: list }) });
    open();
    await screen.findByText('Old');
    const socket = await connectedSocket();
    const deleted = { ...message(1, '', 'bob'), deleted: true };
    list = conversationsPage([conversation('k1', bob, deleted)]);
    act(() => socket.serverEmits(REALTIME_EVENTS.changed, deleted));
    await screen.findByText(messagingMessages.messageDeleted);
  });

  it('turns the new-message sound off and on, remembered in this browser', async () => {
    serve({ [LIST]: { body: conversationsPage([]) } });
    open();
    const sound = await screen.findByRole('switch', { name: 'Sound for new messages' });
    expect(sound).toHaveProperty('checked', true);
    await userEvent.click(sound);
    expect(isMessageSoundMuted()).toBe(true);
    await userEvent.click(sound);
    expect(isMessageSoundMuted()).toBe(false);
  });
});

describe('a new conversation', () => {
  it('opens the conversation with a username and goes to the chat', async () => {
    const calls = serve({
      [LIST]: { body: conversationsPage([]) },
      [OPEN]: { status: 201, body: { conversation: conversation('k9', bob, null) } },
    });
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('searchbox', { name: 'New conversation' }), '  bob {Enter}');
    await waitFor(() => expect(where()).toBe('/messenger/k9'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/messenger/conversations', body: { username: 'bob' } },
    ]);
  });

  it("says 'Say whom to message.' for an empty name, without asking the service", async () => {
    const calls = serve({ [LIST]: { body: conversationsPage([]) } });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    screen.getByText(messagingMessages.usernameRequired);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it.each([messagingMessages.cirrusNotFound, messagingMessages.notYourself, messagingMessages.verifyFirst])(
    "shows the service's refusal: %s",
    async (reason) => {
      serve({
        [LIST]: { body: conversationsPage([]) },
        [OPEN]: {
          status: reason === messagingMessages.cirrusNotFound ? 404 : 400,
          body: { errorMessage: reason },
        },
      });
      const user = userEvent.setup();
      open();
      await user.type(await screen.findByRole('searchbox', { name: 'New conversation' }), 'someone{Enter}');
      await screen.findByText(reason);
      expect(where()).toBe('/messenger');
    },
  );

  it('suggests people from the search, without me, and opens the one chosen', async () => {
    const calls = serve({
      [LIST]: { body: conversationsPage([]) },
      'GET /api/search?query=b': {
        body: {
          results: [
            { username: 'bob', display_name: 'Bob Stone' },
            { username: 'ann', display_name: 'Ann Lee' },
          ],
        },
      },
      [OPEN]: { body: { conversation: conversation('k1', bob, null) } },
    });
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('searchbox', { name: 'New conversation' }), 'b');
    const suggestions = await screen.findByRole('list', { name: 'Suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Message Bob Stone @bob']);
    await user.click(within(suggestions).getByRole('button', { name: 'Message Bob Stone @bob' }));
    await waitFor(() => expect(where()).toBe('/messenger/k1'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ username: 'bob' });
  });
});
