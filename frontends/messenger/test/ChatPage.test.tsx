import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messagingMessages, REALTIME_EVENTS, type MessageView } from '@vellum/proto/api';
import ChatPage from '../src/pages/ChatPage';
import {
  bob,
  connectedSocket,
  conversation,
  inTheChat,
  message,
  messagesPage,
  renderPage,
  serve,
} from './support';

const HEADER = 'GET /api/messenger/conversations/k1';
const MESSAGES = 'GET /api/messenger/conversations/k1/messages';
const SEND = 'POST /api/messenger/conversations/k1/messages';
const READ = 'POST /api/messenger/conversations/k1/read';
const TYPING = 'POST /api/messenger/conversations/k1/typing';

const open = () => renderPage(<ChatPage />, '/messenger/:chat', '/messenger/k1');
const history = () => within(screen.getByRole('list', { name: 'Messages' }));
const shownTexts = () => screen.queryAllByTestId('message').map((bubble) => bubble.textContent);
const composer = () => screen.getByRole('textbox', { name: 'Message' });

/** The chat of Ann and Bob: `messages` newest first; the send and read calls echo what they were given. */
function serveChat(messages = [message(2, 'Hi Ann', 'bob', true), message(1, 'Hello Bob')], extra = {}) {
  return serve({
    [HEADER]: { body: { conversation: conversation('k1', bob, messages[0] ?? null) } },
    [MESSAGES]: { body: messagesPage(messages) },
    [SEND]: (call) => ({
      status: 201,
      body: { message: { ...message(9, (call.body as { text: string }).text), id: 'm-new' } },
    }),
    [READ]: { body: { conversation: 'k1', unread: 0, unreadMessages: 0 } },
    [TYPING]: { body: {} },
    ...extra,
  });
}

inTheChat();

describe('the chat', () => {
  it('shows the other participant, the history oldest first and links to both conversation vellums', async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    expect(document.title).toBe('Chat with Bob Stone');
    expect(shownTexts()).toEqual(['You: Hello Bob', '@bob: Hi Ann']);
    expect(screen.getByRole('link', { name: 'My Conversation Vellum' }).getAttribute('href')).toBe(
      '/messenger/k1/ann',
    );
    expect(screen.getByRole('link', { name: "Bob Stone's Conversation Vellum" }).getAttribute('href')).toBe(
      '/messenger/k1/bob',
    );
    expect(screen.getByRole('link', { name: '← Back to Messenger' }).getAttribute('href')).toBe('/messenger');
  });

  it.each([
    [404, 'not a participant'],
    [401, 'no session'],
  ])('is Not Found when the service answers %i (%s)', async (status) => {
    serveChat(undefined, {
      [HEADER]: { status, body: { errorMessage: messagingMessages.conversationNotFound } },
    });
    open();
    await screen.findByText('Not Found');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('is Not Found for a visitor, without asking the service', async () => {
    const calls = serve({}, null);
    open();
    await screen.findByText('Not Found');
    expect(calls.filter((call) => call.path.startsWith('/api/messenger'))).toEqual([]);
  });

  it('says what went wrong for any other failure', async () => {
    serveChat(undefined, {
      [MESSAGES]: { status: 503, body: { errorMessage: 'Messaging is unavailable.' } },
    });
    open();
    await screen.findByText('Messaging is unavailable.');
  });

  it('loads older messages with the cursor, above the ones shown', async () => {
    const calls = serveChat(undefined, {
      [MESSAGES]: {
        body: messagesPage([message(2, 'Hi Ann', 'bob', true), message(1, 'Hello Bob')], 'c-old'),
      },
      [`${MESSAGES}?before=c-old`]: { body: messagesPage([message(0, 'First of all', 'bob', true)]) },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    await waitFor(() =>
      expect(shownTexts()).toEqual(['@bob: First of all', 'You: Hello Bob', '@bob: Hi Ann']),
    );
    expect(calls.some((call) => call.path === `${MESSAGES.slice(4)}?before=c-old`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});

describe('sending', () => {
  it('sends with Enter, breaks the line with Shift+Enter, then shows the message and empties the box', async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    await user.type(
      await screen.findByRole('textbox', { name: 'Message' }),
      'Line one{Shift>}{Enter}{/Shift}line two',
    );
    expect(composer()).toHaveProperty('value', 'Line one\nline two');
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownTexts()).toContain('You: Line one\nline two'));
    expect(calls.filter((call) => call.path.endsWith('/messages') && call.method === 'POST')).toEqual([
      { method: 'POST', path: SEND.slice(5), body: { text: 'Line one\nline two' } },
    ]);
    expect(composer()).toHaveProperty('value', '');
    expect(history().getAllByTestId('receipt').at(-1)?.textContent).toBe(' · Sent');
  });

  it("says 'Write a message first.' for an empty or blank message and sends nothing", async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), '   {Enter}');
    screen.getByText(messagingMessages.textRequired);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toEqual([]);
  });

  it('counts the characters and refuses more than 2,000 with the schema’s message', async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('x'.repeat(2000));
    screen.getByText('2,000 / 2,000');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
    await user.paste('y');
    screen.getByText('2,001 / 2,000');
    screen.getByText(messagingMessages.textTooLong);
    await user.keyboard('{Enter}');
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/messages'))).toEqual([]);
  });

  it('refuses control characters with the schema’s message', async () => {
    serveChat();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('textbox', { name: 'Message' }));
    await user.paste('bell \u0007');
    screen.getByText('Message cannot contain control characters.');
  });

  it.each([
    [429, messagingMessages.tooFast],
    [500, 'Something broke.'],
  ])('keeps the text and shows why when the service answers %i', async (status, reason) => {
    serveChat(undefined, { [SEND]: { status, body: { errorMessage: reason } } });
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    await screen.findByText(reason);
    expect(composer()).toHaveProperty('value', 'Are you there?');
    expect(shownTexts()).not.toContain('You: Are you there?');
  });

  it('keeps the box read-only and the button disabled while sending', async () => {
    let answer!: () => void;
    serveChat();
    const sent = new Promise<void>((resolve) => (answer = resolve));
    const original = global.fetch;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/messages')) await sent;
      return original(input, init);
    }) as typeof fetch;
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Wait for it{Enter}');
    expect(await screen.findByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    expect(composer()).toHaveProperty('readOnly', true);
    await act(async () => answer());
    await screen.findByRole('button', { name: 'Send' });
    expect(composer()).toHaveProperty('readOnly', false);
  });
});

describe('editing and deleting my messages', () => {
  const EDIT = 'PUT /api/messenger/conversations/k1/messages/m1';
  const DELETE = 'DELETE /api/messenger/conversations/k1/messages/m1';
  /** My message of a minute ago (still editable) and Bob's. */
  const recent = () => ({ ...message(1, 'Helo Bob'), sentAt: new Date(Date.now() - 60_000).toISOString() });
  const serveChanges = (extra = {}) =>
    serveChat([message(2, 'Hi Ann', 'bob'), recent()], {
      [EDIT]: (call: { body: unknown }) => ({
        body: {
          message: {
            ...recent(),
            text: (call.body as { text: string }).text,
            editedAt: new Date().toISOString(),
          },
        },
      }),
      [DELETE]: { body: { message: { ...recent(), text: '', deleted: true } } },
      ...extra,
    });
  const changeCalls = (calls: Array<{ method: string; path: string }>) =>
    calls.filter((call) => call.method === 'PUT' || call.method === 'DELETE');

  it("edits my message in an inline box: Enter saves and shows '(edited)', Escape cancels", async () => {
    const calls = serveChanges();
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    // Only my message has the actions.
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edited message' });
    expect(box).toHaveProperty('value', 'Helo Bob');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edited message' })).toBeNull();
    expect(changeCalls(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edited message' }));
    await user.keyboard('   {Enter}');
    screen.getByText(messagingMessages.textRequired);
    expect(changeCalls(calls)).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: 'Edited message' }));
    await user.keyboard('Hello Bob{Enter}');
    await waitFor(() => expect(shownTexts()).toEqual(['You: Hello Bob', '@bob: Hi Ann']));
    expect(changeCalls(calls)).toEqual([{ method: 'PUT', path: EDIT.slice(4), body: { text: 'Hello Bob' } }]);
    expect(history().getByTestId('edited').textContent).toBe('(edited)');
    expect(screen.queryByRole('textbox', { name: 'Edited message' })).toBeNull();
  });

  it("keeps the box and shows the service's refusal, as when the 15 minutes are over", async () => {
    serveChanges({ [EDIT]: { status: 409, body: { errorMessage: messagingMessages.editTooLate } } });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.keyboard(' too{Enter}');
    await screen.findByText(messagingMessages.editTooLate);
    expect(screen.getByRole('textbox', { name: 'Edited message' })).toHaveProperty('value', 'Helo Bob too');
  });

  it('offers Delete but no Edit on my message older than 15 minutes', async () => {
    serveChat([message(2, 'Hi Ann', 'bob'), message(1, 'Hello Bob')]);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });

  it("asks before deleting, then shows 'This message was deleted.' in its place", async () => {
    const calls = serveChanges();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    screen.getByRole('group', { name: 'Delete this message?' });
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(changeCalls(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() =>
      expect(shownTexts()).toEqual([`You: ${messagingMessages.messageDeleted}`, '@bob: Hi Ann']),
    );
    expect(changeCalls(calls)).toEqual([{ method: 'DELETE', path: DELETE.slice(7), body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it("shows Bob's edit and deletion as they arrive, for this chat only", async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const socket = await connectedSocket();
    const his = message(2, 'Hi Ann', 'bob', true);
    act(() => socket.serverEmits(REALTIME_EVENTS.changed, { ...his, text: 'Hi Ann!', editedAt: his.sentAt }));
    act(() =>
      socket.serverEmits(REALTIME_EVENTS.changed, { ...his, conversation: 'k2', text: '', deleted: true }),
    );
    await waitFor(() => expect(shownTexts()).toEqual(['You: Hello Bob', '@bob: Hi Ann!']));
    screen.getByText('(edited)');
    act(() => socket.serverEmits(REALTIME_EVENTS.changed, { ...his, text: '', deleted: true }));
    await waitFor(() =>
      expect(shownTexts()).toEqual(['You: Hello Bob', `@bob: ${messagingMessages.messageDeleted}`]),
    );
    expect(screen.queryByText('(edited)')).toBeNull();
  });
});

describe('read marks', () => {
  it('marks the newest incoming message read when the page has attention, and updates the badge', async () => {
    const calls = serveChat([
      message(3, 'Still there?', 'bob'),
      message(2, 'Hi Ann', 'bob'),
      message(1, 'Hello Bob'),
    ]);
    const { queryClient } = open();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/read'))).toEqual([
        { method: 'POST', path: READ.slice(5), body: { upTo: 'm3' } },
      ]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(['unread-messages', 'ann'])).toEqual({ unreadMessages: 0 }),
    );
  });

  it('waits for the page to be focused before marking read', async () => {
    (document.hasFocus as jest.Mock).mockReturnValue(false);
    const calls = serveChat([message(2, 'Hi Ann', 'bob'), message(1, 'Hello Bob')]);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.filter((call) => call.path.endsWith('/read'))).toEqual([]);
    (document.hasFocus as jest.Mock).mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/read'))).toHaveLength(1));
  });

  it("does not mark read what is already read, and shows 'Read' on my messages the other has read", async () => {
    const calls = serveChat([
      message(3, 'Seen?', 'ann', true),
      message(2, 'Hi Ann', 'bob', true),
      message(1, 'Hello Bob', 'ann', true),
    ]);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    expect(
      history()
        .getAllByTestId('receipt')
        .map((mark) => mark.textContent),
    ).toEqual([' · Read', ' · Read']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.filter((call) => call.path.endsWith('/read'))).toEqual([]);
  });

  it("moves my messages to 'Read' when Bob's read mark arrives", async () => {
    serveChat([message(3, 'Seen?'), message(2, 'Hi Ann', 'bob', true), message(1, 'Hello Bob')]);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const socket = await connectedSocket();
    expect(
      history()
        .getAllByTestId('receipt')
        .map((mark) => mark.textContent),
    ).toEqual([' · Sent', ' · Sent']);
    act(() =>
      socket.serverEmits(REALTIME_EVENTS.read, { conversation: 'k1', reader: bob.i, upTo: 'm1', at: 'now' }),
    );
    await waitFor(() =>
      expect(
        history()
          .getAllByTestId('receipt')
          .map((mark) => mark.textContent),
      ).toEqual([' · Read', ' · Sent']),
    );
    act(() =>
      socket.serverEmits(REALTIME_EVENTS.read, { conversation: 'k1', reader: bob.i, upTo: 'm3', at: 'now' }),
    );
    await waitFor(() =>
      expect(
        history()
          .getAllByTestId('receipt')
          .map((mark) => mark.textContent),
      ).toEqual([' · Read', ' · Read']),
    );
  });
});

describe('the first unread message', () => {
  /** The history's items in order: each message's text, and the divider where it is. */
  const items = () =>
    history()
      .getAllByRole('listitem')
      .map((item) =>
        item.getAttribute('data-testid') === 'new-messages'
          ? '— New messages —'
          : item.querySelector('[data-testid="message"]')?.textContent,
      );

  /** Opens the chat on `messages` (newest first) with `unread` of them unread. */
  const openWithUnread = async (messages: MessageView[], unread: number) => {
    serveChat(messages, {
      [HEADER]: { body: { conversation: conversation('k1', bob, messages[0]!, unread) } },
    });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
  };

  it("opens with 'New messages' above the first of Bob's unread messages, and none when nothing was unread", async () => {
    const messages = [
      message(4, 'Still there?', 'bob'),
      message(3, 'Are you free?', 'bob'),
      message(2, 'Hello Bob'),
      message(1, 'Hi Ann', 'bob', true),
    ];
    await openWithUnread(messages, 2);
    await waitFor(() =>
      expect(items()).toEqual([
        '@bob: Hi Ann',
        'You: Hello Bob',
        '— New messages —',
        '@bob: Are you free?',
        '@bob: Still there?',
      ]),
    );
  });

  it('counts no deleted message of his as unread when placing the divider', async () => {
    const messages = [
      message(4, 'Still there?', 'bob'),
      { ...message(3, '', 'bob'), deleted: true },
      message(2, 'Are you free?', 'bob'),
      message(1, 'Hi Ann', 'bob', true),
    ];
    await openWithUnread(messages, 2);
    await waitFor(() =>
      expect(items()).toEqual([
        '@bob: Hi Ann',
        '— New messages —',
        '@bob: Are you free?',
        `@bob: ${messagingMessages.messageDeleted}`,
        '@bob: Still there?',
      ]),
    );
  });

  it('shows no divider when nothing was unread', async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    await waitFor(() => expect(shownTexts()).toHaveLength(2));
    expect(screen.queryByTestId('new-messages')).toBeNull();
  });

  it('loads older pages by itself until the first unread message is there', async () => {
    const newer = [message(5, 'Five', 'bob'), message(4, 'Four', 'bob')];
    const older = [message(3, 'Three', 'bob'), message(2, 'Two', 'bob', true)];
    const calls = serveChat(newer, {
      [HEADER]: { body: { conversation: conversation('k1', bob, newer[0]!, 3) } },
      [MESSAGES]: { body: messagesPage(newer, 'c-old') },
      [`${MESSAGES}?before=c-old`]: { body: messagesPage(older) },
    });
    open();
    await waitFor(() =>
      expect(items()).toEqual(['@bob: Two', '— New messages —', '@bob: Three', '@bob: Four', '@bob: Five']),
    );
    expect(calls.filter((call) => call.path.endsWith('?before=c-old'))).toHaveLength(1);
  });
});

describe('typing', () => {
  const indicator = () => screen.getByTestId('typing');
  const typingShown = () => screen.queryByText('Bob Stone is typing…') !== null;

  it("shows 'Bob Stone is typing…' on his notice, for this chat only, and takes it away at once with his message", async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const socket = await connectedSocket();
    act(() => socket.serverEmits(REALTIME_EVENTS.typing, { conversation: 'k2', typist: bob.i }));
    act(() => socket.serverEmits(REALTIME_EVENTS.typing, { conversation: 'k1', typist: 'c-someone' }));
    expect(typingShown()).toBe(false);
    act(() => socket.serverEmits(REALTIME_EVENTS.typing, { conversation: 'k1', typist: bob.i }));
    expect(typingShown()).toBe(true);
    expect(indicator().getAttribute('aria-live')).toBe('polite');
    expect(indicator().textContent).toBe('Bob Stone is typing…');
    act(() => socket.serverEmits(REALTIME_EVENTS.newMessage, message(5, 'Here I am', 'bob')));
    expect(typingShown()).toBe(false);
    await waitFor(() => expect(shownTexts()).toContain('@bob: Here I am'));
  });

  it('takes it away 5 s after his last notice, each notice keeping it 5 s more', async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const socket = await connectedSocket();
    jest.useFakeTimers();
    try {
      act(() => socket.serverEmits(REALTIME_EVENTS.typing, { conversation: 'k1', typist: bob.i }));
      act(() => jest.advanceTimersByTime(3000));
      act(() => socket.serverEmits(REALTIME_EVENTS.typing, { conversation: 'k1', typist: bob.i }));
      act(() => jest.advanceTimersByTime(4900));
      expect(typingShown()).toBe(true);
      act(() => jest.advanceTimersByTime(200));
      expect(typingShown()).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells Bob that I type at most once in 1.2 s, and not for blanks', async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const typingCalls = () => calls.filter((call) => call.path === TYPING.slice(5)).length;
    await user.type(box, '   ');
    expect(typingCalls()).toBe(0);
    await user.type(box, 'Hello there');
    await waitFor(() => expect(typingCalls()).toBe(1));
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 1300);
    await user.type(box, '!');
    await waitFor(() => expect(typingCalls()).toBe(2));
    await user.type(box, '?');
    expect(typingCalls()).toBe(2);
  });

  it('keeps an empty live region when nobody types', async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    expect(indicator().textContent).toBe('');
  });
});

describe('in real time', () => {
  it("appends Bob's new message of this chat, once, and ignores other conversations", async () => {
    serveChat();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const socket = await connectedSocket();
    const incoming = message(5, 'Are you free?', 'bob');
    act(() => socket.serverEmits(REALTIME_EVENTS.newMessage, incoming));
    act(() => socket.serverEmits(REALTIME_EVENTS.newMessage, incoming));
    act(() =>
      socket.serverEmits(REALTIME_EVENTS.newMessage, {
        ...message(6, 'Elsewhere', 'bob'),
        conversation: 'k2',
      }),
    );
    await waitFor(() =>
      expect(shownTexts()).toEqual(['You: Hello Bob', '@bob: Hi Ann', '@bob: Are you free?']),
    );
  });

  it('fetches the chat again after a lost connection, with a quiet banner meanwhile', async () => {
    let page = messagesPage([message(1, 'Hello Bob')]);
    serveChat(undefined, { [MESSAGES]: () => ({ body: page }) });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const socket = await connectedSocket();
    act(() => socket.serverDrops());
    screen.getByText('Connection lost. Reconnecting…');
    page = messagesPage([message(4, 'Missed this', 'bob', true), message(1, 'Hello Bob')]);
    act(() => socket.serverConnects());
    await waitFor(() => expect(shownTexts()).toEqual(['You: Hello Bob', '@bob: Missed this']));
    expect(screen.queryByText('Connection lost. Reconnecting…')).toBeNull();
  });
});

describe('message text', () => {
  it('renders markup as inert text and only safe web addresses as links', async () => {
    serveChat([
      message(4, 'see https://example.com/a?b=1, and http://example.org.', 'bob', true),
      message(
        3,
        'javascript:alert(1) and https://user:pw@example.com/ and data:text/html,<b>x</b>',
        'bob',
        true,
      ),
      message(2, '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>', 'bob', true),
      message(1, '<a href="javascript:alert(1)">click</a>'),
    ]);
    open();
    await screen.findByRole('heading', { level: 1, name: 'Bob Stone' });
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(list.querySelectorAll('img, script, iframe')).toHaveLength(0);
    expect(shownTexts()).toContain(
      '@bob: <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
    );
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://example.org',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});
