import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { memoryPresence } from '@vellum/platform';
import { eventually } from '@vellum/platform/test-support';
import { socketRealtime, type SocketRealtime } from '../src/realtime/socket-realtime';

describe('presence from the sockets of one replica', () => {
  let server: Server;
  let realtime: SocketRealtime;
  let url: string;
  const presence = memoryPresence();
  const changes: string[] = [];

  beforeAll(async () => {
    server = createServer();
    realtime = socketRealtime({
      // The person is named by the query: `?who=ann`.
      authenticate: async (req) => {
        const who = new URL(req.url ?? '/', 'http://x').searchParams.get('who');
        return who ? { id: who, username: who } : undefined;
      },
      logger: pino({ level: 'silent' }),
      presence,
      forgetAfterMs: 100,
    });
    realtime.onPresenceChange((id) => changes.push(id));
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const connect = (who: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { transports: ['websocket'], reconnection: false, query: { who } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const online = async (who: string) => (await realtime.presenceOf([who])).get(who)!.online;

  it('is online from the first socket, stays while another is open, and offline when the last closes', async () => {
    const first = await connect('ann');
    await eventually(() => changes.includes('ann') || undefined);
    expect(await online('ann')).toBe(true);
    const second = await connect('ann');
    first.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await online('ann')).toBe(true);
    expect(changes.filter((id) => id === 'ann')).toHaveLength(1);
    second.disconnect();
    await eventually(() => changes.filter((id) => id === 'ann').length === 2 || undefined);
    const state = (await realtime.presenceOf(['ann'])).get('ann')!;
    expect(state.online).toBe(false);
    expect(state.lastSeen!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("ends a deleted account's sockets and then forgets its presence", async () => {
    const cy = await connect('cy');
    await eventually(() => changes.includes('cy') || undefined);
    const ended = new Promise((resolve) => cy.once('disconnect', resolve));
    realtime.endCirrus('cy');
    await ended;
    await eventually(
      async () => (await realtime.presenceOf(['cy'])).get('cy')!.lastSeen === null || undefined,
    );
    expect((await realtime.presenceOf(['cy'])).get('cy')).toEqual({ online: false, lastSeen: null });
  });

  it('says nothing for the sockets a draining replica ends: they go when their last beat runs out', async () => {
    await connect('bob');
    await eventually(() => changes.includes('bob') || undefined);
    const told = changes.length;
    await realtime.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes.length).toBe(told);
    expect(await online('bob')).toBe(true);
  });
});
