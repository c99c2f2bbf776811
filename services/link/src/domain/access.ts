import { Forbidden, NotFound, type Caller } from '@vellum/platform';
import { isLinkId, linkMessages } from '@vellum/proto';
import type { StoredPage } from '../store/link-repository';

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The caller, when the page of `username` is theirs: only the owner changes it (others: 403). */
export function pageOwner(
  caller: Caller,
  username: string,
  message: string = linkMessages.ownerOnly,
): Caller {
  if (!sameName(caller.username, username)) throw new Forbidden(message);
  return caller;
}

/** A link id from the path; anything that cannot be one names no link. */
export function linkIdOf(value: string): string {
  if (!isLinkId(value)) throw new NotFound(linkMessages.linkNotFound);
  return value.toLowerCase();
}

/** The caller's page holding the link; someone else's link answers as a missing one (nothing of it leaks). */
export function ownPageWithLink(caller: Caller, page: StoredPage | null): StoredPage {
  if (!page || page.ownerId !== caller.id) throw new NotFound(linkMessages.linkNotFound);
  return page;
}

/**
 * The page a viewer may see: an unverified account's page is not public yet, and answers exactly as an unknown
 * username (only the account itself sees its own, as identity shows an unverified cirrus's profile). A page stored
 * before this service learnt verification (`verified` null) counts as verified once its owner changed it (version
 * 1 on): they were signed in, and only verified cirri sign in.
 */
export function visiblePage(page: StoredPage | null, viewerId: string | undefined): StoredPage {
  const verified = page?.verified ?? (page ? page.version > 0 : false);
  if (!page || (!verified && page.ownerId !== viewerId)) throw new NotFound(linkMessages.pageNotFound);
  return page;
}

/** A page that must be there (the owner's own, just ensured); a deleted owner's, or one removed meanwhile, is Not Found. */
export function foundPage(page: StoredPage | null): StoredPage {
  if (!page) throw new NotFound(linkMessages.pageNotFound);
  return page;
}
