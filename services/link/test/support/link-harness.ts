import type { Caller } from '@vellum/platform';
import { Topics } from '@vellum/proto';
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
  return {
    ...h,
    /** A cirrus identity announced (CirrusCreated). */
    person: (first = 'Ada'): Promise<Person> => h.announceCirrus(first),
    profileChanged: h.changeProfile,
  };
}

export type LinkHarness = Awaited<ReturnType<typeof linkHarness>>;
