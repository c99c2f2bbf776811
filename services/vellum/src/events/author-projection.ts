import { idempotent, type Db, type Subscription } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusProfileChangedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import { SCHEMA } from '../store/migrations';
import { authorStore } from '../store/author-store';

/**
 * Keeps `vellum.authors` from identity's events: a new cirrus and every profile change set its username and display
 * name, so a renamed author shows under the new name in every list. Other cirrus events carry nothing it keeps.
 */
export function authorProjection(db: Db): Subscription {
  return {
    group: 'vellum',
    topics: [Topics.identityCirrus],
    handler: idempotent({
      db,
      schema: SCHEMA,
      consumer: 'authors',
      apply: async (tx, message) => {
        const envelope = unpackEnvelope(message.value);
        if (envelope.type === CirrusCreatedSchema.typeName) {
          const c = decodePayload(envelope, CirrusCreatedSchema);
          await authorStore.upsert(tx, { id: c.cirrusId, username: c.username, displayName: c.displayName });
        } else if (envelope.type === CirrusProfileChangedSchema.typeName) {
          const c = decodePayload(envelope, CirrusProfileChangedSchema);
          await authorStore.upsert(tx, { id: c.cirrusId, username: c.username, displayName: c.displayName });
        }
      },
    }),
  };
}
