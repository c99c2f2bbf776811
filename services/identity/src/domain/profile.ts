import { PROFILE_FIELDS } from '@vellum/proto';
import type { CirrusRecord, ProfileFields } from '../store/cirrus-store';

/** The editable profile of a stored cirrus, as text (a field that is none reads as empty). */
export const profileOf = (cirrus: CirrusRecord): ProfileFields => ({
  displayName: cirrus.displayName,
  firstName: cirrus.firstName,
  lastName: cirrus.lastName,
  location: cirrus.location ?? '',
  summary: cirrus.summary ?? '',
  image: cirrus.image ?? '',
  imageBackground: cirrus.imageBackground ?? '',
});

/** Whether `next` differs from `current` in any field. */
export const profileChanged = (current: ProfileFields, next: ProfileFields): boolean =>
  PROFILE_FIELDS.some((field) => current[field] !== next[field]);
