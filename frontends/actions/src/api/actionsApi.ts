import { api } from '@vellum/ui';
import type {
  ActionChange,
  ActionPriorityName,
  ActionRequestSent,
  ActionsResponse,
  ActionView,
} from '@vellum/proto/api';

const seg = encodeURIComponent;

/** Every action call of spec section 7, with its exact path and payload names. */
export const actionsApi = {
  list: (username: string) => api.get<ActionsResponse>(`/api/cirrus/${seg(username)}/actions`),
  create: (body: { text: string; priority: ActionPriorityName }) =>
    api.post<{ action: ActionView }>('/api/action', body),
  complete: (id: string) => api.put<ActionChange>(`/api/action/${seg(id)}/complete`),
  abandon: (id: string) => api.put<ActionChange>(`/api/action/${seg(id)}/abandon`),
  request: (body: { forCirrusI: string; text: string; priority: ActionPriorityName }) =>
    api.post<ActionRequestSent>('/api/action/request', body),
};

/** The query keys: the actions page's list, and the top bar's badge (the shell's useChromeCounts reads it). */
export const actionKeys = {
  list: (username: string) => ['actions', username] as const,
  badge: ['actions-snippet'] as const,
};
