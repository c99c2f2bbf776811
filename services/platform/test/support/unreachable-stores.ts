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

export interface FakePostgres extends FakeServer {
  /** The start-up parameters of each connection (`user`, `database`, `statement_timeout`, …). */
  startups: Array<Record<string, string>>;
  /** The text of each query received (simple protocol: a query without parameters), in order. */
  queries: string[];
}

/**
 * Speaks just enough of Postgres's protocol (v3, no TLS, no password) for a client to connect, and answers an empty
 * success to each query `answers` names; at any other message it says nothing ever again (`'silent'`: a server or
 * network gone without a word) or closes the connection (`'hang up'`: a server shut down under the query).
 */
export async function fakePostgres(options: {
  otherwise: 'silent' | 'hang up';
  answers?: (sql: string) => boolean;
}): Promise<FakePostgres> {
  const startups: Array<Record<string, string>> = [];
  const queries: string[] = [];
  const server = await fakeServer((socket) => {
    let received = Buffer.alloc(0);
    let started = false;
    let stopped = false;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      while (!stopped) {
        // The start-up message is its length (itself included) and its body; every later one has a type first.
        const offset = started ? 1 : 0;
        if (received.length < offset + 4) return;
        const end = offset + received.readInt32BE(offset);
        if (received.length < end) return;
        const type = started ? String.fromCharCode(received[0]!) : '';
        const body = received.subarray(offset + 4, end);
        received = received.subarray(end);
        if (!started) {
          started = true;
          startups.push(parametersOf(body.subarray(4)));
          socket.write(Buffer.concat([message('R', int32(0)), readyForQuery]));
          continue;
        }
        const sql = type === 'Q' ? body.subarray(0, body.length - 1).toString() : undefined;
        if (sql !== undefined) queries.push(sql);
        if (sql !== undefined && options.answers?.(sql)) {
          socket.write(Buffer.concat([message('C', Buffer.from('SELECT 0\0')), readyForQuery]));
          continue;
        }
        stopped = true;
        if (options.otherwise === 'hang up') socket.destroy();
      }
    });
  });
  return { ...server, startups, queries };
}

/** A Postgres that lets a client connect, then at its first query goes silent or hangs up (`fakePostgres`). */
export function postgresThatStops(atQuery: 'silent' | 'hang up'): Promise<FakePostgres> {
  return fakePostgres({ otherwise: atQuery });
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

const readyForQuery = message('Z', Buffer.from('I'));

function int32(n: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
}

/** The start-up message's parameters: names and values, each ended by a zero byte, the list by another. */
function parametersOf(body: Buffer): Record<string, string> {
  const parts = body.toString().split('\0');
  const parameters: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) parameters[parts[i]!] = parts[i + 1]!;
  return parameters;
}

/** A backend message: its type, its length (itself included), its body. */
function message(type: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
}
