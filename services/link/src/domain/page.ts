import { Conflict, Invalid } from '@vellum/platform';
import { LINK_MAX_LINKS, linkMessages, type LinkColorName, type ReorderInput } from '@vellum/proto';
import type { StoredLink, StoredPage } from '../store/link-repository';

/** What a change did, for its event: which link, if any. */
export interface PageChange {
  kind: 'added' | 'edited' | 'deleted' | 'reordered' | 'colours';
  link?: StoredLink;
}

/** The page after a change, or null when the change changes nothing (nothing is written or published then). */
export type Changed = { page: StoredPage; change: PageChange } | null;

/** Positions 0..n-1 in the links' order. */
const renumbered = (links: StoredLink[]): StoredLink[] =>
  links.map((link, position) => ({ ...link, position }));

const next = (page: StoredPage, links: StoredLink[], change: PageChange): Changed => ({
  page: { ...page, links: renumbered(links), version: page.version + 1 },
  change,
});

/** A new link goes last. */
export function addLink(page: StoredPage, link: Omit<StoredLink, 'position'>): Changed {
  if (page.links.length >= LINK_MAX_LINKS) throw new Invalid(linkMessages.tooManyLinks);
  const added = { ...link, position: page.links.length };
  return next(page, [...page.links, added], { kind: 'added', link: added });
}

export function editLink(page: StoredPage, id: string, edit: { label: string; url: string }): Changed {
  const link = page.links.find((l) => l.id === id);
  if (!link) return null;
  if (link.label === edit.label && link.url === edit.url) return null;
  const edited = { ...link, ...edit };
  return next(
    page,
    page.links.map((l) => (l.id === id ? edited : l)),
    { kind: 'edited', link: edited },
  );
}

/** The links after it close the gap. */
export function deleteLink(page: StoredPage, id: string): Changed {
  const link = page.links.find((l) => l.id === id);
  if (!link) return null;
  return next(
    page,
    page.links.filter((l) => l.id !== id),
    { kind: 'deleted', link },
  );
}

/**
 * The links in the order the owner asked: the listed links by their requested position, each unlisted one (added in
 * another tab meanwhile) keeping its position, ties going to the listed link; ids no longer on the page (deleted in
 * another tab) are ignored. Positions are then renumbered 0..n-1, so they stay dense and unique whatever two tabs
 * send. Nothing changes (spec section 5) with fewer than 2 links or when no position changed.
 */
export function reorderLinks(page: StoredPage, request: ReorderInput['linksToReorder']): Changed {
  const asked = new Map<string, number>();
  for (const { linkID, position } of request) {
    if (asked.has(linkID)) throw new Invalid(linkMessages.reorderMismatch);
    asked.set(linkID, position);
  }
  if (page.links.length < 2) return null;
  const order = page.links
    .map((link) => ({ link, key: asked.get(link.id) ?? link.position, listed: asked.has(link.id) }))
    .sort((a, b) => a.key - b.key || Number(b.listed) - Number(a.listed) || a.link.position - b.link.position)
    .map(({ link }) => link);
  if (order.every((link, i) => link.id === page.links[i]!.id)) return null;
  return next(page, order, { kind: 'reordered' });
}

export function setColour(page: StoredPage, name: LinkColorName, colour: string): Changed {
  if (page.colors[name] === colour) return null;
  return {
    page: { ...page, colors: { ...page.colors, [name]: colour }, version: page.version + 1 },
    change: { kind: 'colours' },
  };
}

/** How often a change is tried again when another tab changed the page first. */
export const CHANGE_ATTEMPTS = 20;

/** Someone kept changing the page at the same moment, every time: the caller tries again. */
export function busy(): never {
  throw new Conflict(linkMessages.busy);
}
