import { declaredSubscription, identityCirriCases, type Subscription } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import type { MessagingRepository } from '../store/messaging-repository';

/**
 * Who is who (identity.cirrus.v1): each cirrus's username, display name, image and whether it is verified, each
 * event applied once through the repository's inbox. A deleted cirrus's conversations go whole (idempotent by
 * nature). Sign-ins change nothing here. A replay forgets which events were applied and applies them all again.
 */
export function cirriProjection(store: MessagingRepository, park?: Subscription['park']): Subscription {
  return declaredSubscription({
    group: 'messaging',
    topics: [Topics.identityCirrus],
    on: identityCirriCases(store),
    reset: () => store.forgetAppliedCirri(),
    ...(park && { park }),
  });
}
