import { useQuery } from '@tanstack/react-query';
import { api } from '@vellum/ui/core';
import type { ViewedCirrus } from '../CirrusPage';

/** The cirrus a page is about, shared (cached) between the profile, followers and following pages. */
export function useViewedCirrus(username: string) {
  return useQuery({
    queryKey: ['cirrus', username],
    queryFn: () => api.get<{ viewedCirrus: ViewedCirrus }>(`/api/cirrus/${encodeURIComponent(username)}`),
    retry: false,
    select: (answer) => answer.viewedCirrus,
  });
}

export function cirrusName(cirrus: ViewedCirrus): string {
  return cirrus.displayName || cirrus.display_name || cirrus.username;
}
