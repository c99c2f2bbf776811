import { idempotent, type Db, type Subscription } from '@vellum/platform';
import {
  ActionAbandonedSchema,
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import { outstandingStore } from '../store/outstanding-store';
import { SCHEMA } from '../store/migrations';

const ACTION_EVENTS = [
  ActionCreatedSchema,
  ActionRequestedSchema,
  ActionCompletedSchema,
  ActionAbandonedSchema,
];

/**
 * Keeps `outstandingActions` of GET /api/cirrus/{username} from the action service's events. Each carries the
 * owner's count after the change and one owner's events arrive in order (they are keyed by the owner), so the
 * newest one's number is the count.
 */
export function outstandingProjection(db: Db): Subscription {
  return {
    group: 'identity',
    topics: [Topics.actionAction],
    handler: idempotent({
      db,
      schema: SCHEMA,
      consumer: 'outstanding-actions',
      apply: async (tx, message) => {
        const envelope = unpackEnvelope(message.value);
        const schema = ACTION_EVENTS.find((s) => s.typeName === envelope.type);
        if (!schema) return;
        const event = decodePayload(envelope, schema);
        await outstandingStore.set(tx, event.ownerId, event.outstandingActions);
      },
    }),
  };
}
