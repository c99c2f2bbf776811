import { createRealtime, type RealtimeStatus } from '../src/realtime/realtime';
import { fakeSocketIo } from '../test-support/fakeSocketIo';

const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));

function hub() {
  const realtime = createRealtime(async () => fakeSocketIo);
  const statuses: RealtimeStatus[] = [];
  realtime.onStatus((status) => statuses.push(status));
  return { realtime, statuses };
}

beforeEach(() => {
  fakeSocketIo.sockets.length = 0;
});

describe('the realtime connection', () => {
  it('opens one websocket with credentials per user, and a new one for another user', async () => {
    const { realtime } = hub();
    realtime.connect('c-ann');
    realtime.connect('c-ann');
    await loaded();
    expect(fakeSocketIo.sockets).toHaveLength(1);
    expect(fakeSocketIo.latest().options).toEqual({
      transports: ['websocket'],
      withCredentials: true,
      reconnection: true,
    });
    const first = fakeSocketIo.latest();
    realtime.connect('c-bob');
    await loaded();
    expect(first.active).toBe(false);
    expect(fakeSocketIo.sockets).toHaveLength(2);
  });

  it('opens nothing when disconnected before the client has loaded', async () => {
    const { realtime } = hub();
    realtime.connect('c-ann');
    realtime.disconnect();
    await loaded();
    expect(fakeSocketIo.sockets).toHaveLength(0);
    expect(realtime.status()).toBe('offline');
  });

  it('hands each event to its listeners only, until they stop listening', async () => {
    const { realtime } = hub();
    const mine: unknown[] = [];
    const others: unknown[] = [];
    const stop = realtime.on('c-ann', (payload) => mine.push(payload));
    realtime.on('c-bob', (payload) => others.push(payload));
    realtime.connect('c-ann');
    await loaded();
    const socket = fakeSocketIo.latest();
    socket.serverEmits('c-ann', { unreadMessages: 1 });
    stop();
    socket.serverEmits('c-ann', { unreadMessages: 2 });
    expect(mine).toEqual([{ unreadMessages: 1 }]);
    expect(others).toEqual([]);
  });

  it('reports the status and calls the reconnect listeners only when back after a loss', async () => {
    const { realtime, statuses } = hub();
    let reconnects = 0;
    realtime.onReconnect(() => (reconnects += 1));
    realtime.connect('c-ann');
    await loaded();
    const socket = fakeSocketIo.latest();
    socket.serverConnects();
    expect(reconnects).toBe(0);
    socket.serverDrops();
    socket.serverConnects();
    expect(reconnects).toBe(1);
    realtime.disconnect();
    expect(statuses).toEqual(['connecting', 'online', 'lost', 'online', 'offline']);
  });

  it('says the connection is lost when the client cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const realtime = createRealtime(() => Promise.reject(new Error('chunk failed')));
    realtime.connect('c-ann');
    await loaded();
    expect(realtime.status()).toBe('lost');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
