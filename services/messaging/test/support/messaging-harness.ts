import { memoryLimiters, type Caller } from '@vellum/platform';
import { CirrusVerifiedSchema, Topics } from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import {
  createMessagingService,
  type MessageNotice,
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
  > = [];
  const ended: Array<{ sessions: string[] } | { cirrus: string }> = [];
  const port: RealtimePort = {
    notifyMessage: (notice) => void notices.push({ kind: 'message', notice }),
    notifyRead: (notice) => void notices.push({ kind: 'read', notice }),
    notifyTyping: (notice) => void notices.push({ kind: 'typing', notice }),
    notifyChange: (notice) => void notices.push({ kind: 'change', notice }),
    notifyNotification: (notice) => void notices.push({ kind: 'notification', notice }),
    endSessions: (keys) => void ended.push({ sessions: [...keys] }),
    endCirrus: (cirrus) => void ended.push({ cirrus }),
  };
  return { port, notices, ended };
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
