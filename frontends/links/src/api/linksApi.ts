import { api } from '@vellum/ui';
// Types only: a visitor's page loads none of the schemas (zod) of @vellum/proto/api.
import type { LinkChanged, LinkClicksView, LinkColorCall, LinkPageView, LinkView } from '@vellum/proto/api';

const seg = encodeURIComponent;

/** The label and URL of a new or edited link, with the payload names of spec section 7. */
export interface LinkBody {
  linkLabel: string;
  linkURL: string;
}

/** Every link call of spec section 7 (services/link), with its exact path and payload names. */
export const linksApi = {
  page: (username: string) => api.get<LinkPageView>(`/api/link/${seg(username)}`),
  /** The owner's clicks per link per day over the last 30 days. */
  clicks: (username: string) => api.get<LinkClicksView>(`/api/link/${seg(username)}/clicks`),
  add: (username: string, body: LinkBody) => api.post<LinkChanged>(`/api/link/${seg(username)}`, body),
  edit: (id: string, body: LinkBody) => api.put<LinkChanged>(`/api/link/${seg(id)}`, body),
  remove: (id: string) => api.delete<LinkChanged>(`/api/link/${seg(id)}`),
  reorder: (linksToReorder: Array<{ linkID: string; position: number }>) =>
    api.put<{ links: LinkView[] }>('/api/link/position', { linksToReorder }),
  /**
   * Saves one colour with its call and payload name (`linkColorCalls` of @vellum/proto/api:
   * `set-background-color` sends `backgroundColor`…); the service echoes the value it stored.
   */
  setColour: async (call: LinkColorCall, field: string, value: string): Promise<string> => {
    const answer = await api.post<Record<string, string>>(`/api/link/${call}`, { [field]: value });
    return answer[field] ?? value;
  },
  /**
   * Where a visitor's click goes: the service counts it and answers 302 to the link's stored URL (never a URL of
   * the request), so the page never puts a stored URL in an href.
   */
  go: (id: string) => `/api/link/go/${seg(id)}`,
};

/** The query keys: the page (links and colours) and its owner's clicks. */
export const linkKeys = {
  page: (username: string) => ['link-page', username.toLowerCase()] as const,
  clicks: (username: string) => ['link-clicks', username.toLowerCase()] as const,
};
