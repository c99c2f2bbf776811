import { idempotent, type Db, type Subscription, type Tx } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
  type Envelope,
} from '@vellum/proto';
import { peopleStore } from '../store/people-store';
import { SCHEMA } from '../store/migrations';

/** Applies one of identity's or social's events; the others (sign-ins, verifications) change nothing here. */
export async function applyPeopleEvent(tx: Tx, envelope: Envelope): Promise<void> {
  switch (envelope.type) {
    case CirrusCreatedSchema.typeName: {
      const e = decodePayload(envelope, CirrusCreatedSchema);
      return peopleStore.named(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName });
    }
    case CirrusProfileChangedSchema.typeName: {
      const e = decodePayload(envelope, CirrusProfileChangedSchema);
      return peopleStore.named(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName });
    }
    case CirrusFollowedSchema.typeName: {
      const e = decodePayload(envelope, CirrusFollowedSchema);
      await peopleStore.seen(tx, { id: e.followerId, username: e.followerUsername });
      await peopleStore.seen(tx, { id: e.followeeId, username: e.followeeUsername });
      return peopleStore.follow(tx, e.followerId, e.followeeId);
    }
    case CirrusUnfollowedSchema.typeName: {
      const e = decodePayload(envelope, CirrusUnfollowedSchema);
      return peopleStore.unfollow(tx, e.followerId, e.followeeId);
    }
  }
}

/**
 * Who is who (identity.cirrus.v1) and who follows whom (social.follow.v1), each event applied once (inbox). One
 * subscription for both topics: a Kafka consumer group's members must all subscribe to the same topics.
 */
export function peopleProjection(db: Db): Subscription {
  return {
    group: 'action',
    topics: [Topics.identityCirrus, Topics.socialFollow],
    handler: idempotent({
      db,
      schema: SCHEMA,
      consumer: 'people',
      apply: (tx, message) => applyPeopleEvent(tx, unpackEnvelope(message.value)),
    }),
  };
}
