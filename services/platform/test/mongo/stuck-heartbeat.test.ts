import type { Socket } from 'node:net';
import type { MongoConnection } from '@vellum/platform-mongo';
import { describeWithServer, eventually } from '../../test-support';
import { mongoBehindProxy } from './fixtures/restartable-proxy';

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
  const opened = mongoBehindProxy(url, {
    database: 'stuck_heartbeat',
    appName: 'stuck-heartbeat-test',
    serverSelectionTimeoutMs: 2_000,
  });

  it('does not stop the monitor: after the server comes back the client answers again by itself', async () => {
    const { proxy, mongo } = opened;
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
