import { declaredSubscription, identityCirriCases, type Subscription } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import type { LinkRepository } from '../store/link-repository';

/**
 * Who is who (identity.cirrus.v1): each cirrus's username, display name and image, and whether its email is
 * verified (an unverified account's page is not public), kept on their page, each event applied once through the
 * repository's inbox (a Postgres inbox row in the same transaction, or the event id on the cirrus document in the
 * same update). A deleted cirrus's page, versions and clicks are removed (idempotent by nature). A replay forgets
 * which events were applied and applies them all again.
 */
export function cirriProjection(pages: LinkRepository, park?: Subscription['park']): Subscription {
  return declaredSubscription({
    group: 'link',
    topics: [Topics.identityCirrus],
    on: identityCirriCases(pages),
    reset: () => pages.forgetAppliedCirri(),
    ...(park && { park }),
  });
}
