import { Invalid, NotFound, type Caller } from '@vellum/platform';
import { socialMessages } from '@vellum/proto';

/** The public cirrus a call is about; unknown and unverified ones are Not Found (spec: 'Cirrus load fails'). */
export function foundCirrus<T>(cirrus: T | undefined): T {
  if (!cirrus) throw new NotFound(socialMessages.cirrusNotFound);
  return cirrus;
}

/** Whom a signed-in cirrus may follow or unfollow: a public cirrus other than itself. */
export function followTarget<T extends { id: string }>(
  caller: Caller,
  target: T | undefined,
  change: 'follow' | 'unfollow',
): T {
  const found = foundCirrus(target);
  if (found.id === caller.id) {
    throw new Invalid(change === 'follow' ? socialMessages.followYourself : socialMessages.unfollowYourself);
  }
  return found;
}
