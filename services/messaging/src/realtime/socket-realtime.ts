import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Caller, Logger } from '@vellum/platform';
import { REALTIME_EVENTS } from '@vellum/proto';
import type { RealtimePort } from './realtime-port';

/** Who opens a socket, from its upgrade request; undefined refuses it. */
export type Authenticate = (req: IncomingMessage) => Promise<Caller | undefined>;

export interface SocketRealtimeOptions {
  authenticate: Authenticate;
  logger: Logger;
  /**
   * Distributed mode: socket.io's Redis adapter (built in main.ts, where Redis clients are), so an emit on any
   * replica reaches the room's sockets on every replica. None: the in-memory adapter of one process.
   */
  adapter?: Parameters<Server['adapter']>[0];
}

export interface SocketRealtime extends RealtimePort {
  /** Serves socket.io on `/socket.io/` of this HTTP server (websocket upgrades only). */
  attach(server: HttpServer): void;
  /** Ends this replica's sockets: their clients reconnect, to another replica while this one drains. */
  close(): Promise<void>;
}

/** The room of one cirrus: every tab of theirs, on whichever replica it is connected. */
export const userRoom = (id: string) => `user:${id}`;

const AUTHENTICATED = Symbol('caller');
type AuthenticatedRequest = IncomingMessage & { [AUTHENTICATED]?: Caller };

/**
 * socket.io on the root path, websocket transport only: a websocket is one long connection, so whichever replica
 * the ingress picked for the upgrade keeps it, and no sticky sessions are needed (long-polling would need every
 * request of a session on the same replica). The upgrade is refused unless `authenticate` names a caller; the
 * socket then joins its cirrus's room and nothing else: no client event is listened to, so none can join another.
 */
export function socketRealtime(options: SocketRealtimeOptions): SocketRealtime {
  const { authenticate, logger } = options;
  const io = new Server({
    path: '/socket.io/',
    transports: ['websocket'],
    serveClient: false,
    // Other upgrades on the same server (the gateway's, in embedded mode) are not socket.io's to end.
    destroyUpgrade: false,
    allowRequest: (req, done) => {
      authenticate(req).then(
        (caller) => {
          if (caller) (req as AuthenticatedRequest)[AUTHENTICATED] = caller;
          done(caller ? null : 'Sign in to use the Messenger.', Boolean(caller));
        },
        (err: unknown) => {
          logger.error({ err }, 'realtime authentication failed');
          done('Sign in to use the Messenger.', false);
        },
      );
    },
  });
  if (options.adapter) io.adapter(options.adapter);
  io.on('connection', (socket) => {
    const caller = (socket.request as AuthenticatedRequest)[AUTHENTICATED];
    if (!caller) {
      socket.disconnect(true);
      return;
    }
    void socket.join(userRoom(caller.id));
  });

  const rooms = (ids: readonly string[]) => ids.map(userRoom);
  return {
    notifyMessage({ participants, message, recipient, signal }) {
      io.to(rooms(participants)).emit(REALTIME_EVENTS.newMessage, message);
      io.to(userRoom(recipient)).emit(recipient, signal);
    },
    notifyRead({ participants, mark, reader, signal }) {
      io.to(rooms(participants)).emit(REALTIME_EVENTS.read, mark);
      io.to(userRoom(reader)).emit(reader, signal);
    },
    attach(server) {
      io.attach(server);
    },
    async close() {
      io.local.disconnectSockets(true);
    },
  };
}
