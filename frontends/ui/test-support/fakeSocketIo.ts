// socket.io-client, faked for the frontends' jest tests: `jest.mock('socket.io-client', () =>
// require('@vellum/ui/test-support').fakeSocketIo)`. Each io() gives a FakeSocket that the test drives as the
// server would: connect it, drop it, emit events to it.

type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = true;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly anyHandlers = new Set<Handler>();

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    this.handlers.set(event, set);
    set.add(handler);
    return this;
  }

  onAny(handler: Handler): this {
    this.anyHandlers.add(handler);
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    this.connected = false;
    return this;
  }

  /** The server accepts the connection (first time or after a loss). */
  serverConnects(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection is lost (socket.io reconnects by itself). */
  serverDrops(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server emits `event` to this socket. */
  serverEmits(event: string, payload: unknown): void {
    for (const handler of [...this.anyHandlers]) handler(event, payload);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

/** The faked module: `io()` records every socket it opens. */
export const fakeSocketIo = {
  sockets: [] as FakeSocket[],
  io(options: Record<string, unknown> = {}): FakeSocket {
    const socket = new FakeSocket(options);
    fakeSocketIo.sockets.push(socket);
    return socket;
  },
  /** The socket opened last, once the realtime client has loaded (the load is asynchronous). */
  latest(): FakeSocket {
    const socket = fakeSocketIo.sockets.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  },
};
