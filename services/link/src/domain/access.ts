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

export function foundPage(page: StoredPage | null): StoredPage {
  if (!page) throw new NotFound(linkMessages.pageNotFound);
  return page;
}
