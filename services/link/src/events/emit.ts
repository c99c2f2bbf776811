import { eventMessage, type BusMessage } from '@vellum/platform';
import {
  LinkClickedSchema,
  LinkPageChange,
  LinkPageChangedSchema,
  timestampFromDate,
  Topics,
} from '@vellum/proto';
import type { PageChange } from '../domain/page';
import type { StoredPage } from '../store/link-repository';

const changes: Record<PageChange['kind'], LinkPageChange> = {
  added: LinkPageChange.LINK_ADDED,
  edited: LinkPageChange.LINK_EDITED,
  deleted: LinkPageChange.LINK_DELETED,
  reordered: LinkPageChange.LINKS_REORDERED,
  colours: LinkPageChange.COLOURS_CHANGED,
};

/**
 * `LinkPageChanged` on `link.page.v1`, keyed by the owner (one page's events stay in order), carrying the whole page
 * after the change. The repository writes it with the change itself: into the outbox table (Postgres) or onto the
 * page document (MongoDB).
 */
export function pageChanged(page: StoredPage, change: PageChange, at: Date): BusMessage {
  return eventMessage('link', {
    topic: Topics.linkPage,
    aggregateId: page.ownerId,
    payloadSchema: LinkPageChangedSchema,
    payload: {
      ownerId: page.ownerId,
      username: page.username,
      change: changes[change.kind],
      linkId: change.link?.id ?? '',
      links: page.links.map((l) => ({ linkId: l.id, label: l.label, url: l.url, position: l.position })),
      backgroundColor: page.colors.linkBackgroundColor,
      itemFontColor: page.colors.linkItemFontColor,
      itemBackgroundColor: page.colors.linkItemBackgroundColor,
      version: page.version,
      changedAt: timestampFromDate(at),
    },
    occurredAt: at,
  });
}

/**
 * `LinkClicked` on `link.page.v1`, keyed by the owner like the page's changes: which link of whose page and when,
 * nothing about the visitor. The repository writes it with the click itself (outbox row or the click document).
 */
export function linkClicked(click: { ownerId: string; linkId: string }, at: Date): BusMessage {
  return eventMessage('link', {
    topic: Topics.linkPage,
    aggregateId: click.ownerId,
    payloadSchema: LinkClickedSchema,
    payload: { linkId: click.linkId, ownerId: click.ownerId, clickedAt: timestampFromDate(at) },
    occurredAt: at,
  });
}
