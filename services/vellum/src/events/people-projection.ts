import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import { CirrusFollowedSchema, CirrusUnfollowedSchema, Topics } from '@vellum/proto';
import { SCHEMA } from '../store/migrations';
import { followStore } from '../store/follow-store';
import { authors } from './authors';

/**
 * Keeps `vellum.authors` from identity's events (`authors`; the cached public lists are dropped after each event)
 * and `vellum.follows` from social's (the Hall's vellums of the cirri one follows). One subscription for both
 * topics: a Kafka consumer group's members must all subscribe to the same topics. `CirrusDeleted` removes everything
 * the service holds of that cirrus and keeps its tombstone (`vellum.deleted_cirri`): a later event naming it (a
 * follow, a rename, arriving late or replayed) changes nothing. Other events carry nothing kept.
 */
export function peopleProjection(db: Db, onAuthorChanged: () => void = () => {}): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'vellum',
    // The inbox's name for it, kept from when it held only the authors: events already applied stay applied.
    consumer: 'authors',
    topics: [Topics.identityCirrus, Topics.socialFollow],
    // Only the follows and the tombstones are this projection's alone; the service seeds authors from its callers
    // too, and a replay applies identity's events over them again, in order.
    owns: ['follows', 'deleted_cirri'],
    // The welcome page's lists and Discover are cached with the authors' names in them.
    afterApply: onAuthorChanged,
    on: [
      ...authors.on,
      onEvent(CirrusFollowedSchema, async (tx, e) => {
        await authors.unlessDeleted(tx, [e.followerId, e.followeeId], () =>
          followStore.follow(tx, e.followerId, e.followeeId),
        );
      }),
      onEvent(CirrusUnfollowedSchema, (tx, e) => followStore.unfollow(tx, e.followerId, e.followeeId)),
    ],
  });
}
