import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { newSocketRate } from '../src/realtime/new-socket-rate';
import { socketRealtime, type SocketRealtime } from '../src/realtime/socket-realtime';

describe('the new-socket rate of a replica', () => {
  it('lets a second of sockets through at once, then one per 1/rate seconds', () => {
    let now = 0;
    const rate = newSocketRate(4, () => now);
    expect([1, 2, 3, 4, 5].map(() => rate.take())).toEqual([true, true, true, true, false]);
    now += 250;
    expect([rate.take(), rate.take()]).toEqual([true, false]);
    // Idle for a minute: still a second's worth, not a minute's.
    now += 60_000;
    expect(Array.from({ length: 6 }, () => rate.take()).filter(Boolean)).toHaveLength(4);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => newSocketRate(0)).toThrow('must be positive');
    expect(() => newSocketRate(Number.NaN)).toThrow('must be positive');
  });
});

describe('socket.io with a new-socket rate', () => {
  let server: Server;
  let realtime: SocketRealtime;
  let url: string;
  const sockets: Socket[] = [];
  let person = 0;

  beforeAll(async () => {
    server = createServer();
    realtime = socketRealtime({
      // A different cirrus per socket: the per-person cap stays out of the way.
      authenticate: async () => ({ id: `cirrus-${++person}`, username: `p${person}` }),
      logger: pino({ level: 'silent' }),
      newSocketsPerSecond: 5,
    });
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const attempt = (reconnection: boolean) => {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection,
      reconnectionDelay: 300,
      reconnectionDelayMax: 600,
    });
    sockets.push(socket);
    return socket;
  };
  const outcome = (socket: Socket) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });

  it('accepts a burst of its rate, refuses the rest, and those retrying get in after their back-off', async () => {
    const burstAt = Date.now();
    const burst = await Promise.all(Array.from({ length: 12 }, () => outcome(attempt(false))));
    // The bucket refills at 5 a second while the burst is answered (longer on a busy machine).
    const refilled = Math.floor(((Date.now() - burstAt) / 1000) * 5);
    const accepted = burst.filter((o) => o === 'connected').length;
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(5 + refilled);
    expect(burst.filter((o) => o === 'refused')).toHaveLength(12 - accepted);

    // A storm of clients that reconnect by themselves (as the page's do): all in, at about the rate.
    const started = Date.now();
    const storm = Array.from({ length: 10 }, () => attempt(true));
    await Promise.all(storm.map((s) => new Promise<void>((resolve) => s.once('connect', () => resolve()))));
    expect(storm.every((s) => s.connected)).toBe(true);
    // 10 sockets at 5 a second, the bucket emptied by the burst: at least a second and a half.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });
});
