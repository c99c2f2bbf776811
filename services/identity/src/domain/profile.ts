import { Invalid } from '@vellum/platform';
import { PROFILE_FIELDS, profileMessages } from '@vellum/proto';
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

const hostOf = (url: string) => new URL(url).hostname.toLowerCase().replace(/\.$/, '');

/**
 * A profile image is fetched by every viewer's browser with their cookies: an address on the app's own host (any
 * scheme or port) would be a request of theirs to Vellum (`/api/signout`, a counted click), so it is refused.
 */
export function checkImageElsewhere(profile: ProfileFields, publicUrl: string): void {
  if (profile.image && hostOf(profile.image) === hostOf(publicUrl)) {
    throw new Invalid(profileMessages.imageOwnOrigin, {
      fieldErrors: { image: profileMessages.imageOwnOrigin },
    });
  }
}
