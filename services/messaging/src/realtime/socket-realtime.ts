import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import {
  memoryPresence,
  type Caller,
  type Logger,
  type PresenceStore,
  type Registry,
} from '@vellum/platform';
import {
  messagingMessages,
  PRESENCE_EVENT,
  PRESENCE_HEARTBEAT_S,
  REALTIME_EVENTS,
  SOCKETS_PER_PERSON,
} from '@vellum/proto';
import { NEW_SOCKETS_PER_SECOND, newSocketRate } from './new-socket-rate';
import { realtimeMetrics } from './realtime-metrics';
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
  /** Sockets one cirrus may have open at once, on all replicas together (default SOCKETS_PER_PERSON). */
  socketsPerPerson?: number;
  /** New sockets this replica accepts per second (default NEW_SOCKETS_PER_SECOND); the rest retry after a back-off. */
  newSocketsPerSecond?: number;
  /** The process's metrics registry: sockets, notices, refusals and adapter errors are measured there. */
  metrics?: Registry;
  /**
   * Who has a socket open, for every replica (Redis distributed, built in main.ts beside the adapter). None: this
   * process's memory (embedded mode, one process).
   */
  presence?: PresenceStore;
  /** How long after a deleted account's sockets are ended its presence is forgotten (default FORGET_AFTER_MS). */
  forgetAfterMs?: number;
}

export interface SocketRealtime extends RealtimePort {
  /** Serves socket.io on `/socket.io/` of this HTTP server (websocket upgrades only). */
  attach(server: HttpServer): void;
  /** Ends this replica's sockets: their clients reconnect, to another replica while this one drains. */
  close(): Promise<void>;
  /**
   * Told the id of each person who came online (their first socket anywhere) or went offline (their last socket
   * closed, anywhere): the service tells the people who may see it.
   */
  onPresenceChange(listener: (id: string) => unknown): void;
}

/** The room of one cirrus: every tab of theirs, on whichever replica it is connected. */
export const userRoom = (id: string) => `user:${id}`;
/** The room of one session (by its key, never its id): the sockets opened with it, which end when it ends. */
export const sessionRoom = (key: string) => `session:${key}`;

/** How long after a deleted account's sockets are ended its presence is forgotten (their departures are written). */
export const FORGET_AFTER_MS = 5_000;

const AUTHENTICATED = Symbol('caller');
type AuthenticatedRequest = IncomingMessage & { [AUTHENTICATED]?: Caller };
/** What each socket carries for the others' counts (socket.io's `data`, seen from every replica). */
interface SocketData {
  connectedAt: number;
  cirrus: string;
}
const connectedAt = (socket: { data: unknown }) => (socket.data as SocketData).connectedAt;

/**
 * socket.io on the root path, websocket transport only: a websocket is one long connection, so whichever replica
 * the ingress picked for the upgrade keeps it, and no sticky sessions are needed (long-polling would need every
 * request of a session on the same replica). The upgrade is refused unless `authenticate` names a caller; the
 * socket then joins its cirrus's room and its session's (by the key the assertion carries) and nothing else: no
 * client event is listened to, so none can join another. A cirrus with `socketsPerPerson` sockets open gets a
 * `connect_error` for the next. Past `newSocketsPerSecond` the upgrade is refused before anything else is asked,
 * and the client's reconnection tries again after its back-off.
 */
export function socketRealtime(options: SocketRealtimeOptions): SocketRealtime {
  const { authenticate, logger } = options;
  const cap = options.socketsPerPerson ?? SOCKETS_PER_PERSON;
  const rate = newSocketRate(options.newSocketsPerSecond ?? NEW_SOCKETS_PER_SECOND);
  let refusedForRate = 0;
  // This replica's sockets, read at each scrape (io.engine exists once attached to a server).
  const metrics = options.metrics && realtimeMetrics(options.metrics, () => io.engine?.clientsCount ?? 0);
  const presence = options.presence ?? memoryPresence();
  let closing = false;
  const presenceListeners: Array<(id: string) => unknown> = [];
  const presenceChanged = (id: string) => {
    for (const listener of presenceListeners) listener(id);
  };
  const presenceFailed = (err: unknown) => logger.warn({ err }, 'realtime: presence not recorded');
  const io = new Server({
    path: '/socket.io/',
    transports: ['websocket'],
    serveClient: false,
    // Other upgrades on the same server (the gateway's, in embedded mode) are not socket.io's to end.
    destroyUpgrade: false,
    allowRequest: (req, done) => {
      if (!rate.take()) {
        metrics?.refused('rate');
        // One line a thousand refusals: a storm is logged, not echoed.
        if (refusedForRate++ % 1000 === 0)
          logger.warn({ refused: refusedForRate }, 'realtime: new sockets over the rate, refused');
        done('Too many new connections: reconnecting shortly.', false);
        return;
      }
      authenticate(req).then(
        (caller) => {
          if (caller) (req as AuthenticatedRequest)[AUTHENTICATED] = caller;
          else metrics?.refused('unauthenticated');
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
  // The Redis adapter reports its failures as 'error' on the namespace's adapter; unheard, they would be lost.
  io.of('/').adapter.on('error', (err: unknown) => {
    metrics?.adapterError();
    logger.warn({ err }, 'realtime: adapter error');
  });
  /** The cirrus's open sockets on every replica (the Redis adapter asks the others), oldest first. */
  const openSockets = async (id: string) =>
    (await io.in(userRoom(id)).fetchSockets()).sort(
      (a, b) => connectedAt(a) - connectedAt(b) || a.id.localeCompare(b.id),
    );
  // The cap, before the socket connects: the client gets a connect_error with the reason.
  io.use((socket, next) => {
    const caller = (socket.request as AuthenticatedRequest)[AUTHENTICATED];
    if (!caller) return next(new Error(messagingMessages.signIn));
    (socket.data as SocketData).connectedAt = Date.now();
    (socket.data as SocketData).cirrus = caller.id;
    openSockets(caller.id).then(
      (open) => {
        if (open.length < cap) return next();
        metrics?.refused('cap');
        next(new Error(messagingMessages.tooManySockets));
      },
      (err: unknown) => {
        // A replica that does not answer the count must not lock everyone out: the socket is let in.
        logger.warn({ err }, 'realtime: open sockets not counted');
        next();
      },
    );
  });
  io.on('connection', (socket) => {
    const caller = (socket.request as AuthenticatedRequest)[AUTHENTICATED]!;
    void socket.join(
      caller.session ? [userRoom(caller.id), sessionRoom(caller.session)] : userRoom(caller.id),
    );
    // Sockets opened at the same moment all passed the count above: once in the room, those past the cap (the
    // newest) are disconnected again, each deciding for itself from the same oldest-first order.
    openSockets(caller.id).then(
      (open) => {
        if (open.slice(cap).some((s) => s.id === socket.id)) socket.disconnect(true);
      },
      (err: unknown) => logger.warn({ err }, 'realtime: open sockets not counted'),
    );
    presence.beat([caller.id], new Date()).then((arrived) => {
      if (arrived.length > 0) presenceChanged(caller.id);
    }, presenceFailed);
    socket.on('disconnect', () => {
      // A draining replica ends every socket at once, and its clients reconnect to another replica at once: asking
      // the others and telling everyone for each would be a storm for nothing. Those who do not come back go
      // offline when their last beat's time runs out, as when a replica dies.
      if (closing) return;
      // The socket has left its rooms by now: another here keeps the person online without asking the others.
      if (io.of('/').adapter.rooms.get(userRoom(caller.id))?.size) return;
      openSockets(caller.id)
        .then(async (open) => {
          if (open.length > 0) return;
          await presence.left(caller.id, new Date());
          presenceChanged(caller.id);
        })
        .catch(presenceFailed);
    });
  });
  // Beats for the people whose sockets this replica holds, so they stay online while it lives.
  const heartbeat = setInterval(() => {
    const here = new Set<string>();
    for (const socket of io.of('/').sockets.values()) here.add((socket.data as SocketData).cirrus);
    presence.beat([...here], new Date()).then((arrived) => arrived.forEach(presenceChanged), presenceFailed);
  }, PRESENCE_HEARTBEAT_S * 1000);
  heartbeat.unref();

  const rooms = (ids: readonly string[]) => ids.map(userRoom);
  return {
    notifyMessage({ participants, message, recipient, signal }) {
      io.to(rooms(participants)).emit(REALTIME_EVENTS.newMessage, message);
      io.to(userRoom(recipient)).emit(recipient, signal);
      metrics?.emitted('message', message.sentAt);
    },
    notifyRead({ participants, mark, reader, signal }) {
      io.to(rooms(participants)).emit(REALTIME_EVENTS.read, mark);
      io.to(userRoom(reader)).emit(reader, signal);
      metrics?.emitted('read');
    },
    notifyChange({ participants, message, recount }) {
      io.to(rooms(participants)).emit(REALTIME_EVENTS.changed, message);
      if (recount) io.to(userRoom(recount.recipient)).emit(recount.recipient, recount.signal);
      metrics?.emitted('change');
    },
    notifyTyping({ to, typing }) {
      io.to(userRoom(to)).emit(REALTIME_EVENTS.typing, typing);
      metrics?.emitted('typing');
    },
    notifyNotification({ to, signal }) {
      io.to(userRoom(to)).emit(REALTIME_EVENTS.notification, signal);
      metrics?.emitted('notification');
    },
    notifyPresence({ to, presence: event }) {
      if (to.length === 0) return;
      io.to(rooms(to)).emit(PRESENCE_EVENT, event);
      metrics?.emitted('presence');
    },
    presenceOf: (ids) => presence.read(ids, new Date()),
    onPresenceChange(listener) {
      presenceListeners.push(listener);
    },
    endSessions(keys) {
      // No key, no room: `io.in([])` would be every socket.
      if (keys.length > 0) io.in(keys.map(sessionRoom)).disconnectSockets(true);
    },
    endCirrus(id) {
      io.in(userRoom(id)).disconnectSockets(true);
      // After the replicas have marked their sockets' departure (which writes the last-seen time once more).
      setTimeout(
        () => void presence.forget(id).catch(presenceFailed),
        options.forgetAfterMs ?? FORGET_AFTER_MS,
      ).unref();
    },
    attach(server) {
      io.attach(server);
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      io.local.disconnectSockets(true);
    },
  };
}
