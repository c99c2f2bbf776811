import { eventEmitter } from '@vellum/platform';
import { Topics } from '@vellum/proto';

/**
 * Social's events on `social.follow.v1`, written to its outbox inside the use case's transaction (its unit of work
 * appends them as the transaction's last statement): `emit(unit, followeeId, Schema, payload, at)` (key: the
 * followee, so the changes to one cirrus's followers stay in order). Only a change of the graph is an event, never a repeated follow or unfollow.
 */
export const emit = eventEmitter({ producer: 'social', topic: Topics.socialFollow });

/** Both ends of a follow edge, as the events carry them. */
export const edgeOf = (
  follower: { id: string; username: string },
  followee: { id: string; username: string },
) => ({
  followerId: follower.id,
  followerUsername: follower.username,
  followeeId: followee.id,
  followeeUsername: followee.username,
});
