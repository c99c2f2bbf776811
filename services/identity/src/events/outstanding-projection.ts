import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import {
  ActionAbandonedSchema,
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  Topics,
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
  return projection({
    db,
    schema: SCHEMA,
    group: 'identity',
    consumer: 'outstanding-actions',
    topics: [Topics.actionAction],
    on: ACTION_EVENTS.map((schema) =>
      onEvent(schema, (tx, event) => outstandingStore.set(tx, event.ownerId, event.outstandingActions)),
    ),
  });
}
