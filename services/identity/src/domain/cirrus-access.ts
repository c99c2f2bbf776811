import { NotFound } from '@vellum/platform';
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
