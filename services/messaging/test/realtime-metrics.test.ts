import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { createMetricsRegistry, type Registry } from '@vellum/platform';
import { eventually, metricValue } from '@vellum/platform/test-support';
import { SOCKETS_PER_PERSON } from '@vellum/proto';
import { socketRealtime, type SocketRealtime } from '../src/realtime/socket-realtime';

async function valueOf(registry: Registry, name: string, labels: Record<string, string> = {}) {
  return metricValue(await registry.metrics(), name, { ...labels, service: 'messaging' });
}

// Issue 26: a messaging replica's realtime series.
describe('realtime metrics of a replica', () => {
  let server: Server;
  let realtime: SocketRealtime;
  let url: string;
  const registry = createMetricsRegistry('messaging', { runtime: false });
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = createServer();
    realtime = socketRealtime({
      // The token names the cirrus; 'nobody' is refused.
      authenticate: async (req) => {
        const who = new URL(req.url ?? '/', 'http://x').searchParams.get('who');
        return who && who !== 'nobody' ? { id: who, username: who } : undefined;
      },
      logger: pino({ level: 'silent' }),
      metrics: registry,
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

  const open = (who: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const socket = io(url, { transports: ['websocket'], reconnection: false, query: { who } });
      sockets.push(socket);
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });

  it('counts the sockets connected now, and the refusals by reason', async () => {
    expect(await valueOf(registry, 'realtime_connected_sockets')).toBe(0);
    expect(await open('ann')).toBe('connected');
    expect(await open('bob')).toBe('connected');
    expect(await valueOf(registry, 'realtime_connected_sockets')).toBe(2);
    expect(await open('nobody')).toBe('refused');
    expect(await valueOf(registry, 'realtime_sockets_refused_total', { reason: 'unauthenticated' })).toBe(1);
    for (let i = 0; i < SOCKETS_PER_PERSON; i++) expect(await open('carol')).toBe('connected');
    expect(await open('carol')).toBe('refused');
    expect(await valueOf(registry, 'realtime_sockets_refused_total', { reason: 'cap' })).toBe(1);
    // The refused one's connection closes just after its refusal.
    const settled = async () =>
      (await valueOf(registry, 'realtime_connected_sockets')) === 2 + SOCKETS_PER_PERSON;
    await eventually(settled, 5_000, `${2 + SOCKETS_PER_PERSON} sockets`);
  });

  it("counts the notices emitted and a message's time from its store to its emit", async () => {
    const sentAt = new Date(Date.now() - 40).toISOString();
    realtime.notifyMessage({
      participants: ['ann', 'bob'],
      message: {
        id: 'm1',
        conversation: 'c1',
        sender: 'ann',
        senderUsername: 'ann',
        text: 'hello',
        sentAt,
        read: false,
        editedAt: null,
        deleted: false,
      },
      recipient: 'bob',
      signal: { unreadMessages: 1, conversation: 'c1' },
    });
    realtime.notifyRead({
      participants: ['ann', 'bob'],
      mark: { conversation: 'c1', reader: 'bob', upTo: 'm1', at: new Date().toISOString() },
      reader: 'bob',
      signal: { unreadMessages: 0, conversation: 'c1' },
    });
    expect(await valueOf(registry, 'realtime_notices_emitted_total', { kind: 'message' })).toBe(1);
    expect(await valueOf(registry, 'realtime_notices_emitted_total', { kind: 'read' })).toBe(1);
    expect(await valueOf(registry, 'realtime_delivery_duration_seconds_count')).toBe(1);
    const seconds = await valueOf(registry, 'realtime_delivery_duration_seconds_sum');
    expect(seconds).toBeGreaterThanOrEqual(0.04);
    expect(seconds).toBeLessThan(60);
  });
});
