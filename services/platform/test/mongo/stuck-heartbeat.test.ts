import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { connectMongo, type MongoConnection } from '@vellum/platform-mongo';
import { describeWithServer, eventually } from '../../test-support';

/** A TCP proxy in front of the MongoDB server that can be "restarted": every connection cut, then open again. */
async function restartableProxy(upstream: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  const serve = () =>
    createServer((client) => {
      const server = connect(upstream.port, upstream.host);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      clients.add(client);
      client.on('close', () => clients.delete(client));
      client.pipe(server).pipe(client);
    });
  let server: Server = serve();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** Stops passing the clients' requests on: what they send now waits for an answer. */
    hold() {
      for (const client of clients) client.unpipe();
    },
    async restart(downMs: number) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = serve();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The driver's server monitor, reached through its internals (the race below needs its timing). */
interface DriverMonitor {
  connection: { socket: Socket } | null;
  requestCheck(): void;
}
const monitorOf = (mongo: MongoConnection) => {
  const topology = (
    mongo.client as unknown as { topology: { s: { servers: Map<string, { monitor: DriverMonitor }> } } }
  ).topology;
  return [...topology.s.servers.values()][0]!.monitor;
};

// Found by the fault drills (load-tests/faults): after a MongoDB restart a replica stayed unready for good, its
// `mongodb` check down and no connection open. The driver's heartbeat had written on a socket the server had just
// closed (destroyed, its 'close' not yet heard): the write waited for a 'drain' that never comes, so the monitor never
// checked again, and once the restart marked the server down every operation failed server selection.
describeWithServer('MONGO_URL', 'a heartbeat written on a socket the server just closed', (url) => {
  let proxy: Awaited<ReturnType<typeof restartableProxy>>;
  let mongo: MongoConnection;

  beforeAll(async () => {
    const { hostname, port } = new URL(url);
    proxy = await restartableProxy({ host: hostname, port: Number(port) });
    mongo = await connectMongo({
      url: `mongodb://127.0.0.1:${proxy.port}/stuck_heartbeat`,
      appName: 'stuck-heartbeat-test',
      serverSelectionTimeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await mongo?.close();
    await proxy?.close();
  });

  it('does not stop the monitor: after the server comes back the client answers again by itself', async () => {
    expect(await mongo.ping()).toBe(true);
    const monitor = monitorOf(mongo);
    // The heartbeat must be due (the monitor checks at most every 500 ms) for the check below to run at once.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(monitor.connection).not.toBeNull();
    // The server's close reaches the socket first; the heartbeat runs before the connection hears of it.
    monitor.connection!.socket.destroy();
    monitor.requestCheck();
    // The restart, with an operation under way: its connection lost, the server is marked down, the pool cleared,
    // and every operation after it waits for the monitor to find the server again.
    proxy.hold();
    const underWay = mongo.ping();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.restart(500);
    expect(await underWay).toBe(false);
    expect(await eventually(() => mongo.ping(), 20_000, 'the client to answer again')).toBe(true);
  }, 40_000);
});
