import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import { CirrusFollowedSchema, CirrusUnfollowedSchema, Topics } from '@vellum/proto';
import { peopleStore } from '../store/people-store';
import { SCHEMA } from '../store/migrations';
import { people } from './people';

/**
 * Who is who (identity.cirrus.v1, `people`) and who follows whom (social.follow.v1), each event applied once
 * (inbox); the others (sign-ins, verifications) change nothing here. One subscription for both topics: a Kafka
 * consumer group's members must all subscribe to the same topics. An event naming a deleted cirrus (its tombstone),
 * late or replayed, changes nothing.
 */
export function peopleProjection(db: Db): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'action',
    consumer: 'people',
    topics: [Topics.identityCirrus, Topics.socialFollow],
    // These tables are this projection's alone: a replay empties them and rebuilds them from the first event.
    owns: ['cirri', 'follows', 'deleted_cirri'],
    on: [
      ...people.on,
      onEvent(CirrusFollowedSchema, async (tx, e) => {
        await people.unlessDeleted(tx, [e.followerId, e.followeeId], async () => {
          await people.remember(tx, { id: e.followerId, username: e.followerUsername });
          await people.remember(tx, { id: e.followeeId, username: e.followeeUsername });
          await peopleStore.follow(tx, e.followerId, e.followeeId);
        });
      }),
      onEvent(CirrusUnfollowedSchema, (tx, e) => peopleStore.unfollow(tx, e.followerId, e.followeeId)),
    ],
  });
}
