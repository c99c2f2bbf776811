import { randomUUID } from 'node:crypto';
import {
  CirrusCreatedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  Topics,
} from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import { createVellumService } from '../../src/service';

export interface Person {
  id: string;
  username: string;
}

export const person = (prefix = 'ada'): Person => {
  const id = randomUUID();
  return { id, username: `${prefix}.${id.slice(0, 8)}` };
};

/** The vellum service alone on in-memory PGlite and the in-process bus, called as the gateway calls it. */
export async function vellumHarness(options: { ratingsRequired?: number } = {}) {
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) =>
      createVellumService({
        ...ports,
        config: { internalAuthSecret, ratingsRequired: options.ratingsRequired ?? 3 },
      }),
    { observe: [Topics.vellumVellum] },
  );

  /** Delivers an identity event, as identity's outbox relay would, once vellum's inbox has it. */
  const identityEvent = h.eventsOf('identity', Topics.identityCirrus);
  const socialEvent = h.eventsOf('social', Topics.socialFollow);
  const ends = (follower: Person, followee: Person) => ({
    followerId: follower.id,
    followerUsername: follower.username,
    followeeId: followee.id,
    followeeUsername: followee.username,
  });

  return {
    ...h,
    identityEvent,
    /** Identity's sign-up event for `p`, with a display name. */
    signedUp: (p: Person, displayName: string, eventId?: string) =>
      identityEvent(
        CirrusCreatedSchema,
        p.id,
        { cirrusId: p.id, username: p.username, email: `${p.username}@example.com`, displayName },
        eventId,
      ),
    renamed: (p: Person, displayName: string) =>
      identityEvent(CirrusProfileChangedSchema, p.id, { cirrusId: p.id, username: p.username, displayName }),
    /** social's CirrusFollowed: `follower` now follows `followee` (a repeated `eventId` is the same event). */
    followed: (follower: Person, followee: Person, eventId?: string) =>
      socialEvent(CirrusFollowedSchema, followee.id, ends(follower, followee), eventId),
    unfollowed: (follower: Person, followee: Person) =>
      socialEvent(CirrusUnfollowedSchema, followee.id, ends(follower, followee)),
  };
}

export type VellumHarness = Awaited<ReturnType<typeof vellumHarness>>;
