import type { Caller } from '@vellum/platform';
import { CirrusProfileChangedSchema, Topics } from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import { createLinkService } from '../../src/service';

export interface Person extends Caller {
  displayName: string;
}

/** The link service alone on PGlite, with identity's events delivered as its relay would. */
export async function linkHarness() {
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) => createLinkService({ ...ports, config: { internalAuthSecret } }),
    { observe: [Topics.linkPage] },
  );
  const identityEvent = h.eventsOf('identity', Topics.identityCirrus);
  return {
    ...h,
    /** A cirrus identity announced (CirrusCreated). */
    person: (first = 'Ada'): Promise<Person> => h.announceCirrus(first),
    profileChanged: (
      p: Person,
      change: { username?: string; displayName?: string; image?: string },
      id?: string,
    ) =>
      identityEvent(
        CirrusProfileChangedSchema,
        p.id,
        {
          cirrusId: p.id,
          username: change.username ?? p.username,
          displayName: change.displayName ?? p.displayName,
          image: change.image ?? '',
        },
        id,
      ),
  };
}

export type LinkHarness = Awaited<ReturnType<typeof linkHarness>>;
