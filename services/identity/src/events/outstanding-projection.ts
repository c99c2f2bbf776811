import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import {
  ActionAbandonedSchema,
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  LinkPageChangedSchema,
  Topics,
} from '@vellum/proto';
import { linkColorsStore } from '../store/link-colors-store';
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
 * newest one's number is the count. Keeps the link page colours of the same call from the link service's events too.
 */
export function outstandingProjection(db: Db): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'identity',
    consumer: 'outstanding-actions',
    // One subscription for both topics: a Kafka consumer group's members must all subscribe to the same topics.
    topics: [Topics.actionAction, Topics.linkPage],
    // Both tables are this projection's alone: a replay empties them and rebuilds them from the first event.
    owns: ['outstanding_actions', 'link_colors'],
    on: [
      ...ACTION_EVENTS.map((schema) =>
        onEvent(schema, (tx, event) => outstandingStore.set(tx, event.ownerId, event.outstandingActions)),
      ),
      // The link page colours of the viewed cirrus, from the link service's events (each carries the whole page).
      onEvent(LinkPageChangedSchema, (tx, event) =>
        linkColorsStore.set(
          tx,
          event.ownerId,
          {
            linkBackgroundColor: event.backgroundColor,
            linkItemFontColor: event.itemFontColor,
            linkItemBackgroundColor: event.itemBackgroundColor,
          },
          event.version,
        ),
      ),
    ],
  });
}
