import { api, type RequestOptions } from '@vellum/ui';
import type {
  DiscoverResponse,
  ScoreLevel,
  ScoreResponse,
  VellumListResponse,
  VellumPageResponse,
  VellumSearchResponse,
  VellumView,
  VersionResponse,
  VersionsResponse,
} from '@vellum/proto/api';
import type { ConversationVellumResponse, SavedVellumResponse, ViewedCirrus } from './types';

const seg = encodeURIComponent;

/** The body of a create or save: `text` is the TipTap document as a JSON string (spec section 3). */
export interface VellumBody {
  title: string;
  text: string;
}

/** A save: with `baseRevision` (the revision the edits started from) a vellum saved since answers 409. */
export interface VellumSaveBody extends VellumBody {
  baseRevision?: number;
}

/** Every vellum call of spec section 7, with its exact path. */
export const vellumApi = {
  page: (id: string) => api.get<VellumPageResponse>(`/api/vellum/${seg(id)}`),
  create: (body: VellumBody) => api.post<SavedVellumResponse>('/api/vellum-new', body),
  save: (id: string, body: VellumSaveBody, options?: RequestOptions) =>
    api.post<{ savedVellum: VellumView }>(`/api/vellum/${seg(id)}`, body, options),
  remove: (id: string) => api.delete<unknown>(`/api/vellum/${seg(id)}`),
  publish: (id: string) => api.put<unknown>(`/api/vellum/publish/${seg(id)}`),
  makePrivate: (id: string) => api.put<unknown>(`/api/vellum/private/${seg(id)}`),
  score: (id: string) => api.get<ScoreResponse>(`/api/vellum/${seg(id)}/score`),
  rate: (id: string, level: ScoreLevel) => api.put<unknown>(`/api/vellum/${seg(id)}/score/${level}`),
  /** The owner's full list, or the public ones for anyone else. */
  list: (username: string) => api.get<VellumListResponse>(`/api/cirrus/${seg(username)}/vellums`),
  /**
   * A page of a text search (lower-cased), best match first: in `username`'s vellums as the caller may see them, or
   * with `username` null in every public vellum (Discover).
   */
  search: (username: string | null, text: string, cursor?: string | null) =>
    api.get<VellumSearchResponse>(
      `${username === null ? '/api/vellums' : `/api/cirrus/${seg(username)}/vellums`}?search=${seg(text.toLowerCase())}${cursor ? `&cursor=${seg(cursor)}` : ''}`,
    ),
  discover: (cursor?: string | null) =>
    api.get<DiscoverResponse>(`/api/vellums${cursor ? `?cursor=${seg(cursor)}` : ''}`),
  cirrus: (username: string) => api.get<{ viewedCirrus: ViewedCirrus }>(`/api/cirrus/${seg(username)}`),
  conversationVellum: (conversation: string, username: string) =>
    api.get<ConversationVellumResponse>(`/messenger/${seg(conversation)}/vellum/${seg(username)}`),
  saveConversationVellum: (id: string, body: VellumBody) =>
    api.post<unknown>(`/messenger/vellum/${seg(id)}`, body),
  /** The owner's history of a vellum (issue 28): a page of versions, one with its text, restoring one. */
  versions: (id: string, cursor?: string | null) =>
    api.get<VersionsResponse>(`/api/vellum/${seg(id)}/versions${cursor ? `?cursor=${seg(cursor)}` : ''}`),
  version: (id: string, versionId: string) =>
    api.get<VersionResponse>(`/api/vellum/${seg(id)}/versions/${seg(versionId)}`),
  restoreVersion: (id: string, versionId: string) =>
    api.post<SavedVellumResponse>(`/api/vellum/${seg(id)}/versions/${seg(versionId)}/restore`),
};

/** Query keys; ['cirrus', username] holds the same answer as the shell's profile pages, so they share the cache. */
export const queryKeys = {
  vellum: (id: string) => ['vellum', id] as const,
  score: (id: string) => ['vellum-score', id] as const,
  lists: () => ['vellums'] as const,
  list: (username: string) => ['vellums', 'cirrus', username] as const,
  /** A text search in `username`'s vellums, or (null) in every public one. */
  search: (username: string | null, text: string) =>
    username === null
      ? (['vellums', 'discover', 'search', text] as const)
      : (['vellums', 'cirrus', username, 'search', text] as const),
  discover: () => ['vellums', 'discover'] as const,
  cirrus: (username: string) => ['cirrus', username] as const,
  versions: (id: string) => ['vellum-versions', id] as const,
  version: (id: string, versionId: string) => ['vellum-versions', id, versionId] as const,
  conversation: (conversation: string, username: string) =>
    ['conversation-vellum', conversation, username] as const,
};
