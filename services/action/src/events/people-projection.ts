import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  Topics,
} from '@vellum/proto';
import { peopleStore } from '../store/people-store';
import { SCHEMA } from '../store/migrations';

/**
 * Who is who (identity.cirrus.v1) and who follows whom (social.follow.v1), each event applied once (inbox); the
 * others (sign-ins, verifications) change nothing here. One subscription for both topics: a Kafka consumer group's
 * members must all subscribe to the same topics.
 */
export function peopleProjection(db: Db): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'action',
    consumer: 'people',
    topics: [Topics.identityCirrus, Topics.socialFollow],
    on: [
      onEvent(CirrusCreatedSchema, (tx, e) =>
        peopleStore.named(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName }),
      ),
      onEvent(CirrusProfileChangedSchema, (tx, e) =>
        peopleStore.named(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName }),
      ),
      onEvent(CirrusFollowedSchema, async (tx, e) => {
        await peopleStore.seen(tx, { id: e.followerId, username: e.followerUsername });
        await peopleStore.seen(tx, { id: e.followeeId, username: e.followeeUsername });
        await peopleStore.follow(tx, e.followerId, e.followeeId);
      }),
      onEvent(CirrusUnfollowedSchema, (tx, e) => peopleStore.unfollow(tx, e.followerId, e.followeeId)),
    ],
  });
}
