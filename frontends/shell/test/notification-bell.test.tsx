import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import { ann, fakeSocketIo, serve } from '@vellum/ui/test-support';
import { realtime } from '@vellum/ui/realtime';
import type { NotificationView } from '@vellum/proto/api';
import { queryClient } from '../src/app/queryScope';
import SignedInNav from '../src/chrome/SignedInNav';
import { relativeTime } from '../src/chrome/notifications/relativeTime';

jest.mock(
  'socket.io-client',
  () => jest.requireActual<typeof import('@vellum/ui/test-support')>('@vellum/ui/test-support').fakeSocketIo,
);

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const entry = (
  id: string,
  kind: NotificationView['kind'],
  target: string,
  read = false,
): NotificationView => ({
  id,
  kind,
  actor: { username: 'bob', displayName: 'Bob Stone' },
  at: minutesAgo(5),
  read,
  target,
});

let unread: number;
let list: NotificationView[];
let listStatus: number;
function showNav(older: NotificationView[] = []) {
  unread = 2;
  listStatus = 200;
  list = [entry('n2', 'followed', '/cirrus/bob'), entry('n1', 'vellumRated', '/vellum/v1')];
  const calls = serve({
    'GET /api/unread-messages': { body: { unreadMessages: 0 } },
    'GET /api/cirrus/ann/actions-snippet': { body: { totalActions: 0, highestPriority: null } },
    'GET /api/messenger/notifications/unread': () => ({ body: { unread } }),
    'GET /api/messenger/notifications': () =>
      listStatus === 200
        ? { body: { notifications: list, nextCursor: older.length ? 'c1' : null, unread } }
        : { status: listStatus, body: { errorMessage: 'The service is busy.' } },
    'GET /api/messenger/notifications?before=c1': {
      body: { notifications: older, nextCursor: null, unread },
    },
    'POST /api/messenger/notifications/read': () => {
      unread = 0;
      return { body: { unread: 0 } };
    },
    'DELETE /api/messenger/notifications': () => {
      unread = 0;
      list = [];
      return { body: { unread: 0 } };
    },
  });
  render(
    <SessionProvider>
      <ToastProvider>
        <MemoryRouter>
          <SignedInNav signedCirrus={ann} />
        </MemoryRouter>
      </ToastProvider>
    </SessionProvider>,
  );
  return calls;
}

const bell = () => screen.getByTestId('notification-bell');
const bellSays = (label: string) => waitFor(() => expect(bell().getAttribute('aria-label')).toBe(label));

beforeEach(() => {
  fakeSocketIo.sockets.length = 0;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  queryClient.clear();
  realtime.disconnect();
  jest.restoreAllMocks();
});

describe("the top bar's notification bell", () => {
  it('shows the unread count, and the count the socket tells', async () => {
    showNav();
    await bellSays('Notifications, 2 unread');
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    await waitFor(() => expect(fakeSocketIo.sockets).toHaveLength(1));
    const socket = fakeSocketIo.latest();
    act(() => socket.serverConnects());
    act(() => socket.serverEmits('notification:new', { unread: 3 }));
    await bellSays('Notifications, 3 unread');
  });

  it('lists who did what and when, with links, and marks them read up to the newest on opening', async () => {
    const calls = showNav();
    await bellSays('Notifications, 2 unread');
    await userEvent.click(bell());
    const panel = await screen.findByTestId('notifications-panel');
    const entries = await within(panel).findAllByTestId('notification');
    expect(entries.map((e) => e.textContent)).toEqual([
      'Bob Stone followed you 5 minutes ago · Open what bob did (new)',
      'Bob Stone rated your vellum 5 minutes ago · Open what bob did (new)',
    ]);
    expect(within(entries[0]!).getByRole('link', { name: 'Bob Stone' }).getAttribute('href')).toBe(
      '/cirrus/bob',
    );
    expect(within(entries[1]!).getByRole('link', { name: /Open/ }).getAttribute('href')).toBe('/vellum/v1');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/messenger/notifications/read', body: { upTo: 'n2' } },
      ]),
    );
    await bellSays('Notifications');
  });

  it('closes on Escape, focus back on the bell; arrows move between the entries', async () => {
    showNav();
    await userEvent.click(bell());
    const panel = await screen.findByTestId('notifications-panel');
    await within(panel).findAllByTestId('notification');
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    await userEvent.tab();
    expect(panel.contains(document.activeElement)).toBe(true);
    const first = document.activeElement;
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).not.toBe(first);
    expect(panel.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('notifications-panel')).toBeNull();
    expect(document.activeElement).toBe(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('clears them all, leaving the empty list', async () => {
    const calls = showNav();
    await userEvent.click(bell());
    const panel = await screen.findByTestId('notifications-panel');
    await within(panel).findAllByTestId('notification');
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear all' }));
    await within(panel).findByText('No notifications yet.');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/messenger/notifications')).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('says so when there are none, and when they could not be loaded (Retry)', async () => {
    showNav();
    list = [];
    await userEvent.click(bell());
    await screen.findByText('No notifications yet.');
    await userEvent.keyboard('{Escape}');
    queryClient.removeQueries({ queryKey: ['notifications'] });
    listStatus = 503;
    await userEvent.click(bell());
    await screen.findByText('The service is busy.');
    listStatus = 200;
    list = [entry('n3', 'conversationStarted', '/messenger/k1', true)];
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const [only] = await screen.findAllByTestId('notification');
    expect(only!.textContent).toContain('Bob Stone started a conversation with you');
  });

  it("loads older pages with 'More', and never links outside the product", async () => {
    showNav([entry('n0', 'actionRequested', '//evil.example/x', true)]);
    await userEvent.click(bell());
    const panel = await screen.findByTestId('notifications-panel');
    await within(panel).findAllByTestId('notification');
    await userEvent.click(within(panel).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(3));
    const oldest = within(panel).getAllByTestId('notification')[2]!;
    expect(oldest.textContent).toContain('sent you an action request');
    expect(within(oldest).queryByRole('link', { name: /Open/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'More' })).toBeNull();
  });
});

describe("a notification's time", () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime(ago(20), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(86_400), now)).toBe('yesterday');
    expect(relativeTime(ago(8 * 86_400), now)).toBe('last week');
    expect(relativeTime(ago(60 * 86_400), now)).toBe('2 months ago');
    expect(relativeTime('not a time', now)).toBe('');
  });
});
