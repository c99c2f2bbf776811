import { memoryLimiters, memoryPresence, type Caller } from '@vellum/platform';
import { CirrusVerifiedSchema, Topics } from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import {
  createMessagingService,
  type MessageNotice,
  type PresenceNotice,
  type ReadNotice,
  type RealtimePort,
  type TypingNotice,
  type ChangeNotice,
  type NotificationNotice,
} from '../../src/service';

export interface Person extends Caller {
  displayName: string;
}

/** A realtime port that records what the use cases told, in order, and which sockets it was asked to end. */
export function recordingRealtime() {
  const notices: Array<
    | { kind: 'message'; notice: MessageNotice }
    | { kind: 'read'; notice: ReadNotice }
    | { kind: 'typing'; notice: TypingNotice }
    | { kind: 'change'; notice: ChangeNotice }
    | { kind: 'notification'; notice: NotificationNotice }
    | { kind: 'presence'; notice: PresenceNotice }
  > = [];
  // Presence as the sockets would record it: a test beats and leaves for people, and the service is told.
  const presence = memoryPresence();
  const presenceListeners: Array<(id: string) => unknown> = [];
  // Waits for the service's telling, so a test's notices are all in when it goes on.
  const told = (id: string) => Promise.all(presenceListeners.map((listener) => listener(id)));
  const ended: Array<{ sessions: string[] } | { cirrus: string }> = [];
  const port: RealtimePort & { onPresenceChange: (listener: (id: string) => unknown) => void } = {
    onPresenceChange: (listener) => void presenceListeners.push(listener),
    notifyMessage: (notice) => void notices.push({ kind: 'message', notice }),
    notifyRead: (notice) => void notices.push({ kind: 'read', notice }),
    notifyTyping: (notice) => void notices.push({ kind: 'typing', notice }),
    notifyChange: (notice) => void notices.push({ kind: 'change', notice }),
    notifyNotification: (notice) => void notices.push({ kind: 'notification', notice }),
    notifyPresence: (notice) => void notices.push({ kind: 'presence', notice }),
    presenceOf: (ids) => presence.read(ids, new Date()),
    endSessions: (keys) => void ended.push({ sessions: [...keys] }),
    endCirrus: (cirrus) => void ended.push({ cirrus }),
  };
  /** A socket of the person opened (online) or their last one closed (offline), as `socketRealtime` tells it. */
  const sockets = {
    async open(id: string) {
      if ((await presence.beat([id], new Date())).length > 0) await told(id);
    },
    async close(id: string) {
      await presence.left(id, new Date());
      await told(id);
    },
  };
  return { port, notices, ended, sockets };
}

/** The messaging service alone on PGlite, with identity's events delivered as its relay would. */
export async function messagingHarness() {
  const realtime = recordingRealtime();
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) =>
      createMessagingService({
        ...ports,
        limiters: memoryLimiters,
        realtime: realtime.port,
        config: { internalAuthSecret },
      }),
    { observe: [Topics.messagingMessage] },
  );
  const identityEvent = h.eventsOf('identity', Topics.identityCirrus);
  /** identity's CirrusVerified for a cirrus announced before. */
  const verify = (p: Person) =>
    identityEvent(CirrusVerifiedSchema, p.id, { cirrusId: p.id, username: p.username });
  return {
    ...h,
    notices: realtime.notices,
    /** Sockets opening and closing, for presence. */
    sockets: realtime.sockets,
    /** The sockets the service was asked to end (identity's session and account endings). */
    ended: realtime.ended,
    identityEvent,
    /** A cirrus identity announced (CirrusCreated), its email not verified yet. */
    unverified: (first = 'Ada'): Promise<Person> => h.announceCirrus(first),
    /** A cirrus identity announced and verified (CirrusCreated, CirrusVerified). */
    async person(first = 'Ada'): Promise<Person> {
      const p = await h.announceCirrus(first);
      await verify(p);
      return p;
    },
    verify,
    profileChanged: h.changeProfile,
  };
}

export type MessagingHarness = Awaited<ReturnType<typeof messagingHarness>>;
