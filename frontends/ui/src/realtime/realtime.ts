import type { Socket } from 'socket.io-client';

// The page's one realtime connection (spec section 7: socket.io on the root path, automatic reconnection). The
// shell opens it for the signed-in user; the shell and every remote subscribe here, and since @vellum/ui is a
// Module Federation singleton they share one socket. socket.io-client is loaded on connect, in its own chunk, so
// a visitor's page never downloads it.

/** offline: no socket wanted; connecting: the first connection; online; lost: reconnecting by itself. */
export type RealtimeStatus = 'offline' | 'connecting' | 'online' | 'lost';

type Listener = (payload: unknown) => void;
type SocketIo = Pick<typeof import('socket.io-client'), 'io'>;

export interface Realtime {
  /** Opens the socket for `user` (their id); the same user again is a no-op, another user replaces the socket. */
  connect(user: string): void;
  /** Closes the socket (sign-out). */
  disconnect(): void;
  /** Listens to a server event; returns the function that stops listening. */
  on<T>(event: string, listener: (payload: T) => void): () => void;
  /** Listens to the connection's status. */
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  /** Called each time the socket is back after a loss: what was missed meanwhile must be fetched again. */
  onReconnect(listener: () => void): () => void;
  status(): RealtimeStatus;
}

function subscribe<L>(set: Set<L>, listener: L): () => void {
  set.add(listener);
  return () => void set.delete(listener);
}

export function createRealtime(load: () => Promise<SocketIo> = () => import('socket.io-client')): Realtime {
  const listeners = new Map<string, Set<Listener>>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const reconnectListeners = new Set<() => void>();
  let user: string | null = null;
  let socket: Socket | null = null;
  let status: RealtimeStatus = 'offline';
  let wasOnline = false;

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const open = async (wanted: string) => {
    let socketIo: SocketIo;
    try {
      socketIo = await load();
    } catch (error) {
      console.warn('Could not load the realtime client', error);
      if (user === wanted) setStatus('lost');
      return;
    }
    if (user !== wanted || socket) return;
    const opened = socketIo.io({ transports: ['websocket'], withCredentials: true, reconnection: true });
    socket = opened;
    opened.onAny((event: string, payload: unknown) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    });
    opened.on('connect', () => {
      setStatus('online');
      if (wasOnline) for (const listener of [...reconnectListeners]) listener();
      wasOnline = true;
    });
    opened.on('disconnect', () => {
      if (socket !== opened) return;
      setStatus('lost');
      // The server closed it on purpose (socket.io then does not retry): try again shortly.
      if (!opened.active) setTimeout(() => socket === opened && opened.connect(), 5000);
    });
    opened.on('connect_error', () => setStatus(wasOnline ? 'lost' : 'connecting'));
  };

  const disconnect = () => {
    user = null;
    wasOnline = false;
    const closing = socket;
    socket = null;
    closing?.disconnect();
    setStatus('offline');
  };

  return {
    connect(wanted) {
      if (user === wanted) return;
      disconnect();
      user = wanted;
      setStatus('connecting');
      void open(wanted);
    },
    disconnect,
    on<T>(event: string, listener: (payload: T) => void) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      return subscribe(set, listener as Listener);
    },
    onStatus: (listener) => subscribe(statusListeners, listener),
    onReconnect: (listener) => subscribe(reconnectListeners, listener),
    status: () => status,
  };
}

/** The page's realtime connection. */
export const realtime: Realtime = createRealtime();
