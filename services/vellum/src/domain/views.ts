import type {
  CreatorView,
  VellumListItem,
  VellumSearchHit,
  TextSnippet,
  VellumView,
  VersionListItem,
  VersionView,
} from '@vellum/proto';
import type { VellumRecord, VellumSummary } from '../store/vellum-store';
import type { VersionRecord, VersionSummary } from '../store/version-store';

/** The author as lists show it (spec section 3); the display name falls back to the username. */
function authorView(v: VellumSummary) {
  return {
    i: v.ownerId,
    username: v.author.username,
    display_name: v.author.displayName || v.author.username,
  };
}

/** A row of a list: everything but the body. */
export function listItemView(v: VellumSummary): VellumListItem {
  return {
    i: v.id,
    title: v.title,
    last_edited: v.lastEdited.toISOString(),
    is_new: v.isNew,
    is_public: v.isPublic,
    cirrus_i: v.ownerId,
    owned_by_cirrus: authorView(v),
  };
}

/** A row of a text search's results: a list row and where the words were found. */
export function searchHitView(
  v: VellumSummary & { snippet: TextSnippet; titleMarks: TextSnippet['marks'] },
): VellumSearchHit {
  return { ...listItemView(v), snippet: v.snippet, titleMarks: v.titleMarks };
}

/** The whole vellum; `text` is the document's JSON text. */
export function vellumView(v: VellumRecord): VellumView {
  return { ...listItemView(v), text: v.body, created_at: v.createdAt.toISOString(), revision: v.revision };
}

export function creatorView(c: {
  id: string;
  username: string;
  displayName: string;
  publicVellums: number;
  lastEdited: Date;
}): CreatorView {
  return {
    i: c.id,
    username: c.username,
    display_name: c.displayName || c.username,
    publicVellums: c.publicVellums,
    lastEdited: c.lastEdited.toISOString(),
  };
}

/** A row of a vellum's history: no text. */
export function versionListItemView(v: VersionSummary): VersionListItem {
  return { i: v.id, title: v.title, saved_at: v.savedAt.toISOString(), size: v.size };
}

/** A version with its text, and why it cannot be restored (null when it can). */
export function versionView(v: VersionRecord, problem: string | null): VersionView {
  return { ...versionListItemView(v), text: v.body, problem };
}
