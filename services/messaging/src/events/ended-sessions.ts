import { declaredSubscription, whenEvent, type Subscription } from '@vellum/platform';
import { CirrusDeletedSchema, CirrusSessionsEndedSchema, CirrusSignedOutSchema, Topics } from '@vellum/proto';
import type { RealtimePort } from '../realtime/realtime-port';

/**
 * Ends the sockets of what identity ended (identity.cirrus.v1, group `messaging-sockets`): a signed-out session's
 * (`CirrusSignedOut`), every session a password reset ended (`CirrusSessionsEnded`), and all of a deleted cirrus's
 * (`CirrusDeleted`). One replica reads each event; the disconnection reaches the sockets on every replica (socket.io's
 * Redis adapter). A reaction, not a read model: nothing is stored, so a replay leaves it alone, and a repeat (or a group
 * reading the log from its beginning) disconnects nobody who came after: ended sessions open no new socket.
 */
export function endedSessions(realtime: RealtimePort): Subscription {
  return declaredSubscription({
    group: 'messaging-sockets',
    topics: [Topics.identityCirrus],
    on: [
      whenEvent(CirrusSignedOutSchema, (e) => realtime.endSessions([e.sessionKey])),
      whenEvent(CirrusSessionsEndedSchema, (e) => realtime.endSessions(e.sessionKeys)),
      whenEvent(CirrusDeletedSchema, (e) => realtime.endCirrus(e.cirrusId)),
    ],
    reaction: true,
  });
}
