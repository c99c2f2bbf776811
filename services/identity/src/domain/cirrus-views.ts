import { LINK_DEFAULT_COLORS } from '@vellum/proto';
import type { CirrusRecord } from '../store/cirrus-store';
import { isAdminCirrus } from './admins';

export const displayNameOf = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** The signed cirrus of spec section 3, plus whether the caller is an admin (`isAdminCirrus`). */
export function signedCirrusView(cirrus: CirrusRecord, admins: ReadonlySet<string>) {
  return {
    i: cirrus.id,
    username: cirrus.username,
    displayName: cirrus.displayName,
    name: cirrus.displayName,
    first_name: cirrus.firstName,
    last_name: cirrus.lastName,
    image: cirrus.image ?? undefined,
    isAdmin: isAdminCirrus(cirrus, admins),
  };
}

/** The signed cirrus of GET /api/user (the older call): username, name and image (empty when none). */
export const signedUserView = (cirrus: CirrusRecord) => ({
  username: cirrus.username,
  name: cirrus.displayName,
  image: cirrus.image ?? '',
});

/**
 * The viewed cirrus of spec section 3. The email is personal data: only the cirrus itself sees it; everyone else
 * gets an empty string in its place.
 */
export function viewedCirrusView(cirrus: CirrusRecord, viewerId: string | undefined) {
  return {
    i: cirrus.id,
    username: cirrus.username,
    display_name: cirrus.displayName,
    displayName: cirrus.displayName,
    name: cirrus.displayName,
    firstName: cirrus.firstName,
    lastName: cirrus.lastName,
    email: viewerId === cirrus.id ? cirrus.email : '',
    image: cirrus.image ?? '',
    imageBackground: cirrus.imageBackground ?? '',
    location: cirrus.location ?? '',
    summary: cirrus.summary ?? '',
    outstandingActions: cirrus.outstandingActions,
    // Kept from the link service's events (LinkPageChanged); the spec's defaults until the owner changes them.
    ...(cirrus.linkColors ?? LINK_DEFAULT_COLORS),
  };
}
