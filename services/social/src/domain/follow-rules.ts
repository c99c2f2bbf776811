import { Invalid, NotFound, Unauthenticated, type Caller } from '@vellum/platform';
import { socialMessages } from '@vellum/proto';

/**
 * Who may change a follow edge: a signed-in cirrus, towards a public cirrus other than itself. Returns both ends
 * once the change is allowed.
 */
export function checkFollowChange<T extends { id: string }>(
  caller: Caller | undefined,
  target: T | undefined,
  change: 'follow' | 'unfollow',
): { caller: Caller; target: T } {
  if (!caller) throw new Unauthenticated(socialMessages.signInToFollow);
  if (!target) throw new NotFound(socialMessages.cirrusNotFound);
  if (target.id === caller.id) {
    throw new Invalid(change === 'follow' ? socialMessages.followYourself : socialMessages.unfollowYourself);
  }
  return { caller, target };
}
