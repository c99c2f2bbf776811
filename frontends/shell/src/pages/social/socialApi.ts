import type { FollowStatus, SearchResult } from '@vellum/proto/api';
import { api, type RequestOptions } from '@vellum/ui/core';

export type { FollowStatus, SearchResult };

// The social service's calls (services/social/README.md), as the shell's pages make them.

/** Spec section 3. */
export interface FollowerEntry {
  _doc?: { i?: string; username?: string };
  image?: string | null;
  display_name?: string;
}

/** Spec section 3. */
export interface FollowingEntry {
  i?: string;
  username?: string;
  image?: string | null;
  display_name?: string;
}

const cirrus = (username: string, tail: string) => `/api/cirrus/${encodeURIComponent(username)}/${tail}`;
const page = (cursor: string | undefined) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

export const socialApi = {
  followStatus: (username: string) => api.get<FollowStatus>(cirrus(username, 'follow')),
  follow: (username: string) => api.post<FollowStatus>(cirrus(username, 'follow')),
  unfollow: (username: string) => api.delete<FollowStatus>(cirrus(username, 'follow')),
  followers: (username: string, cursor?: string) =>
    api.get<{ followers: FollowerEntry[]; nextCursor: string | null }>(
      cirrus(username, 'followers') + page(cursor),
    ),
  following: (username: string, cursor?: string) =>
    api.get<{ followings: FollowingEntry[]; nextCursor: string | null }>(
      cirrus(username, 'following') + page(cursor),
    ),
  search: (query: string, options?: RequestOptions) =>
    api.get<{ results: SearchResult[] }>(`/api/search?query=${encodeURIComponent(query)}`, options),
};

/** Query keys, so a follow can refresh what it changed. */
export const socialKeys = {
  status: (username: string) => ['follow-status', username] as const,
  followers: (username: string) => ['followers', username] as const,
  following: (username: string) => ['following', username] as const,
};
