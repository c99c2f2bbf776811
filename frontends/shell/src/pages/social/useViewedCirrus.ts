import { useQuery } from '@tanstack/react-query';
import { api } from '@vellum/ui/core';
import type { ViewedCirrus } from '../CirrusPage';

/** The key of `GET /api/cirrus/{username}`'s answer, shared with the editor's lists (the same answer). */
export const viewedCirrusKey = (username: string) => ['cirrus', username] as const;

/**
 * The cirrus a page is about, shared (cached) between the profile, followers, following and edit pages; `enabled`
 * false asks nothing (the edit page of someone else's profile).
 */
export function useViewedCirrus(username: string, enabled = true) {
  return useQuery({
    queryKey: viewedCirrusKey(username),
    enabled,
    queryFn: () => api.get<{ viewedCirrus: ViewedCirrus }>(`/api/cirrus/${encodeURIComponent(username)}`),
    retry: false,
    select: (answer) => answer.viewedCirrus,
  });
}

export function cirrusName(cirrus: ViewedCirrus): string {
  return cirrus.displayName || cirrus.display_name || cirrus.username;
}
