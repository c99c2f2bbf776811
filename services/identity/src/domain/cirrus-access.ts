import { Forbidden, NotFound, type Caller } from '@vellum/platform';
import { profileMessages } from '@vellum/proto';
import { messages } from './messages';

/** The cirrus a profile shows: unverified accounts are not public yet (only the cirrus itself sees its own). */
export function viewableCirrus<C extends { id: string; emailVerifiedAt: Date | null }>(
  cirrus: C | null,
  viewerId: string | undefined,
): C {
  if (!cirrus || (!cirrus.emailVerifiedAt && viewerId !== cirrus.id))
    throw new NotFound(messages.cirrusNotFound);
  return cirrus;
}

/**
 * The cirrus whose profile `caller` may edit: its own. A cirrus the caller cannot see (unknown, or unverified and
 * not its own) is Not Found, as on its profile page; anyone else's is Forbidden.
 */
export function editableCirrus<C extends { id: string; emailVerifiedAt: Date | null }>(
  cirrus: C | null,
  caller: Caller,
  ownerOnly: string = profileMessages.ownerOnly,
): C {
  const visible = viewableCirrus(cirrus, caller.id);
  if (visible.id !== caller.id) throw new Forbidden(ownerOnly);
  return visible;
}
