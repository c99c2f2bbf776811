import type { Subscription } from '@vellum/platform';
import {
  CirrusDeletedSchema,
  CirrusSessionsEndedSchema,
  CirrusSignedOutSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import type { RealtimePort } from '../realtime/realtime-port';

/**
 * Ends the sockets of what identity ended (identity.cirrus.v1, group `messaging-sockets`): a signed-out session's
 * (`CirrusSignedOut`), every session a password reset ended (`CirrusSessionsEnded`), and all of a deleted cirrus's
 * (`CirrusDeleted`). One replica reads each event; the disconnection reaches the sockets on every replica (socket.io's
 * Redis adapter). A reaction, not a read model: nothing is stored, so a replay leaves it alone, and a repeat (or a group
 * reading the log from its beginning) disconnects nobody who came after: ended sessions open no new socket.
 */
export function endedSessions(realtime: RealtimePort): Subscription {
  return {
    group: 'messaging-sockets',
    topics: [Topics.identityCirrus],
    handler: async (message) => {
      const envelope = unpackEnvelope(message.value);
      if (envelope.type === CirrusSignedOutSchema.typeName) {
        realtime.endSessions([decodePayload(envelope, CirrusSignedOutSchema).sessionKey]);
      } else if (envelope.type === CirrusSessionsEndedSchema.typeName) {
        realtime.endSessions(decodePayload(envelope, CirrusSessionsEndedSchema).sessionKeys);
      } else if (envelope.type === CirrusDeletedSchema.typeName) {
        realtime.endCirrus(decodePayload(envelope, CirrusDeletedSchema).cirrusId);
      }
    },
    reaction: true,
  };
}
