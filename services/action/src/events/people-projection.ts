import { deletedCirri, onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  timestampDate,
  Topics,
} from '@vellum/proto';
import { peopleStore } from '../store/people-store';
import { SCHEMA } from '../store/migrations';
import { eraseCirrus } from './erase-cirrus';

/**
 * Who is who (identity.cirrus.v1) and who follows whom (social.follow.v1), each event applied once (inbox); the
 * others (sign-ins, verifications) change nothing here. One subscription for both topics: a Kafka consumer group's
 * members must all subscribe to the same topics. An event naming a deleted cirrus (its tombstone), late or replayed,
 * changes nothing.
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
      ...[CirrusCreatedSchema, CirrusProfileChangedSchema].map((schema) =>
        onEvent(schema, async (tx, e) => {
          if (await deletedCirri.anyDeleted(tx, SCHEMA, [e.cirrusId])) return;
          await peopleStore.named(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName });
        }),
      ),
      onEvent(CirrusDeletedSchema, (tx, e) =>
        eraseCirrus(tx, e.cirrusId, e.deletedAt ? timestampDate(e.deletedAt) : new Date()),
      ),
      onEvent(CirrusFollowedSchema, async (tx, e) => {
        if (await deletedCirri.anyDeleted(tx, SCHEMA, [e.followerId, e.followeeId])) return;
        await peopleStore.seen(tx, { id: e.followerId, username: e.followerUsername });
        await peopleStore.seen(tx, { id: e.followeeId, username: e.followeeUsername });
        await peopleStore.follow(tx, e.followerId, e.followeeId);
      }),
      onEvent(CirrusUnfollowedSchema, (tx, e) => peopleStore.unfollow(tx, e.followerId, e.followeeId)),
    ],
  });
}
