import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  messagingMessages,
  TEXT_SEARCH_MAX,
  type MessageSearchPage,
  type MessageView,
} from '@vellum/proto/api';
import ChatPage from '../src/pages/ChatPage';
import { bob, conversation, inTheChat, message, messagesPage, renderPage, serve } from './support';

const HEADER = 'GET /api/messenger/conversations/k1';
const MESSAGES = 'GET /api/messenger/conversations/k1/messages';
const SEARCH = 'GET /api/messenger/conversations/k1/search';
const READ = 'POST /api/messenger/conversations/k1/read';

const newest = [message(9, 'See you at the station', 'bob', true), message(8, 'On my way')];
const lunch = message(5, 'Lunch at noon, then the station', 'bob', true);

const hit = (m: MessageView, word: string): MessageSearchPage['results'][number] => ({
  message: m,
  snippet: {
    text: m.text,
    marks: [{ start: m.text.indexOf(word), end: m.text.indexOf(word) + word.length }],
  },
});

function serveChat(extra = {}) {
  return serve({
    [HEADER]: { body: { conversation: conversation('k1', bob, newest[0]!) } },
    [MESSAGES]: { body: messagesPage(newest) },
    [READ]: { body: { conversation: 'k1', unread: 0, unreadMessages: 0 } },
    [`${SEARCH}?q=station`]: {
      body: { results: [hit(newest[0]!, 'station'), hit(lunch, 'station')], nextCursor: 'c-more' },
    },
    [`${SEARCH}?q=station&before=c-more`]: {
      body: { results: [hit(message(2, 'The old station', 'bob', true), 'station')], nextCursor: null },
    },
    [`${SEARCH}?q=zebra`]: { body: { results: [], nextCursor: null } },
    [`${SEARCH}?q=broken`]: { status: 503, body: { errorMessage: 'Messaging is unavailable.' } },
    [`${MESSAGES}?around=m5`]: {
      body: {
        messages: [message(6, 'Sounds good'), lunch, message(4, 'Hungry?')],
        nextCursor: 'c-older',
        newerCursor: 'c-newer',
      },
    },
    [`${MESSAGES}?after=c-newer`]: {
      body: { messages: [message(7, 'Leaving now', 'bob', true)], nextCursor: 'c-x', newerCursor: null },
    },
    ...extra,
  });
}

const open = () => renderPage(<ChatPage />, '/messenger/:chat', '/messenger/k1');
const toggle = () => screen.findByRole('button', { name: 'Search this conversation' });
const field = () => screen.getByRole('searchbox', { name: 'Search messages' });
const found = () => within(screen.getByRole('list', { name: 'Messages found' }));
const shownTexts = () => screen.queryAllByTestId('message').map((bubble) => bubble.textContent);
const searches = (calls: Array<{ path: string }>) =>
  calls
    .filter((call) => call.path.startsWith(SEARCH.slice(4)))
    .map((call) => call.path.slice(SEARCH.length - 4));

inTheChat();

describe('searching the conversation', () => {
  it('opens a labelled field, searches after a pause, and lists the messages found newest first with marked words', async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    const button = await toggle();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(field());
    await user.type(field(), 'station');
    await screen.findByText('2+ messages found');
    // One search for the settled text, not one per key.
    expect(searches(calls)).toEqual(['?q=station']);
    const items = found().getAllByRole('button');
    expect(items.map((item) => within(item).getByTestId('search-snippet').textContent)).toEqual([
      'See you at the station',
      'Lunch at noon, then the station',
    ]);
    expect(within(items[0]!).getByText('station').tagName).toBe('MARK');
    expect(within(items[1]!).getByText(/^@bob ·/).textContent).toContain('Nov 24, 2026');
    await user.click(screen.getByRole('button', { name: 'More results' }));
    await waitFor(() => expect(found().getAllByRole('button')).toHaveLength(3));
    expect(searches(calls)).toEqual(['?q=station', '?q=station&before=c-more']);
    expect(screen.queryByRole('button', { name: 'More results' })).toBeNull();
  });

  it('searches at once on Enter, says when nothing is found or what failed, and checks the text first', async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    await user.click(await toggle());
    await user.type(field(), 'zebra{Enter}');
    await waitFor(() => expect(searches(calls)).toEqual(['?q=zebra']), { timeout: 150 });
    await screen.findByText(messagingMessages.noMessagesFound);
    await user.clear(field());
    await user.type(field(), 'broken{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Messaging is unavailable.');
    await user.clear(field());
    await user.type(field(), '   {Enter}');
    await user.click(field());
    await user.paste('x'.repeat(TEXT_SEARCH_MAX + 1));
    await screen.findByText(messagingMessages.searchTooLong);
    expect(searches(calls)).toEqual(['?q=zebra', '?q=broken']);
  });

  it('moves through the results with the arrow keys, and Escape closes it, giving the focus back', async () => {
    serveChat();
    const user = userEvent.setup();
    open();
    await user.click(await toggle());
    await user.type(field(), 'station{Enter}');
    await screen.findByText('2+ messages found');
    await user.keyboard('{ArrowDown}');
    const [first, second] = found().getAllByRole('button');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(field());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Search messages' })).toBeNull();
    expect(document.activeElement).toBe(await toggle());
  });

  it('opens the chat around a chosen result, highlights it, reads on to the newest and goes back', async () => {
    const calls = serveChat();
    const user = userEvent.setup();
    open();
    await user.click(await toggle());
    await user.type(field(), 'station{Enter}');
    await screen.findByText('2+ messages found');
    await user.click(found().getAllByRole('button')[1]!);
    await waitFor(() =>
      expect(shownTexts()).toEqual([
        'You: Hungry?',
        '@bob: Lunch at noon, then the station',
        'You: Sounds good',
      ]),
    );
    const chosen = screen.getAllByTestId('message')[1]!.closest('li')!;
    expect(chosen.getAttribute('data-found')).toBe('true');
    expect(document.activeElement).toBe(chosen);
    expect(calls.some((call) => call.path === `${MESSAGES.slice(4)}?around=m5`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Load newer messages' }));
    await waitFor(() => expect(shownTexts().at(-1)).toBe('@bob: Leaving now'));
    expect(screen.queryByRole('button', { name: 'Load newer messages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to the newest' }));
    await waitFor(() => expect(shownTexts()).toEqual(['You: On my way', '@bob: See you at the station']));
  });
});
