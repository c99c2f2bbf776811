import { memoryLimiters, type Caller } from '@vellum/platform';
import { CirrusVerifiedSchema, timestampFromDate, Topics } from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import { createLinkService } from '../../src/service';

export interface Person extends Caller {
  displayName: string;
}

/** The link service alone on PGlite, with identity's events delivered as its relay would. */
export async function linkHarness() {
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) =>
      createLinkService({ ...ports, limiters: memoryLimiters, config: { internalAuthSecret } }),
    { observe: [Topics.linkPage] },
  );
  /** identity's CirrusVerified for a cirrus announced before. */
  const verify = (cirrus: Caller) =>
    h.eventsOf('identity', Topics.identityCirrus)(CirrusVerifiedSchema, cirrus.id, {
      cirrusId: cirrus.id,
      username: cirrus.username,
      verifiedAt: timestampFromDate(h.clock.now),
    });
  return {
    ...h,
    /** A cirrus identity announced (CirrusCreated) and verified (CirrusVerified): its page is public. */
    person: async (first = 'Ada'): Promise<Person> => {
      const cirrus = await h.announceCirrus(first);
      await verify(cirrus);
      return cirrus;
    },
    /** A cirrus signed up whose email is not verified yet (CirrusCreated only). */
    unverified: (first = 'Uma'): Promise<Person> => h.announceCirrus(first),
    verify,
    profileChanged: h.changeProfile,
  };
}

export type LinkHarness = Awaited<ReturnType<typeof linkHarness>>;
