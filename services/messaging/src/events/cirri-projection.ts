import type { PoisonedMessage, Subscription } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import type { CirrusChange, MessagingRepository } from '../store/messaging-repository';

/** What one of identity's events says of a cirrus; nothing for the events this service does not need. */
function changeOf(envelope: ReturnType<typeof unpackEnvelope>): CirrusChange | undefined {
  if (envelope.type === CirrusCreatedSchema.typeName) {
    const e = decodePayload(envelope, CirrusCreatedSchema);
    return { id: e.cirrusId, username: e.username, displayName: e.displayName };
  }
  if (envelope.type === CirrusVerifiedSchema.typeName) {
    const e = decodePayload(envelope, CirrusVerifiedSchema);
    return { id: e.cirrusId, username: e.username, verified: true };
  }
  if (envelope.type === CirrusProfileChangedSchema.typeName) {
    const e = decodePayload(envelope, CirrusProfileChangedSchema);
    return { id: e.cirrusId, username: e.username, displayName: e.displayName, image: e.image };
  }
  return undefined;
}

/**
 * Who is who (identity.cirrus.v1): each cirrus's username, display name, image and whether it is verified, each
 * event applied once through the repository's inbox. A deleted cirrus's conversations go whole (idempotent by
 * nature). Sign-ins change nothing here. A replay forgets which events were applied and applies them all again.
 */
export function cirriProjection(
  store: MessagingRepository,
  park?: (poisoned: PoisonedMessage) => Promise<void>,
): Subscription {
  return {
    group: 'messaging',
    topics: [Topics.identityCirrus],
    handler: async (message) => {
      const envelope = unpackEnvelope(message.value);
      if (envelope.type === CirrusDeletedSchema.typeName) {
        return store.removeCirrus(message.id, decodePayload(envelope, CirrusDeletedSchema).cirrusId);
      }
      const change = changeOf(envelope);
      if (change) await store.applyCirrus(message.id, change);
    },
    ...(park && { park }),
    reset: () => store.forgetAppliedCirri(),
  };
}
