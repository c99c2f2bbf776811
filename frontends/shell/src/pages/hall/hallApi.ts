import { api } from '@vellum/ui/core';
import type { ActionsResponse, ConversationsPage, VellumListResponse } from '@vellum/proto/api';

// The Hall's calls, one per section (services' READMEs): the owner's vellums, their open actions, their
// conversations (the messaging service) and the newest public vellums of the cirri they follow.

/** How many rows each section shows; the full pages have the rest. */
export const HALL_SECTION_SIZE = 5;

const cirrus = (username: string, tail: string) => `/api/cirrus/${encodeURIComponent(username)}/${tail}`;

export const hallApi = {
  myVellums: (username: string) => api.get<VellumListResponse>(cirrus(username, 'vellums')),
  actions: (username: string) => api.get<ActionsResponse>(cirrus(username, 'actions')),
  conversations: () => api.get<ConversationsPage>('/api/messenger/conversations'),
  followedVellums: () => api.get<VellumListResponse>(`/api/vellums/following?limit=${HALL_SECTION_SIZE}`),
};

/**
 * Query keys, under the prefixes the full pages invalidate after a change (the editor's ['vellums'], the actions
 * page's ['actions', username]), so a vellum saved or an action completed there is fresh here too. The data is not
 * shared with those pages: they keep other shapes under their own keys.
 */
export const hallKeys = {
  myVellums: (username: string) => ['vellums', 'hall', username] as const,
  actions: (username: string) => ['actions', username, 'hall'] as const,
  conversations: (username: string) => ['hall', 'conversations', username] as const,
  followedVellums: (username: string) => ['vellums', 'following', username] as const,
};
