import { eventEmitter } from '@vellum/platform';
import {
  LinkPageChange,
  timestampFromDate,
  Topics,
  type LinkClickedSchema,
  type LinkPageChangedSchema,
  type MessageInitShape,
} from '@vellum/proto';
import type { PageChange } from '../domain/page';
import type { StoredPage } from '../store/link-repository';

/**
 * Link's events on `link.page.v1`, emitted into the use case's unit of work, whose write carries them (an outbox row
 * in its transaction on Postgres, fields of the one document it inserts on MongoDB): `emit(unit, ownerId, Schema,
 * payload, at)`, keyed by the owner so one page's events stay in order.
 */
export const emit = eventEmitter({ producer: 'link', topic: Topics.linkPage });

const changes: Record<PageChange['kind'], LinkPageChange> = {
  added: LinkPageChange.LINK_ADDED,
  edited: LinkPageChange.LINK_EDITED,
  deleted: LinkPageChange.LINK_DELETED,
  reordered: LinkPageChange.LINKS_REORDERED,
  colours: LinkPageChange.COLOURS_CHANGED,
};

/** `LinkPageChanged`: the whole page after the change. */
export function pageChanged(
  page: StoredPage,
  change: PageChange,
  at: Date,
): MessageInitShape<typeof LinkPageChangedSchema> {
  return {
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
  };
}

/** `LinkClicked`: which link of whose page and when, nothing about the visitor. */
export function linkClicked(
  click: { ownerId: string; linkId: string },
  at: Date,
): MessageInitShape<typeof LinkClickedSchema> {
  return { linkId: click.linkId, ownerId: click.ownerId, clickedAt: timestampFromDate(at) };
}
