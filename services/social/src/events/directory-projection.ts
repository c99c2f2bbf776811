import { idempotent, type Db, type Subscription, type Tx } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
  type Envelope,
} from '@vellum/proto';
import { directoryStore } from '../store/directory-store';
import { SCHEMA } from '../store/migrations';

/** Applies one of identity's events to the directory; events it does not need (sign-ins) change nothing. */
export async function applyIdentityEvent(tx: Tx, envelope: Envelope): Promise<void> {
  switch (envelope.type) {
    case CirrusCreatedSchema.typeName: {
      const e = decodePayload(envelope, CirrusCreatedSchema);
      return directoryStore.created(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName });
    }
    case CirrusVerifiedSchema.typeName: {
      const e = decodePayload(envelope, CirrusVerifiedSchema);
      return directoryStore.verified(tx, { id: e.cirrusId, username: e.username });
    }
    case CirrusProfileChangedSchema.typeName: {
      const e = decodePayload(envelope, CirrusProfileChangedSchema);
      return directoryStore.profileChanged(tx, {
        id: e.cirrusId,
        username: e.username,
        displayName: e.displayName,
        image: e.image,
      });
    }
  }
}

/** The directory of cirri, kept from identity.cirrus.v1; each event is applied once (inbox). */
export function directoryProjection(db: Db): Subscription {
  return {
    group: 'social',
    topics: [Topics.identityCirrus],
    handler: idempotent({
      db,
      schema: SCHEMA,
      consumer: 'directory',
      apply: (tx, message) => applyIdentityEvent(tx, unpackEnvelope(message.value)),
    }),
  };
}
