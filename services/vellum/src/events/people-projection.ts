import { deletedCirri, onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  Topics,
} from '@vellum/proto';
import { SCHEMA } from '../store/migrations';
import { authorStore } from '../store/author-store';
import { followStore } from '../store/follow-store';
import { ratingStore } from '../store/rating-store';
import { vellumStore } from '../store/vellum-store';

/**
 * Keeps `vellum.authors` from identity's events (a new cirrus and every profile change set its username and display
 * name, so a renamed author shows under the new name in every list; the cached public lists are dropped after each
 * event) and `vellum.follows` from social's (the Hall's vellums of the cirri one follows). One subscription for both
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
      ...[CirrusCreatedSchema, CirrusProfileChangedSchema].map((schema) =>
        onEvent(schema, async (tx, c) => {
          if (await deletedCirri.anyDeleted(tx, SCHEMA, [c.cirrusId])) return;
          await authorStore.upsert(tx, { id: c.cirrusId, username: c.username, displayName: c.displayName });
        }),
      ),
      // A deleted account: its vellums (with the scores they received), the scores it gave, its follows, its name.
      onEvent(CirrusDeletedSchema, async (tx, e) => {
        await deletedCirri.record(tx, SCHEMA, e.cirrusId);
        await ratingStore.removeByRater(tx, e.cirrusId);
        await vellumStore.removeByOwner(tx, e.cirrusId);
        await followStore.removeCirrus(tx, e.cirrusId);
        await authorStore.remove(tx, e.cirrusId);
      }),
      onEvent(CirrusFollowedSchema, async (tx, e) => {
        if (await deletedCirri.anyDeleted(tx, SCHEMA, [e.followerId, e.followeeId])) return;
        await followStore.follow(tx, e.followerId, e.followeeId);
      }),
      onEvent(CirrusUnfollowedSchema, (tx, e) => followStore.unfollow(tx, e.followerId, e.followeeId)),
    ],
  });
}
