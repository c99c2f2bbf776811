import { useQuery } from '@tanstack/react-query';
import { actionsBadgeVariant, api, useSession } from '@vellum/ui/core';

// The badges' services arrive with later issues; until then (or whenever they fail) the badges read 0.
// Failures are only logged (spec section 8).

async function quietly<T>(what: string, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    console.warn(`Could not load ${what}`, error);
    return null;
  }
}

/** The unread count's query key (with the username); the realtime signal and the messenger refresh it. */
export const UNREAD_MESSAGES_KEY = 'unread-messages';

export function useUnreadMessages(): number {
  const { signedCirrus } = useSession();
  const { data } = useQuery({
    queryKey: [UNREAD_MESSAGES_KEY, signedCirrus?.username],
    enabled: Boolean(signedCirrus),
    queryFn: () =>
      quietly('the unread count', () => api.get<{ unreadMessages: number }>('/api/unread-messages')),
  });
  const count = data?.unreadMessages;
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 0;
}

export function useActionsSnippet(): { total: number; variant: 'danger' | 'info' | 'light' } {
  const { signedCirrus } = useSession();
  const username = signedCirrus?.username;
  const { data } = useQuery({
    queryKey: ['actions-snippet', username],
    enabled: Boolean(username),
    queryFn: () =>
      quietly('the actions snippet', () =>
        api.get<{ highestPriority?: string | null; totalActions?: number }>(
          `/api/cirrus/${encodeURIComponent(username!)}/actions-snippet`,
        ),
      ),
  });
  const total = typeof data?.totalActions === 'number' && data.totalActions > 0 ? data.totalActions : 0;
  return { total, variant: actionsBadgeVariant(total > 0 ? data?.highestPriority : null) };
}
