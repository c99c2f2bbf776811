import { randomUUID } from 'node:crypto';
import { appendOutbox, currentTraceparent, type Queryable } from '@vellum/platform';
import {
  CirrusFollowedSchema,
  CirrusUnfollowedSchema,
  packEnvelope,
  timestampFromDate,
  Topics,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import { SCHEMA } from '../store/migrations';

/** Both ends of a follow edge. */
export interface Edge {
  follower: { id: string; username: string };
  followee: { id: string; username: string };
}

/** Writes one event about `edge` to social's outbox in the caller's transaction, keyed by the followee. */
async function write<D extends DescMessage>(
  tx: Queryable,
  edge: Edge,
  at: Date,
  payloadSchema: D,
  payload: MessageInitShape<D>,
) {
  const id = randomUUID();
  const key = edge.followee.id;
  const value = packEnvelope({
    id,
    producer: 'social',
    aggregateId: key,
    occurredAt: at,
    traceparent: currentTraceparent(),
    payloadSchema,
    payload,
  });
  await appendOutbox(tx, SCHEMA, [
    { id, topic: Topics.socialFollow, key, type: payloadSchema.typeName, value },
  ]);
}

const ends = ({ follower, followee }: Edge) => ({
  followerId: follower.id,
  followerUsername: follower.username,
  followeeId: followee.id,
  followeeUsername: followee.username,
});

/** Social's events: only a change of the graph is an event, never a repeated follow or unfollow. */
export const followEvents = {
  followed: (tx: Queryable, edge: Edge, at: Date) =>
    write(tx, edge, at, CirrusFollowedSchema, { ...ends(edge), followedAt: timestampFromDate(at) }),
  unfollowed: (tx: Queryable, edge: Edge, at: Date) =>
    write(tx, edge, at, CirrusUnfollowedSchema, { ...ends(edge), unfollowedAt: timestampFromDate(at) }),
};
