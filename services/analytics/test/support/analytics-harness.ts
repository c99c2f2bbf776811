import { randomUUID } from 'node:crypto';
import { CirrusCreatedSchema, CirrusSignedInSchema, CirrusVerifiedSchema, Topics } from '@vellum/proto';
import { standaloneService } from '@vellum/platform/test-support';
import { createAnalyticsService } from '../../src/service';

export const ADMIN_EMAIL = 'the.admin@example.com';

export interface TestCirrus {
  id: string;
  username: string;
  email: string;
}

/**
 * Analytics alone on in-memory PGlite and the in-process bus, with ADMIN_EMAILS naming ADMIN_EMAIL. The other
 * services' events are published on the bus as their relays would (`identityEvent`, `vellumEvent`, …).
 */
export async function analyticsHarness() {
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) =>
      createAnalyticsService({ ...ports, config: { internalAuthSecret, adminEmails: [ADMIN_EMAIL] } }),
    { observe: [] },
  );
  const identityEvent = h.eventsOf('identity', Topics.identityCirrus);

  /** A cirrus signed up at identity and (unless told otherwise) verified. */
  async function cirrus(
    username: string,
    options: { email?: string; firstName?: string; lastName?: string; verified?: boolean } = {},
  ): Promise<TestCirrus> {
    const id = randomUUID();
    const email = options.email ?? `${username}@example.com`;
    await identityEvent(CirrusCreatedSchema, id, {
      cirrusId: id,
      username,
      email,
      firstName: options.firstName ?? username.split('.')[0] ?? '',
      lastName: options.lastName ?? 'Lovelace',
      displayName: username,
    });
    if (options.verified ?? true) await identityEvent(CirrusVerifiedSchema, id, { cirrusId: id, username });
    return { id, username, email };
  }

  const signedIn = (c: TestCirrus) =>
    identityEvent(CirrusSignedInSchema, c.id, { cirrusId: c.id, username: c.username });

  return {
    ...h,
    identityEvent,
    vellumEvent: h.eventsOf('vellum', Topics.vellumVellum),
    actionEvent: h.eventsOf('action', Topics.actionAction),
    socialEvent: h.eventsOf('social', Topics.socialFollow),
    linkEvent: h.eventsOf('link', Topics.linkPage),
    messagingEvent: h.eventsOf('messaging', Topics.messagingMessage),
    cirrus,
    signedIn,
    admin: () => cirrus('the.admin', { email: ADMIN_EMAIL }),
  };
}

export type AnalyticsHarness = Awaited<ReturnType<typeof analyticsHarness>>;
