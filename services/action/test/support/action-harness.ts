import type { Caller } from '@vellum/platform';
import {
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  Topics,
} from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import { createActionService } from '../../src/service';

export interface Person extends Caller {
  displayName: string;
}

/** The action service alone, with identity's and social's events delivered as their relays would. */
export async function actionHarness() {
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) => createActionService({ ...ports, config: { internalAuthSecret } }),
    { observe: [Topics.actionAction] },
  );
  const ends = (follower: Person, followee: Person) => ({
    followerId: follower.id,
    followerUsername: follower.username,
    followeeId: followee.id,
    followeeUsername: followee.username,
  });
  const identityEvent = h.eventsOf('identity', Topics.identityCirrus);
  const socialEvent = h.eventsOf('social', Topics.socialFollow);

  return {
    ...h,
    /** A cirrus identity announced (CirrusCreated). */
    person: (first = 'Ada'): Promise<Person> => h.announceCirrus(first),
    renamed: (p: Person, displayName: string) =>
      identityEvent(CirrusProfileChangedSchema, p.id, { cirrusId: p.id, username: p.username, displayName }),
    /** social's CirrusFollowed: `follower` now follows `followee`. */
    followed: (follower: Person, followee: Person, id?: string) =>
      socialEvent(CirrusFollowedSchema, followee.id, ends(follower, followee), id),
    unfollowed: (follower: Person, followee: Person) =>
      socialEvent(CirrusUnfollowedSchema, followee.id, ends(follower, followee)),
  };
}

export type ActionHarness = Awaited<ReturnType<typeof actionHarness>>;
