import { randomUUID } from 'node:crypto';
import type { Caller } from '@vellum/platform';
import { CirrusCreatedSchema, CirrusProfileChangedSchema, CirrusVerifiedSchema, Topics } from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import { createSocialService } from '../../src/service';

export interface TestCirrus extends Caller {
  displayName: string;
}

/**
 * Social alone on in-memory PGlite and the in-process bus. Identity's events are published on the bus as identity
 * would; `published` collects what social puts on its own topic.
 */
export async function socialHarness() {
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) => createSocialService({ ...ports, config: { internalAuthSecret } }),
    { observe: [Topics.socialFollow] },
  );

  /** Publishes one identity event and resolves once social's inbox has recorded it. */
  const identityEvent = h.eventsOf('identity', Topics.identityCirrus);

  /** A cirrus signed up (and, unless told otherwise, verified) at identity. */
  async function cirrus(
    username: string,
    options: { displayName?: string; verified?: boolean } = {},
  ): Promise<TestCirrus> {
    const id = randomUUID();
    const displayName = options.displayName ?? `${username} Lovelace`;
    await identityEvent(CirrusCreatedSchema, id, {
      cirrusId: id,
      username,
      email: `${id.slice(0, 8)}@example.com`,
      firstName: displayName.split(' ')[0] ?? displayName,
      lastName: displayName.split(' ').slice(1).join(' '),
      displayName,
    });
    if (options.verified ?? true) {
      await identityEvent(CirrusVerifiedSchema, id, { cirrusId: id, username });
    }
    return { id, username, displayName };
  }

  const profileChanged = (c: TestCirrus, change: { displayName: string; image: string }) =>
    identityEvent(CirrusProfileChangedSchema, c.id, {
      cirrusId: c.id,
      username: c.username,
      displayName: change.displayName,
      image: change.image,
    });

  return { ...h, identityEvent, cirrus, profileChanged };
}

export type SocialHarness = Awaited<ReturnType<typeof socialHarness>>;
