import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The stores a test can make unreachable without a real server: a closed loopback port (every connection refused at
 * once), a server that accepts and never answers (a hung process, a black-holed address as far as the client can
 * tell), and a Postgres that lets a client connect and then goes silent, or hangs up, at its first query.
 */

/** A loopback port nothing listens on: a connection to it is refused (ECONNREFUSED). */
export async function closedPort(): Promise<number> {
  const server = await listening(createServer());
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface FakeServer {
  port: number;
  /** How many connections it has accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Accepts every connection and never sends a byte. */
export function silentServer(): Promise<FakeServer> {
  return fakeServer(() => {});
}

/**
 * Speaks just enough of Postgres's protocol (v3, no TLS, no password) for a client to connect, then, at the first
 * message after the start-up (a query), says nothing ever again (`'silent'`: a server or network gone without a word)
 * or closes the connection (`'hang up'`: a server shut down under the query).
 */
export function postgresThatStops(atQuery: 'silent' | 'hang up'): Promise<FakeServer> {
  return fakeServer((socket) => {
    let received = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      if (started) {
        if (atQuery === 'hang up') socket.destroy();
        return;
      }
      received = Buffer.concat([received, chunk]);
      // The start-up message: its length (itself included), the protocol version, then the parameters.
      if (received.length < 4 || received.length < received.readInt32BE(0)) return;
      started = true;
      socket.write(
        Buffer.concat([
          message('R', int32(0)), // AuthenticationOk
          message('Z', Buffer.from('I')), // ReadyForQuery, idle
        ]),
      );
    });
  });
}

async function fakeServer(onConnection: (socket: Socket) => void): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = await listening(
    createServer((socket) => {
      accepted++;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
      onConnection(socket);
    }),
  );
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listening(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function int32(n: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
}

/** A backend message: its type, its length (itself included), its body. */
function message(type: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
}
