import { api } from '@vellum/ui/core';
import type {
  AdminAnswer,
  AdminColumn,
  AdminList,
  AdminListAnswer,
  AdminSeriesAnswer,
} from '@vellum/proto/api';

// The analytics service's calls (services/analytics/README.md) and their query keys.

export interface ListState {
  list: AdminList;
  sort: AdminColumn;
  dir: 'asc' | 'desc';
  filter: string;
  cursor?: string;
}

export const ADMIN_TABLE_SIZE = 25;

const listPath = (s: ListState) => {
  const query = new URLSearchParams({
    list: s.list,
    sort: s.sort,
    dir: s.dir,
    limit: String(ADMIN_TABLE_SIZE),
    ...(s.filter && { filter: s.filter }),
    ...(s.cursor && { cursor: s.cursor }),
  });
  return `/api/admin/cirri?${query.toString()}`;
};

export const adminApi = {
  summary: () => api.get<AdminAnswer>('/api/admin?limit=1'),
  list: (s: ListState) => api.get<AdminListAnswer>(listPath(s)),
  series: (days: number) => api.get<AdminSeriesAnswer>(`/api/admin/series?days=${days}`),
};

export const adminKeys = {
  summary: ['admin', 'summary'] as const,
  list: (s: ListState) => ['admin', 'list', s] as const,
  series: (days: number) => ['admin', 'series', days] as const,
};
