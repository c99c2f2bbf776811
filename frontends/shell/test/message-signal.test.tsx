import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import { ann, fakeSocketIo, serve } from '@vellum/ui/test-support';
import { realtime } from '@vellum/ui/realtime';
import { queryClient } from '../src/app/queryScope';
import SignedInNav from '../src/chrome/SignedInNav';

jest.mock(
  'socket.io-client',
  () => jest.requireActual<typeof import('@vellum/ui/test-support')>('@vellum/ui/test-support').fakeSocketIo,
);

/** WebAudio, recorded: each beep starts one oscillator. */
const beeps: number[] = [];
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  createOscillator() {
    return { frequency: { value: 0 }, connect: (to: unknown) => to, start: () => beeps.push(1), stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (to: unknown) => to };
  }
}

let unread: number;
function showNav() {
  unread = 2;
  const calls = serve({
    'GET /api/unread-messages': () => ({ body: { unreadMessages: unread } }),
    'GET /api/cirrus/ann/actions-snippet': { body: { totalActions: 0, highestPriority: null } },
  });
  const view = render(
    <SessionProvider>
      <ToastProvider>
        <MemoryRouter>
          <SignedInNav signedCirrus={ann} />
        </MemoryRouter>
      </ToastProvider>
    </SessionProvider>,
  );
  const unreadCalls = () => calls.filter((call) => call.path === '/api/unread-messages').length;
  return { ...view, unreadCalls };
}

const badge = () => screen.getByTestId('unread-badge');
const badgeShows = (count: number) =>
  waitFor(() => expect(badge().textContent).toBe(`${count} unread messages`));

async function connected() {
  await waitFor(() => expect(fakeSocketIo.sockets).toHaveLength(1));
  const socket = fakeSocketIo.latest();
  act(() => socket.serverConnects());
  return socket;
}

beforeEach(() => {
  fakeSocketIo.sockets.length = 0;
  beeps.length = 0;
  localStorage.clear();
  (globalThis as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
});
afterEach(() => {
  queryClient.clear();
  realtime.disconnect();
});

describe("the top bar's messenger badge in real time", () => {
  it('opens one websocket with credentials for the signed-in user', async () => {
    showNav();
    const socket = await connected();
    expect(socket.options).toEqual(
      expect.objectContaining({ transports: ['websocket'], withCredentials: true, reconnection: true }),
    );
    expect(realtime.status()).toBe('online');
  });

  it('refetches the count and beeps when the event named for my id says a message arrived', async () => {
    const { unreadCalls } = showNav();
    await badgeShows(2);
    const socket = await connected();
    const before = unreadCalls();
    unread = 3;
    act(() => socket.serverEmits(ann.i, { unreadMessages: 3, conversation: 'k1' }));
    await badgeShows(3);
    expect(unreadCalls()).toBe(before + 1);
    expect(beeps).toHaveLength(1);
  });

  it('stays silent when muted, and for a read mark that lowers the count', async () => {
    showNav();
    await badgeShows(2);
    const socket = await connected();
    unread = 0;
    act(() => socket.serverEmits(ann.i, { unreadMessages: 0, conversation: 'k1' }));
    await badgeShows(0);
    localStorage.setItem('vellum.messenger.muted', '1');
    unread = 1;
    act(() => socket.serverEmits(ann.i, { unreadMessages: 1, conversation: 'k1' }));
    await badgeShows(1);
    expect(beeps).toHaveLength(0);
  });

  it("ignores another person's event", async () => {
    const { unreadCalls } = showNav();
    await badgeShows(2);
    const socket = await connected();
    const before = unreadCalls();
    unread = 9;
    act(() => socket.serverEmits('c-bob', { unreadMessages: 9, conversation: 'k1' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unreadCalls()).toBe(before);
    expect(badge().textContent).toBe('2 unread messages');
  });

  it('refetches from the server after a lost connection comes back', async () => {
    const { unreadCalls } = showNav();
    await badgeShows(2);
    const socket = await connected();
    const before = unreadCalls();
    act(() => socket.serverDrops());
    expect(realtime.status()).toBe('lost');
    unread = 5;
    act(() => socket.serverConnects());
    await badgeShows(5);
    expect(unreadCalls()).toBe(before + 1);
  });

  it('closes the socket on sign-out', async () => {
    const { unmount } = showNav();
    const socket = await connected();
    unmount();
    expect(socket.active).toBe(false);
    expect(realtime.status()).toBe('offline');
  });
});
